import Foundation
import Testing

/// SPEC: an error is one line on stderr starting `error: `, exit 1 for refusals, 64 for a wrong
/// command line, and the database is unchanged.
@Suite("Errors and exit statuses")
struct ErrorContractTests {
    let outline = OutlineProcess()

    init() throws {
        try outline.run(["add", "a", "b"])
        try outline.run(["add", "a1", "--under", "1"])
    }

    static let refusals: [([String], String)] = [
        (["rm", "0"], "error: the root (0) cannot be removed; name an item by its path or id"),
        (["rm", "root"], "error: the root (0) cannot be removed; name an item by its path or id"),
        (["rm", "99"], "error: no item with id 99"),
        (["edit", "0", "x"], "error: the root (0) cannot be retitled; name an item by its path or id"),
        (["edit", "1", "   "], "error: a title cannot be empty"),
        (
            ["add", "bell\u{7}"],
            "error: title \"bell\\x07\" holds the control character U+0007; titles are one line of text"
        ),
        (["add", "x", "--under", "42"], "error: no item with id 42"),
        (["add", "x", "--at", "9"], "error: position 9 is out of range: at the top level use 1 to 3"),
        (["add", "x", "--at", "0"], "error: position 0 is out of range: at the top level use 1 to 3"),
        (["mv", "1", "--under", "3"], "error: cannot move item 1 into its own subtree (3 is inside it)"),
        (["mv", "1", "--under", "1"], "error: cannot move item 1 under itself"),
        (["mv", "1", "2", "--after", "2"], "error: item 2 is being moved, so it cannot also mark the place"),
        (
            ["mv", "3", "--under", "2", "--at", "2"],
            "error: position 2 is out of range: under 2 the only position is 1"
        ),
        (["rm", "2", "2"], "error: item 2 is named more than once"),
        (["ls", "77"], "error: no item with id 77"),
        (["ls", "77", "--sections", "initial"], "error: no item with id 77"),
        (
            ["add", "two\u{2028}lines"],
            "error: title \"two\\u2028lines\" holds the line break U+2028; titles are one line of text"
        ),
        (
            ["edit", "1"],
            "error: edit without a TITLE opens an editor, which needs a terminal; in a script, use "
                + "'outline edit [REF] --print' and 'outline edit [REF] --apply FILE'"
        ),
    ]

    @Test(arguments: refusals)
    func refusalsAreOneLineExitOneAndChangeNothing(arguments: [String], message: String) throws {
        let before = try outline.tsv()
        let result = try outline.run(arguments)
        #expect(result.status == 1, "\(arguments)")
        #expect(result.stderr == message + "\n")
        #expect(result.stdout == "")
        #expect(try outline.tsv() == before)
        #expect(try outline.run(["check"]).status == 0)
    }

    static let usageErrors: [[String]] = [
        ["frobnicate"], ["add"], ["rm"], ["mv", "1"], ["ls", "a//b"], ["ls", "--depth", "0"],
        ["ls", "--tsv", "--json"],
        ["add", "x", "--at", "1", "--before", "2"], ["add", "-", "-"], ["edit", "1", "x", "--print"],
        ["rm", "99999999999999999999"],
        ["ls", "--bogus"], ["add", "x", "--at", "one"],
    ]

    @Test(arguments: usageErrors)
    func commandLineErrorsExit64WithOneLine(arguments: [String]) throws {
        let before = try outline.tsv()
        let result = try outline.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.stderr)")
        #expect(try outline.tsv() == before)
    }

    @Test func badDatabaseFilesAreRefusedAndLeftAsTheyWere() throws {
        let textFile = outline.directory + "/notes.txt"
        try Data("just some notes\n".utf8).write(to: URL(fileURLWithPath: textFile))
        let empty = outline.directory + "/empty.db"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let cases: [(String, String)] = [
            (textFile, "error: '\(textFile)' is not an outline database: it is not an SQLite file"),
            (empty, "error: '\(empty)' is not an outline database: the file is empty"),
            (outline.directory, "error: '\(outline.directory)' is not an outline database: it is a directory"),
        ]
        for (path, message) in cases {
            let before = FileManager.default.contents(atPath: path)
            let result = try OutlineProcess.run(["add", "x", "--db", path], input: nil)
            #expect(result.status == 1)
            #expect(result.stderr == message + "\n")
            #expect(FileManager.default.contents(atPath: path) == before)
        }
    }

    @Test func checkNamesAProblemAndExitsOne() throws {
        try outline.sqlite("UPDATE item SET position = 7 WHERE id = 2")
        let result = try outline.run(["check"])
        #expect(result.status == 1)
        #expect(result.stdout == "problem: children of 0 are not numbered 1 to 2: positions run 1 to 7\n")
        #expect(result.stderr == "error: 1 problem found in '\(outline.database)'\n")
    }
}
