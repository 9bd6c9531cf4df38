import Foundation
import Testing

/// Title paths as REFs, in every command that takes one, and their refusals (SPEC, "Items and
/// references").
@Suite("Title paths as references")
struct ReferenceTests {
    let outline = OutlineProcess()

    /// 1 Groceries (2 Milk, 3 Bread), 4 Work (5 Launch, 6 milk), 7 2026, 8 a/b\c, 9 Été (10 Straße)
    private func makeOutline() throws {
        try outline.run(["add", "Groceries"])
        try outline.run(["add", "Milk", "Bread", "--under", "1"])
        try outline.run(["add", "Work"])
        try outline.run(["add", "Launch", "milk", "--under", "4"])
        try outline.run(["add", "2026", #"a/b\c"#, "Été"])
        try outline.run(["add", "Straße", "--under", "9"])
    }

    private func id(of reference: String) throws -> String {
        let shown = try outline.run(["show", reference, "--json"])
        guard shown.status == 0, let range = shown.stdout.range(of: #"(?<="id":)\d+"#, options: .regularExpression)
        else { return "refused: " + shown.stderr }
        return String(shown.stdout[range])
    }

    @Test func eachFormNamesItsItem() throws {
        try makeOutline()
        let expected: [(String, String)] = [
            ("2", "2"), ("Groceries", "1"), ("Groceries/Milk", "2"), ("/Groceries/Milk", "2"), ("Launch", "5"),
            ("Work/Milk", "6"), ("Work/MILK", "6"), ("groceries/bread", "3"), ("/2026", "7"),
            (#"a\/b\\c"#, "8"), (#"/a\/b\c"#, "8"), ("/ÉTÉ/STRASSE", "10"), ("été/straße", "10"),
            ("Straße", "10"), ("Milk", "2"), ("  Groceries / Milk ", "2"),
        ]
        for (reference, id) in expected {
            #expect(try self.id(of: reference) == id, "\(reference)")
        }
    }

    @Test func refusalsNameWhatFailed() throws {
        try makeOutline()
        let cases: [([String], Int32, String)] = [
            (["show", "Milkk"], 1, "error: no item titled \"Milkk\"\n"),
            (["show", "Groceries/Milkk"], 1, "error: no item titled \"Milkk\" under \"Groceries\"\n"),
            (["show", "/Launch"], 1, "error: no top-level item titled \"Launch\"\n"),
            (["show", "2026"], 1, "error: no item with id 2026\n"),
            (
                ["show", "MILK"], 1,
                "error: 'MILK' names 2 items; name one by its id or a longer path\n  2  /Groceries/Milk\n  6  /Work/milk\n"
            ),
            (
                ["show", "a//b"], 64,
                "error: the value 'a//b' is invalid for '<ref>': it has an empty title between slashes (see 'outline show --help')\n"
            ),
            (["show", "0"], 1, "error: the root (0) cannot be shown as an item; name an item by its path or id\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try outline.run(arguments)
            #expect(result.status == status && result.stderr == message, "\(arguments): \(result)")
        }
    }

    @Test func aReferenceNamingManyListsTenAndCountsTheRest() throws {
        try outline.run(["add"] + Array(repeating: "Same", count: 12))
        let result = try outline.run(["rm", "same"])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("error: 'same' names 12 items; name one by its id or a longer path\n   1  /Same\n"))
        #expect(result.stderr.hasSuffix("  10  /Same\n  … and 2 more\n"), "\(result.stderr)")
        #expect(try outline.tsv().count == 12)
    }

    /// The candidates' ids stand right-aligned in one column, so that the paths line up.
    @Test func theCandidatesIdsAreRightAligned() throws {
        try outline.run(["add", "Groceries"])
        try outline.run(["add"] + Array(repeating: "x", count: 7))
        try outline.run(["add", "Milk", "--under", "Groceries"])
        try outline.run(["add"] + Array(repeating: "x", count: 112))
        try outline.run(["add", "Milk", "--under", "Groceries"])
        let result = try outline.run(["rm", "Milk"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: 'Milk' names 2 items; name one by its id or a longer path\n    9  /Groceries/Milk\n  122  /Groceries/Milk\n",
            "\(result)")
        #expect(try outline.tsv().count == 122)
    }

    /// A path names the items whose whole path matches, and an exact title beats a case twin.
    @Test func thePathAsAWholeDecides() throws {
        try outline.run(["add", "A", "A", "a"])
        try outline.run(["add", "B", "--under", "2"])
        #expect(try id(of: "/A/B") == "4")
        #expect(try id(of: "A").hasPrefix("refused: error: 'A' names 2 items"))
        #expect(try id(of: "a") == "3")
    }

    /// Exact or not is judged on the whole path: `Foo/Bar` matches `/Foo/bar` and `/foo/Bar`
    /// alike (neither exactly), so it is refused, and it finds `/foo/Bar` although a `Foo` with
    /// no such child matches its first title exactly.
    @Test func exactnessIsJudgedOnTheWholePath() throws {
        try outline.run(["add", "Foo", "foo", "Solo"])
        try outline.run(["add", "bar", "--under", "1"])
        try outline.run(["add", "Bar", "--under", "2"])
        try outline.run(["add", "Bar", "--under", "3"])
        let both = try outline.run(["show", "Foo/Bar"])
        #expect(both.status == 1)
        #expect(
            both.stderr
                == "error: 'Foo/Bar' names 2 items; name one by its id or a longer path\n  4  /Foo/bar\n  5  /foo/Bar\n"
        )
        #expect(try id(of: "foo/Bar") == "5")
        #expect(try id(of: "Foo/bar") == "4")
        try outline.run(["rm", "4"])
        #expect(try id(of: "Foo/Bar") == "5")
        #expect(try id(of: "SOLO/bar") == "6")
    }

    /// `é` as one character and as `e` with a combining accent (as macOS writes file names) are
    /// the same title to a path, both ways and at every depth.
    @Test func composedAndDecomposedFormsAreOneTitle() throws {
        try outline.run(["add", "Caf\u{E9}", "Cafe\u{301} noir"])
        try outline.run(["add", "Sub", "--under", "1"])
        #expect(try id(of: "Cafe\u{301}") == "1")
        #expect(try id(of: "CAFE\u{301}/sub") == "3")
        #expect(try id(of: "/caf\u{E9} NOIR") == "2")
        #expect(try outline.run(["check"]).status == 0)
    }

    /// A title with a bidi override is printed with the override written `\u202e`; that printed
    /// path names the item, and when a title holds those six characters literally too, the path
    /// is refused with both listed rather than name either silently.
    @Test func aPathPrintedWithEscapesNamesItsItem() throws {
        try outline.run(["add", "evil\u{202E}oops"])
        let printed = try outline.run(["find", "evil"]).stdout
        #expect(printed == "1  /evil\\u202eoops\n")
        #expect(try id(of: "/evil\\u202eoops") == "1")
        try outline.run(["add", #"evil\u202eoops"#])
        #expect(try outline.run(["find", "evil"]).lines == [#"1  /evil\u202eoops"#, #"2  /evil\\u202eoops"#])
        let both = try outline.run(["rm", #"/evil\u202eoops"#])
        #expect(both.status == 1 && both.stderr.contains("  1  /evil\\u202eoops\n  2  /evil\\\\u202eoops\n"), "\(both)")
        #expect(try outline.tsv().count == 2)
    }

    @Test func everyCommandTakesPaths() throws {
        try makeOutline()
        #expect(try outline.run(["add", "Eggs", "--under", "Groceries", "--after", "Groceries/Milk"]).stdout == "11\n")
        #expect(try outline.run(["add", "Tea", "--before", "/Groceries/Milk"]).stdout == "12\n")
        #expect(try outline.run(["add", "Butter", "--under", "groceries", "--at", "1"]).stdout == "13\n")
        #expect(
            try outline.run(["ls", "Groceries", "--tsv"]).lines.map { $0.split(separator: "\t")[0] } == [
                "13", "12", "2", "11", "3",
            ])
        #expect(try outline.run(["mv", "Groceries/Tea", "Groceries/Eggs", "--under", "Work"]).status == 0)
        #expect(try outline.run(["mv", "Work/Tea", "--after", "Work/Eggs"]).status == 0)
        #expect(try outline.run(["edit", "Work/Eggs", "Free-range eggs"]).stdout.contains("Free-range eggs"))
        #expect(try id(of: "Work/free-range EGGS") == "11")
        #expect(try outline.run(["rm", "Work/Tea", "Groceries/Butter"]).stdout == "removed \"Tea\" and \"Butter\"\n")
        #expect(try outline.run(["undo"]).status == 0)
        #expect(try id(of: "Groceries/Butter") == "13")
        #expect(try outline.run(["ls", "root", "--depth", "1", "--tsv"]).lines.count == 5)
        #expect(try outline.run(["check"]).status == 0)
    }

    /// Paths follow every change: titles edited, undone and redone, and titles written with the
    /// sqlite3 shell, which outline has not folded yet.
    @Test func pathsFollowEditsUndoAndOutsideWrites() throws {
        try outline.run(["add", "Été"])
        try outline.run(["edit", "1", "Hiver"])
        #expect(try id(of: "HIVER") == "1")
        #expect(try id(of: "été").hasPrefix("refused"))
        try outline.run(["undo"])
        #expect(try id(of: "ÉTÉ") == "1")
        try outline.run(["redo"])
        #expect(try id(of: "hiver") == "1")
        try outline.sqlite(
            "UPDATE item SET title = 'Ŝipo' WHERE id = 1; INSERT INTO item (parent_id, position, title) VALUES (1, 1, 'Ĉambro')"
        )
        #expect(try id(of: "ŝIPO/ĉambro") == "2")
        #expect(try id(of: "hiver").hasPrefix("refused"))
        try outline.run(["add", "x"])
        #expect(try id(of: "ŝIPO/ĉambro") == "2")
        #expect(try outline.run(["check"]).status == 0)
    }
}
