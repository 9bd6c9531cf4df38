import Foundation

extension GitRemote {
    /// Points the HEAD of a remote that is a bare repository on this machine at the log's
    /// branch, when it names a branch that does not exist.
    ///
    /// `git init --bare` names `master` (or whatever `init.defaultBranch` says) before anything
    /// is pushed; the log goes to `main`, so a `git clone` of the remote would warn that HEAD
    /// names nothing and check out nothing. Over a network git has no way to set another
    /// repository's HEAD; a path does. A HEAD that names a branch someone made is left alone.
    func pointHeadAtLogIfUnborn() {
        var isDirectory: ObjCBool = false
        // A path, or a file:// URL of one (without percent-escapes, which a path rarely needs).
        let path = remote.hasPrefix("file://") ? String(remote.dropFirst("file://".count)) : remote
        guard path.hasPrefix("/"), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            isDirectory.boolValue,
            let head = try? String(contentsOfFile: path + "/HEAD", encoding: .utf8),
            head.hasPrefix("ref: refs/heads/")
        else { return }
        let named = head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        guard named != "refs/heads/" + branch, !Self.holds(repository: path, ref: named) else { return }
        _ = try? Self.git(["--git-dir=" + path, "symbolic-ref", "HEAD", "refs/heads/" + branch])
    }

    /// Whether a repository holds `ref`, loose or packed, read from its files.
    private static func holds(repository: String, ref: String) -> Bool {
        if FileManager.default.fileExists(atPath: repository + "/" + ref) { return true }
        guard let packed = try? String(contentsOfFile: repository + "/packed-refs", encoding: .utf8) else {
            return false
        }
        return packed.split(separator: "\n").contains { $0.hasSuffix(" " + ref) }
    }
}
