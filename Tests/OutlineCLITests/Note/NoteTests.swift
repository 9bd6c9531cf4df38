import Foundation
import Testing

/// `note`, and what `ls --notes`, `show` and `find` show of an item's note (SPEC: the command
/// and the JSON fields).
@Suite("note, end to end")
struct NoteTests {
    let outline = OutlineProcess()

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
        try outline.makeGroceries()
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
        try outline.makeGroceries()
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
}
