import Foundation
import Testing

/// Parents and positions that outline never writes, stored with the sqlite3 shell: a text or
/// blob parent, a real position, positions at the ends of SQLite's integers. No command may
/// crash on them: each either works or refuses in one line that names the item and points at
/// `outline check`, leaving the file as it was. From the adversarial trial of issue 30.
@Suite("Parents and positions stored by hand")
struct HandStoredValueTests {
    let outline = OutlineProcess()

    /// a (1) with a1 (3) and a2 (4); b (2) with b1 (5); a document to import beside the file.
    init() throws {
        try outline.run(["add", "a", "b"])
        try outline.run(["add", "a1", "a2", "--under", "1"])
        try outline.run(["add", "b1", "--under", "2"])
        try "- imported\n  - child\n".write(toFile: outline.directory + "/in.md", atomically: true, encoding: .utf8)
    }

    /// The outside edits, by name: each breaks one item's parent or position.
    static let edits: [String: String] = [
        "largest position": "UPDATE item SET position = 9223372036854775807 WHERE id = 4",
        "largest top-level position": "UPDATE item SET position = 9223372036854775807 WHERE id = 2",
        "smallest position":
            "PRAGMA ignore_check_constraints = 1; UPDATE item SET position = -9223372036854775808 WHERE id = 4",
        "real position": "UPDATE item SET position = 2.5 WHERE id = 4",
        "huge real position": "UPDATE item SET position = 1e300 WHERE id = 4",
        "text position": "UPDATE item SET position = 'x' WHERE id = 4",
        "text parent": "UPDATE item SET parent_id = '1x' WHERE id = 5",
        "blob parent": "UPDATE item SET parent_id = x'01' WHERE id = 5",
        "no parent": "PRAGMA ignore_check_constraints = 1; UPDATE item SET parent_id = NULL WHERE id = 4",
    ]

    static let suffix = " (the file was edited outside outline); run 'outline check'\n"

    /// Each crashed before (an integer overflow, or GRDB stopping the process on a value of the
    /// wrong type); now each names the item and what is wrong with it.
    static let refusals: [(edit: String, command: [String], error: String)] = [
        (
            "largest position", ["add", "x", "--under", "1"],
            "item 4 has position 9223372036854775807, too large for more items to go after it"
        ),
        (
            "largest position", ["add", "x", "--under", "a", "--at", "1"],
            "item 4 has position 9223372036854775807, too large for more items to go after it"
        ),
        (
            "largest position", ["add", "x", "--after", "4"],
            "item 4 has position 9223372036854775807, too large for more items to go after it"
        ),
        (
            "largest position", ["cp", "b1", "--under", "a"],
            "item 4 has position 9223372036854775807, too large for more items to go after it"
        ),
        (
            "largest position", ["import", "in.md", "--under", "a"],
            "item 4 has position 9223372036854775807, too large for more items to go after it"
        ),
        (
            "largest top-level position", ["add", "x"],
            "item 2 has position 9223372036854775807, too large for more items to go after it"
        ),
        (
            "largest top-level position", ["import", "in.md"],
            "item 2 has position 9223372036854775807, too large for more items to go after it"
        ),
        ("smallest position", ["add", "x", "--before", "4"], "item 4 has position -9223372036854775808, below 1"),
        ("smallest position", ["add", "x", "--after", "a/a2"], "item 4 has position -9223372036854775808, below 1"),
        ("real position", ["add", "x", "--under", "1"], "item 4 has a position that is not a whole number"),
        ("huge real position", ["add", "x", "--under", "1"], "item 4 has a position that is not a whole number"),
        ("huge real position", ["cp", "b", "--under", "a"], "item 4 has a position that is not a whole number"),
        ("text position", ["add", "x", "--before", "4"], "item 4 has a position that is not a whole number"),
        ("text parent", ["mv", "b1", "--under", "a"], "item 5 has a parent that is not an id"),
        ("text parent", ["mv", "5", "--under", "1"], "item 5 has a parent that is not an id"),
        ("text parent", ["show", "b1"], "item 5 has a parent that is not an id"),
        ("text parent", ["done", "b1"], "item 5 has a parent that is not an id"),
        ("text parent", ["add", "x", "--after", "5"], "item 5 has a parent that is not an id"),
        ("blob parent", ["edit", "b1", "new"], "item 5 has a parent that is not an id"),
        ("blob parent", ["cp", "5", "--under", "1"], "item 5 has a parent that is not an id"),
        // A second trial: these crashed, reading NULL as the root, whose list does not hold it.
        ("no parent", ["mv", "b1", "--after", "4"], "item 4 has no parent, as only the root may"),
        ("no parent", ["mv", "b1", "--before", "a2"], "item 4 has no parent, as only the root may"),
        ("no parent", ["mv", "b1", "--under", "4"], "item 4 has no parent, as only the root may"),
        ("no parent", ["show", "4"], "item 4 has no parent, as only the root may"),
    ]

    @Test(arguments: refusals)
    func aCommandOnTheBrokenItemRefusesInOneLine(edit: String, command: [String], error: String) throws {
        try outline.sqlite(Self.edits[edit]!)
        let before = try outline.sqlite(".dump")
        let result = try outline.run(withDocument(command))
        #expect(result.signal == nil, "\(edit), \(command): \(result.stderr.prefix(300))")
        #expect(result.status == 1, "\(edit), \(command)")
        #expect(result.stderr == "error: " + error + Self.suffix, "\(edit), \(command)")
        #expect(result.stdout == "")
        #expect(try outline.sqlite(".dump") == before, "\(edit), \(command): the file is as it was")
    }

    /// Every changing and reading command, on every edit: no crash, and a refusal is one
    /// `error:` line that changes nothing.
    static let commands: [[String]] = [
        ["add", "x"], ["add", "x", "--under", "a"], ["add", "x", "--under", "b", "--at", "1"],
        ["add", "x", "--before", "a2"],
        ["add", "x", "--after", "b1"], ["mv", "a1", "--under", "b"], ["mv", "3", "--after", "4"],
        ["mv", "b1", "--under", "0"],
        ["cp", "a", "--under", "b"], ["cp", "4", "--before", "3"], ["rm", "4"], ["rm", "b1"], ["sort", "a"],
        ["sort", "0"],
        ["edit", "a2", "new"], ["edit", "1", "--print"], ["done", "a2"], ["reopen", "4"], ["note", "b1", "text"],
        ["note", "4"], ["import", "in.md", "--under", "a"], ["import", "in.md", "--before", "a2"], ["undo"], ["redo"],
        ["ls"], ["ls", "a", "--json"], ["ls", "--tsv"], ["show", "a2", "--json"], ["show", "5"], ["find", "a"],
        ["find", "b1", "--json"], ["export", "--format", "org"], ["export", "a", "--format", "json"], ["history"],
        ["check"], ["--json", "mv", "3", "--under", "2"],
    ]

    @Test(arguments: edits.keys.sorted())
    func noCommandCrashes(edit: String) throws {
        try outline.run(["add", "c"])
        try outline.run(["undo"])
        try outline.sqlite(Self.edits[edit]!)
        try outline.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        let edited = try #require(outline.fileBytes())
        let original = try outline.sqlite(".dump")
        for command in Self.commands {
            // Each command starts from the edited file, whatever the one before it changed.
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: outline.database + suffix) }
            try edited.write(to: URL(fileURLWithPath: outline.database))
            let result = try outline.run(withDocument(command))
            #expect(result.signal == nil, "\(edit), \(command): \(result.stderr.prefix(300))")
            #expect([0, 1].contains(result.status), "\(edit), \(command): \(result)")
            guard result.status == 1, command != ["check"], !result.foundNothing(command) else { continue }
            #expect(result.stderr.hasPrefix("error: "), "\(edit), \(command): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(edit), \(command): \(result.stderr)")
            #expect(try outline.sqlite(".dump") == original, "\(edit), \(command): a refusal changes nothing")
        }
    }

    /// Copies are new lists: they are numbered 1 to n in the order of the originals, whatever the
    /// originals' positions hold (a text position crashed `cp`).
    @Test func copiesOfAListWithBrokenPositionsAreNumberedAfresh() throws {
        try outline.sqlite("UPDATE item SET position = 'x' WHERE id = 4; UPDATE item SET position = 7 WHERE id = 3")
        let copied = try outline.run(["cp", "a", "--under", "b"])
        #expect(copied.status == 0, "\(copied)")
        #expect(copied.stdout == "6\n")
        #expect(try outline.tsv().suffix(2) == ["7\t6\t1\t3\ta1\t0", "8\t6\t2\t3\ta2\t0"])
        #expect(try outline.run(["undo"]).status == 0)
        #expect(try outline.sqlite("SELECT count(*) FROM item") == "6")
    }

    /// Shell completion reads titles with their parents: an item whose parent is text is not
    /// offered (every command refuses it), and the shell gets the others (it got a crash).
    @Test func completionPassesOverAnItemWithATextParent() throws {
        try outline.sqlite(Self.edits["text parent"]!)
        let result = try outline.run(
            [
                "---completion", "show", "--", "positional@0", "3", "3", "outline", "show", "--db", outline.database,
                "b",
            ],
            useDatabaseOption: false)
        #expect(result.signal == nil, "\(result.stderr.prefix(300))")
        #expect(result.status == 0)
        #expect(result.lines == ["b"])
    }

    /// `arguments` with the document `in.md` named by its full path: the binary runs elsewhere.
    private func withDocument(_ arguments: [String]) -> [String] {
        arguments.map { $0 == "in.md" ? outline.directory + "/in.md" : $0 }
    }
}
