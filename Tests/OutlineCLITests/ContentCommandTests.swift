import Foundation
import Testing

/// `done`, `reopen`, `note`, `cp` and `sort`, and what `ls`, `show` and `find` show of an item's
/// state and note, end to end (SPEC: the commands, `ls --open --notes`, the sixth TSV column and
/// the JSON fields).
@Suite("Done, notes, copy and sort, end to end")
struct ContentCommandTests {
    let outline = OutlineProcess()

    /// 1 Groceries (3 Milk (6 Oat milk), 4 Eggs, 5 Bread), 2 Work
    private func makeOutline() throws {
        try outline.run(["add", "Groceries", "Work"])
        try outline.run(["add", "Milk", "Eggs", "Bread", "--under", "Groceries"])
        try outline.run(["add", "Oat milk", "--under", "Groceries/Milk"])
    }

    private func historyNames() throws -> [String] {
        try outline.run(["history"]).lines.map { $0.split(separator: "  ").dropFirst(2).joined(separator: "  ") }
    }

    @Test func doneAndReopenMarkItemsAndEveryOutputShowsIt() throws {
        try makeOutline()
        #expect(
            try outline.run(["done", "Milk", "Groceries/Eggs", "Work"]).stdout == "marked \"Milk\" and 2 others done\n"
        )
        #expect(try outline.run(["ls", "Groceries"]).stdout == "3  ✓ Milk\n6  └─ Oat milk\n4  ✓ Eggs\n5  Bread\n")
        #expect(
            try outline.run(["ls"]).stdout
                == "1  Groceries\n3  ├─ ✓ Milk\n6  │  └─ Oat milk\n4  ├─ ✓ Eggs\n5  └─ Bread\n2  ✓ Work\n")
        #expect(
            try outline.tsv() == [
                "1\t0\t1\t1\tGroceries\t0", "3\t1\t1\t2\tMilk\t1", "6\t3\t1\t3\tOat milk\t0", "4\t1\t2\t2\tEggs\t1",
                "5\t1\t3\t2\tBread\t0", "2\t0\t2\t1\tWork\t1",
            ])
        let json = try outline.run(["ls", "Groceries/Milk", "--json"]).stdout
        #expect(json == #"[{"id":6,"title":"Oat milk","position":1,"done":false,"note":null,"children":[]}]"# + "\n")
        let shown = try outline.run(["show", "Milk", "--json"]).stdout
        let doneAt = try #require(
            shown.range(of: #""done_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ""#, options: .regularExpression))
        #expect(shown.contains(#""done":true"#) && !doneAt.isEmpty)
        #expect(try outline.run(["show", "Bread"]).stdout.contains("state:       open\n"))
        #expect(try outline.run(["show", "Milk"]).stdout.contains("state:       done (20"))

        // Done again changes nothing, keeps the time, and records no step.
        let steps = try historyNames().count
        let again = try outline.run(["done", "Milk", "Eggs"])
        #expect(again.status == 0 && again.stdout == "nothing changed: \"Milk\" and \"Eggs\" are already done\n")
        #expect(try outline.run(["show", "Milk", "--json"]).stdout == shown)
        #expect(try historyNames().count == steps)

        // Only the items named change state: a descendant keeps its own.
        #expect(try outline.run(["reopen", "Milk", "Bread"]).stdout == "reopened \"Milk\"\n")
        #expect(
            try outline.run(["ls", "--tsv", "Groceries"]).lines.map { $0.split(separator: "\t")[5] } == [
                "0", "0", "1", "0",
            ])
        #expect(try historyNames().prefix(2) == [#"reopen "Milk""#, #"done "Milk" and 2 others"#])
        #expect(try outline.run(["undo"]).stdout == "undone: reopen \"Milk\"\n")
        #expect(try outline.run(["show", "Milk", "--json"]).stdout == shown, "undo brings back the same time")
    }

    @Test func openLeavesOutDoneSubtreesAndKeepsPositions() throws {
        try makeOutline()
        try outline.run(["done", "Groceries/Milk"])
        #expect(try outline.run(["ls", "--open"]).stdout == "1  Groceries\n4  ├─ Eggs\n5  └─ Bread\n2  Work\n")
        #expect(
            try outline.run(["ls", "--open", "--tsv"]).lines == [
                "1\t0\t1\t1\tGroceries\t0", "4\t1\t2\t2\tEggs\t0", "5\t1\t3\t2\tBread\t0", "2\t0\t2\t1\tWork\t0",
            ])
        #expect(try outline.run(["find", "milk"]).lines == ["3  /Groceries/Milk", "6  /Groceries/Milk/Oat milk"])
        #expect(try outline.run(["find", "milk", "--open"]).stdout == "")
        #expect(try outline.run(["find", "milk", "--tsv"]).lines.first == "3\t1\t1\t2\tMilk\t1\t/Groceries/Milk")
        try outline.run(["add", "Milkshake", "--under", "Work"])
        #expect(try outline.run(["find", "milk", "--open"]).stdout == "7  /Work/Milkshake\n")
    }

    /// `--open` lists REF's open descendants whatever REF's own state, in ls and find alike, and
    /// what `--depth` says it hides counts open items only.
    @Test func openJudgesTheItemsBelowTheReferenceAndCountsWhatItHides() throws {
        try outline.run(["add", "P"])
        try outline.run(["add", "a", "b", "c", "--under", "P"])
        try outline.run(["add", "a1", "a2", "--under", "P/a"])
        try outline.run(["done", "P/b", "P/a/a1"])
        #expect(try outline.run(["ls", "--depth", "1", "--open"]).stdout == "1  P (+3)\n")
        #expect(try outline.run(["ls", "--depth", "1", "--open", "--json"]).stdout.contains(#""hidden":3"#))
        #expect(try outline.run(["ls", "--depth", "1"]).stdout == "1  P (+5)\n")
        try outline.run(["done", "P", "P/a"])
        #expect(try outline.run(["ls", "P/a", "--open"]).stdout == "6  a2\n")
        #expect(try outline.run(["find", "a2", "--under", "P/a", "--open"]).stdout == "6  /P/a/a2\n")
        #expect(try outline.run(["find", "a2", "--under", "P", "--open"]).stdout == "")
        #expect(try outline.run(["find", "a2", "--open"]).stdout == "")
    }

    /// Into a pipe a note is printed as stored (bidi marks included), so that it can be copied.
    @Test func aNoteCopiesThroughAPipeAndADashNoteGetsAHint() throws {
        try outline.run(["add", "A", "B"])
        let hebrew = "שלום \u{200F}mark and \u{202E}override\nsecond line"
        try outline.run(["note", "A", hebrew])
        #expect(try outline.run(["note", "A"]).stdout == hebrew + "\n")
        try outline.run(["note", "B", "-"], input: try outline.run(["note", "A"]).stdout)
        #expect(try outline.run(["note", "B"]).stdout == hebrew + "\n")
        let dash = try outline.run(["note", "A", "- oat milk"])
        #expect(dash.status == 64 && dash.stderr.contains("; put a note that starts with '-' after --"), "\(dash)")
        #expect(try outline.run(["note", "A", "--", "- oat milk"]).status == 0)
    }

    @Test func notesAreSetPrintedFoundAndRemoved() throws {
        try makeOutline()
        #expect(
            try outline.run(["note", "Eggs", "Free range\n\tsix of them  \n\n"]).stdout == "set the note of \"Eggs\"\n")
        #expect(try outline.run(["note", "Eggs"]).stdout == "Free range\n\tsix of them\n")
        #expect(
            try outline.run(["note", "Eggs", "--json"]).stdout == #"{"id":4,"note":"Free range\n\tsix of them"}"# + "\n"
        )
        #expect(try outline.run(["note", "Bread"]).stdout == "")
        #expect(
            try outline.run(["ls", "--notes"]).stdout
                == "1  Groceries\n3  ├─ Milk\n6  │  └─ Oat milk\n4  ├─ Eggs\n   │     Free range\n   │     \tsix of them\n"
                + "5  └─ Bread\n2  Work\n")
        #expect(
            try outline.run(["ls", "Groceries", "--notes"]).lines[3...4] == ["      Free range", "      \tsix of them"])
        #expect(try outline.run(["find", "RANGE"]).stdout == "4  /Groceries/Eggs\n")
        #expect(
            try outline.run(["find", "eggs", "six"]).stdout == "4  /Groceries/Eggs\n", "a title and a note together")
        #expect(
            try outline.run(["show", "Eggs"]).stdout.hasSuffix("note:        Free range\n             \tsix of them\n"))
        #expect(try outline.run(["ls", "--json", "Groceries"]).stdout.contains(#""note":"Free range\n\tsix of them""#))

        // Standard input, with Windows line ends and a byte order mark.
        let piped = try outline.run(["note", "Bread", "-"], input: "\u{FEFF}Rye\r\nor spelt\r\n")
        #expect(piped.status == 0, "\(piped)")
        #expect(try outline.run(["note", "Bread"]).stdout == "Rye\nor spelt\n")
        #expect(try outline.run(["note", "Bread", "  "]).stdout == "removed the note of \"Bread\"\n")
        #expect(try outline.run(["note", "Bread", ""]).stdout == "nothing changed: \"Bread\" has no note\n")
        #expect(try outline.run(["find", "spelt"]).stdout == "")
        #expect(try outline.run(["undo"]).stdout == "undone: note \"Bread\" removed\n")
        #expect(try outline.run(["find", "spelt"]).stdout == "5  /Groceries/Bread\n")
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func badNotesAreRefusedWithOneLineAndChangeNothing() throws {
        try makeOutline()
        let before = try outline.sqlite(".dump")
        let cases: [(arguments: [String], input: Data?, message: String)] = [
            (
                ["note", "Eggs", "one\ntwo\u{1B}[2J"], nil,
                "error: the note holds the control character U+001B on line 2; a note is lines of text\n"
            ),
            (
                ["note", "Eggs", "lone\rreturn"], nil,
                "error: the note holds the control character U+000D on line 1; a note is lines of text\n"
            ),
            (
                ["note", "Eggs", "-"], Data(repeating: 0x78, count: 1024 * 1024 + 1) + Data("\n\n".utf8),
                "error: a note of 1048577 bytes is longer than the limit of 1048576 bytes\n"
            ),
            (
                ["note", "Eggs", "-"], Data(repeating: 0x61, count: 3 * 1024 * 1024),
                "error: the note on standard input is longer than the limit of 1048576 bytes\n"
            ),
            (
                ["note", "Eggs", "-"], Data([0x61, 0xFF, 0x62]),
                "error: the note on standard input is not valid UTF-8\n"
            ),
            (["note", "0", "x"], nil, "error: the root (0) cannot be given a note; name an item by its path or id\n"),
            (["note", "Nothing", "x"], nil, "error: no item titled \"Nothing\"\n"),
        ]
        for (arguments, input, message) in cases {
            let result = try OutlineProcess.run(["--db", outline.database] + arguments, input: input)
            #expect(
                result.status == 1 && result.stderr == message, "\(arguments.map { $0.prefix(40) }): \(result.stderr)")
        }
        #expect(try outline.sqlite(".dump") == before)
    }

    @Test func copiesAreNewItemsWithTheirSubtreesStatesAndNotes() throws {
        try makeOutline()
        try outline.run(["done", "Oat milk"])
        try outline.run(["note", "Milk", "two litres"])
        #expect(try outline.run(["cp", "Groceries", "--after", "Groceries"]).stdout == "7\n")
        #expect(
            try outline.run(["ls", "--tsv", "7"]).lines == [
                "8\t7\t1\t1\tMilk\t0", "9\t8\t1\t2\tOat milk\t1", "10\t7\t2\t1\tEggs\t0", "11\t7\t3\t1\tBread\t0",
            ])
        #expect(try outline.run(["note", "8"]).stdout == "two litres\n")
        #expect(try historyNames().first == #"cp "Groceries" and 4 descendants after "Groceries""#)

        // Into its own subtree: copied as it was before the copy, once.
        #expect(try outline.run(["cp", "1", "--under", "3"]).stdout == "12\n")
        #expect(try outline.run(["ls", "--tsv", "12"]).lines.count == 4)
        #expect(try outline.run(["show", "1", "--json"]).stdout.contains(#""descendants":9"#))

        // Several at once, as consecutive siblings, with a change report of inserts.
        let report = try outline.run(["cp", "Work", "10", "--under", "0", "--at", "1", "--json"]).stdout
        #expect(
            report.contains(
                #""changes":[{"parent":0,"type":"insert","id":17,"from":null,"to":1},"#
                    + #"{"parent":0,"type":"insert","id":18,"from":null,"to":2}],"ids":[17,18]"#), "\(report)")

        // Undo removes exactly the copies; their ids are never given out again.
        #expect(try outline.run(["undo"]).stdout == "undone: cp \"Work\" and \"Eggs\" to the top level at 1\n")
        #expect(try outline.run(["add", "New"]).stdout == "19\n")
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func copyRefusals() throws {
        try makeOutline()
        let before = try outline.sqlite(".dump")
        let cases: [([String], Int32, String)] = [
            (["cp", "Milk"], 64, "error: say where to copy the items: --under REF, --before REF or --after REF"),
            (["cp", "0", "--under", "Work"], 1, "error: the root (0) cannot be copied"),
            (["cp", "Milk", "3", "--under", "Work"], 1, "error: item 3 is named more than once"),
            (["cp", "Milk", "--under", "Work", "--at", "3"], 1, "error: position 3 is out of range"),
            (["cp", "99", "--under", "Work"], 1, "error: no item with id 99"),
        ]
        for (arguments, status, message) in cases {
            let result = try outline.run(arguments)
            #expect(result.status == status && result.stderr.hasPrefix(message), "\(arguments): \(result)")
        }
        #expect(try outline.sqlite(".dump") == before)
    }

    /// The nesting limit holds for copies as for moves: a chain copied under its own end would
    /// nest twice as deep.
    @Test func copyIsBoundedByTheNestingLimit() throws {
        var parent = "0"
        for level in 1...300 {
            parent = try outline.run(["add", "L\(level)", "--under", parent]).stdout.trimmingCharacters(in: .newlines)
        }
        let result = try outline.run(["cp", "1", "--under", parent])
        #expect(result.status == 1)
        #expect(result.stderr == "error: that would nest items more than 500 levels deep, the most an outline may\n")
        #expect(try outline.run(["cp", "1", "--under", "0"]).status == 0)
    }

    @Test func sortOrdersOneListStablyAndRecordsTheFewestMoves() throws {
        try outline.run(["add", "Names"])
        try outline.run(["add", "Юлия", "Bob", "zed", "张三", "Adam", "ÅSA", "adam", "Bob", "--under", "Names"])
        #expect(try outline.run(["sort", "Names"]).stdout == "sorted \"Names\" by title\n")
        let titles = { try outline.run(["ls", "--tsv", "Names"]).lines.map { String($0.split(separator: "\t")[4]) } }
        let ids = { try outline.run(["ls", "--tsv", "Names"]).lines.map { String($0.split(separator: "\t")[0]) } }
        #expect(try titles() == ["Adam", "adam", "ÅSA", "Bob", "Bob", "Юлия", "zed", "张三"])
        #expect(try ids() == ["6", "8", "7", "3", "9", "2", "4", "5"], "the two Bobs keep their order")
        #expect(
            try outline.run(["ls", "Names", "--sections", "initial", "--tsv"]).lines.map {
                String($0.split(separator: "\t")[5])
            } == titles())

        // Already in order: nothing changes and no step is recorded.
        let steps = try historyNames().count
        #expect(try outline.run(["sort", "Names"]).stdout == "nothing changed: \"Names\" is already sorted by title\n")
        #expect(try historyNames().count == steps)

        // Reversed, equal keys keep their order: the Bobs stay as they were.
        try outline.run(["sort", "Names", "--reverse"])
        #expect(try titles() == ["张三", "zed", "Юлия", "Bob", "Bob", "ÅSA", "adam", "Adam"])
        #expect(try ids() == ["5", "4", "2", "3", "9", "7", "8", "6"])

        // By state: open before done, stable; one move is reported as one move.
        try outline.run(["done", "3"])
        let report = try outline.run(["sort", "Names", "--by", "state", "--json"]).stdout
        #expect(
            report == #"{"step":\#(steps + 3),"action":"sort \"Names\" by state","changes":"#
                + #"[{"parent":1,"type":"move","id":3,"from":4,"to":8}]}"# + "\n")
        #expect(try ids() == ["5", "4", "2", "9", "7", "8", "6", "3"])
        #expect(try outline.run(["undo"]).stdout == "undone: sort \"Names\" by state\n")
        #expect(try ids()[3] == "3")

        // The top level, by its names for the root.
        try outline.run(["add", "Aaa"])
        #expect(try outline.run(["sort", "root"]).stdout == "sorted the top level by title\n")
        #expect(try outline.run(["sort", "0", "--by", "size"]).status == 64)
        #expect(try outline.run(["sort", "Nobody"]).stderr == "error: no item titled \"Nobody\"\n")
    }
}
