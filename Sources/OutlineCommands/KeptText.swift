import Foundation

/// The files `outline edit` keeps a text in when it cannot apply it, or when the editor failed:
/// `outline-edit-XXXXXX.txt` in the temporary folder, made by `TextEditor.temporaryFile`, whose
/// path the error gives for `edit REF --apply FILE`.
///
/// Once such a file has applied, its text is in the outline (and `undo` takes it back), and the
/// file is only clutter in the temporary folder: it is removed. Any other file given to
/// `--apply` is the user's own and is never touched, so a kept text is known by everything
/// `temporaryFile` gives it: its name, its folder, and its owner.
enum KeptText {
    /// What a kept text's name starts with.
    static let prefix = "outline-edit-"
    /// What a kept text's name ends with: editors choose a plain text mode for it.
    static let suffix = ".txt"
    /// How many characters `mkstemps` puts between the two, from `[A-Za-z0-9]`.
    static let uniqueLength = 6

    /// The folder kept texts are made in: `$TMPDIR`, else `/tmp`.
    static func folder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// The `mkstemps` template of a new kept text in `folder`.
    static func template(in folder: String) -> String {
        folder + "/" + prefix + String(repeating: "X", count: uniqueLength) + suffix
    }

    /// Whether `path` is a kept text: named as one, a regular file (not a link to one) that this
    /// user owns, in the temporary folder (`$TMPDIR` now, or `/tmp`, where it may have been made
    /// under another `$TMPDIR`).
    static func isKept(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let name = (path as NSString).lastPathComponent
        guard name.hasPrefix(prefix), name.hasSuffix(suffix),
            name.utf8.count == prefix.utf8.count + uniqueLength + suffix.utf8.count,
            name.dropFirst(prefix.count).dropLast(suffix.count).allSatisfy({
                $0.isASCII && ($0.isLetter || $0.isNumber)
            })
        else { return false }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
            return false
        }
        let directory = (path as NSString).deletingLastPathComponent
        guard let folder = realPath(directory.isEmpty ? "." : directory) else { return false }
        return [Self.folder(environment), "/tmp"].compactMap(realPath).contains(folder)
    }

    /// Removes `path` if it is a kept text; leaves anything else. A kept text that cannot be
    /// removed stays: the text applied, and that is what the command reports.
    static func removeIfKept(_ path: String) {
        if isKept(path) { unlink(path) }
    }

    /// `path` with every link and `.` or `..` resolved, or nil where it cannot be.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
