import OutlineKit

/// How conflicts are written: `outline conflicts`' lines and JSON, and the lines a sync round
/// adds for the conflicts it brought.
enum ConflictOutput {
    /// `N  path  what  kept  set aside`, one a line; with `json`, the array SPEC gives.
    static func printList(_ conflicts: [OpenConflict], json: Bool) {
        if json {
            var writer = JSONWriter()
            writer.writeObjects(conflicts) { json, conflict in
                json.field("n", conflict.number)
                json.field("id", conflict.id)
                json.field("path", conflict.path.description)
                json.field("what", conflict.what)
                json.field("kept", conflict.kept)
                json.field("set_aside", conflict.setAside)
            }
            StandardOutput.shared.write(bytes: writer.bytes)
            StandardOutput.shared.write("\n")
            return
        }
        for conflict in conflicts {
            StandardOutput.shared.writeLine(
                "\(conflict.number)  \(shown(conflict.path.description))  \(conflict.what)  "
                    + "\(value(conflict.kept, of: conflict.what, kept: true, beside: conflict.setAside))  "
                    + value(conflict.setAside, of: conflict.what, kept: false, beside: conflict.kept))
        }
    }

    /// The line a round writes for a conflict it brought: `conflict 1: the title of /Plan: kept
    /// "Plan (B)", set aside "Plan (A)" (outline conflicts take 1 puts it back)`.
    static func roundLine(_ conflict: OpenConflict) -> String {
        let path = shown(conflict.path.description)
        let about =
            conflict.what == "removed"
            ? "\(path) was removed on one machine and changed on another: removed, set aside "
                + value(conflict.setAside, of: conflict.what, kept: false) + " with its changes"
            : "the \(named(conflict.what)) of \(path): kept "
                + "\(value(conflict.kept, of: conflict.what, kept: true, beside: conflict.setAside)), "
                + "set aside \(value(conflict.setAside, of: conflict.what, kept: false, beside: conflict.kept))"
        return "conflict \(conflict.number): \(about) ('outline conflicts take \(conflict.number)' puts it back)"
    }

    /// The value a conflict is about, in words: `scheduled` and `due` are dates.
    private static func named(_ what: String) -> String {
        ["scheduled", "due"].contains(what) ? what + " date" : what
    }

    /// A value as a line shows it: text in quotes (a note's first line, marked when it goes on),
    /// words such as `removed` and keywords as they are, `none` for no value. An item removed
    /// elsewhere that is back here shows its title as kept.
    ///
    /// Of two texts of several lines that begin alike (`other` is the conflict's other value),
    /// the first line where they part is shown, marked as coming after others: two notes that
    /// differ in their third line read `..."line 3"...`, not as the same first line twice.
    private static func value(_ text: String?, of what: String, kept: Bool, beside other: String? = nil) -> String {
        guard let text else { return "none" }
        let quoted =
            ["title", "note"].contains(what) || what.hasPrefix("property ")
            || (what == "removed" && (!kept || text != "removed"))
        guard quoted else { return shown(text) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let otherLines = other?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        var shownLine = 0
        if what == "note" {
            while shownLine < lines.count - 1, shownLine < otherLines.count, lines[shownLine] == otherLines[shownLine] {
                shownLine += 1
            }
        }
        return (shownLine > 0 ? "..." : "") + "\"" + shown(String(lines[shownLine])) + "\""
            + (lines.count > shownLine + 1 ? "..." : "")
    }

    private static func shown(_ text: String) -> String { TitleSanitizer.forTerminal(text) }
}
