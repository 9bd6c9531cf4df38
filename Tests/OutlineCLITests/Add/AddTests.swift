import Foundation
import Testing

/// `add`: titles from the arguments and from standard input, and the refusals that name
/// the line or the option to fix.
@Suite("add, end to end")
struct AddTests {
    let outline = OutlineProcess()

    @Test func addReadsTitlesFromStandardInput() throws {
        let result = try outline.run(["add", "first", "-", "last"], input: "one\n\n  two  \r\nthree")
        #expect(result.stdout == "1\n2\n3\n4\n5\n")
        #expect(try outline.tsv().map { $0.split(separator: "\t")[4] } == ["first", "one", "two", "three", "last"])
    }

    /// Among many lines of input, the error names the one to fix.
    @Test func aRefusedLineOfStandardInputIsNamed() throws {
        let lines = (1...16).map { "item \($0)" } + ["bell\u{7}here"] + ["item 18"]
        let result = try outline.run(["add", "-"], input: lines.joined(separator: "\n"))
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: standard input line 17: title \"bell\\x07here\" holds the control character U+0007; "
                + "titles are one line of text\n")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
        let blank = try outline.run(["add", "-"], input: "one\n\n\u{200B}\n")
        #expect(blank.stderr == "error: standard input line 3: a title cannot be empty\n")
    }

    @Test func standardInputLosesItsByteOrderMarkAndInvisibleTitlesAreRefused() throws {
        #expect(try outline.run(["add", "-"], input: "\u{FEFF}first\nsecond\n").stdout == "1\n2\n")
        #expect(try outline.tsv().first == "1\t0\t1\t1\tfirst\t0")
        let invisible = try outline.run(["add", "\u{200B}\u{200B}"])
        #expect(invisible.status == 1)
        #expect(invisible.stderr == "error: a title cannot be empty\n")
    }

    @Test func aTitleThatLooksLikeAnOptionGetsAHint() throws {
        let result = try outline.run(["add", "-20%"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option '-20%'; put titles that start with '-' after --"))
        // ls takes no titles: an unknown option there gets no advice about titles.
        let unknown = try outline.run(["ls", "--bogus"])
        #expect(unknown.status == 64)
        #expect(!unknown.stderr.contains("titles"))
        // After --, everything is a title, so --db goes first.
        #expect(try outline.run(["--db", outline.database, "add", "--", "-20%"], useDatabaseOption: false).status == 0)
    }
}
