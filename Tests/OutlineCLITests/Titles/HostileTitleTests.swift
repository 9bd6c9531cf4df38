import Foundation
import Testing

/// Titles made to hurt: each case ends in a clear error or in exactly the title that was given,
/// never in a crash, and nothing raw reaches standard error.
@Suite("Hostile titles")
struct HostileTitleTests {
    let outline = OutlineProcess()

    init() throws {
        try outline.run(["add", "a", "b"])
    }

    /// Refused with exit 1 and one line, the database unchanged, no control character printed.
    private func expectRefusal(_ arguments: [String], input: String? = nil, message: String) throws {
        let before = try outline.tsv()
        let result = try outline.run(arguments, input: input)
        #expect(result.status == 1, "\(arguments.prefix(4)): \(result.status)")
        #expect(result.stderr == "error: \(message)\n")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(try outline.tsv() == before)
    }

    private func hex(_ text: String) -> String { text.utf8.map { String(format: "%02X", $0) }.joined() }

    @Test func escapeSequencesAreRefusedAndNotEchoed() throws {
        try expectRefusal(
            ["add", "\u{1B}]0;pwned\u{7}\u{1B}[2J"],
            message: "title \"\\x1b]0;pwned\\x07\\x1b[2J\" holds the control character U+001B; "
                + "titles are one line of text")
        try expectRefusal(
            ["edit", "1", "red\u{9B}31m"],
            message: "title \"red\\x9b31m\" holds the control character U+009B; titles are one line of text")
    }

    /// Bidi overrides are text, so they are stored; for a human they are shown as escapes.
    @Test func bidiOverridesAreStoredExactlyAndShownEscaped() throws {
        let title = "invoice \u{202E}fdp.exe \u{2066}isolated\u{2069}"
        #expect(try outline.run(["add", title]).status == 0)
        #expect(try outline.sqlite("SELECT hex(title) FROM item WHERE id = 3") == hex(title))
        let human = try outline.run(["ls"]).stdout
        #expect(human.contains("invoice \\u202efdp.exe \\u2066isolated\\u2069"))
        #expect(!human.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) || $0.value == 0x202E })
        let json = try outline.run(["ls", "--json"]).stdout
        #expect(json.contains("invoice \\u202efdp.exe \\u2066isolated\\u2069"))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(decoded?.last?["title"] as? String == title, "a JSON reader gets the title back exactly")
        let refusal = try outline.run(["add", "\u{202E}x\u{7}"])
        #expect(!refusal.stderr.unicodeScalars.contains { $0.value == 0x202E })
    }

    /// What Docs/guide.md says each output does with a title that holds an escape sequence, a
    /// bidi override and a line separator (only a file edited outside outline can hold the first).
    @Test func eachOutputEscapesAsTheGuideSays() throws {
        try outline.sqlite(
            "UPDATE item SET title = 'a' || char(27) || '[2J b' || char(0x202E) || 'c' || char(0x2028) || 'd' WHERE id = 1"
        )
        let human = try outline.run(["ls"]).stdout
        #expect(human.hasPrefix("1  a\\x1b[2J b\\u202ec\\u2028d\n"), "\(human)")
        let tsv = try outline.run(["ls", "--tsv"]).stdout
        #expect(tsv.hasPrefix("1\t0\t1\t1\ta\\x1b[2J b\u{202E}c\u{2028}d\t0\n"), "a pipe gets the rest as stored")
        let json = try outline.run(["ls", "--json"]).stdout
        #expect(json.contains(#""title":"a\u001b[2J b\u202ec\u2028d""#), "\(json)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["title"] as? String == "a\u{1B}[2J b\u{202E}c\u{2028}d")
        let summary = try outline.run(["mv", "1", "--under", "0", "--at", "1"]).stdout
        #expect(summary == "nothing changed: \"a\\x1b[2J b\\u202ec\\u2028d\" is already there\n")
    }

    @Test func nulAndInvalidUTF8OnStandardInput() throws {
        try expectRefusal(
            ["add", "-"], input: "fine\nnul\u{0}inside\n",
            message:
                "standard input line 2: title \"nul\\x00inside\" holds the control character U+0000; "
                + "titles are one line of text")
        let before = try outline.tsv()
        let invalid = try OutlineProcess.run(
            ["add", "-", "--db", outline.database], input: Data("good\n".utf8) + Data([0x62, 0xC3, 0x28, 0x0A]))
        #expect(invalid.status == 1)
        #expect(invalid.stderr == "error: standard input line 2 is not valid UTF-8\n")
        #expect(try outline.tsv() == before)
    }

    @Test func titlesUpToTheLimitAreKeptWholeAndLongerOnesRefused() throws {
        let limit = 64 * 1024
        let longest = String(repeating: "é", count: limit / 2)
        #expect(try outline.run(["add", "-"], input: longest + "\n").stdout == "3\n")
        #expect(try outline.sqlite("SELECT length(CAST(title AS BLOB)) FROM item WHERE id = 3") == "\(limit)")
        try expectRefusal(
            ["add", "-"], input: longest + "x\n",
            message: "standard input line 1: a title of \(limit + 1) bytes is longer than the limit of \(limit) bytes")
        let megabyte = String(repeating: "m", count: 1 << 20)
        try expectRefusal(
            ["add", "-"], input: megabyte + "\n",
            message: "standard input line 1 is longer than a title may be (\(limit) bytes)")
        // Linux refuses to start a program with one argument over 128 KiB, so 100 KB is the most
        // a single argument can carry.
        try expectRefusal(
            ["edit", "1", String(repeating: "e", count: 100_000)],
            message: "a title of 100000 bytes is longer than the limit of \(limit) bytes")
    }

    /// Input is refused as soon as it cannot be titles: memory stays bounded.
    @Test func endlessOrUnreadableStandardInput() throws {
        let database = outline.database
        let zero = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" add - --db \"$1\" < /dev/zero", OutlineProcess.binary, database], input: nil,
            viaShell: true, timeout: 60)
        #expect(zero.status == 1 && !zero.timedOut)
        #expect(zero.stderr == "error: standard input line 1 is longer than a title may be (65536 bytes)\n")
        let closed = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" add - --db \"$1\" <&-", OutlineProcess.binary, database], input: nil, viaShell: true)
        #expect(closed.status == 1)
        #expect(closed.stderr == "error: cannot read standard input: bad file descriptor\n")
        let folder = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" add - --db \"$1\" < /tmp", OutlineProcess.binary, database], input: nil, viaShell: true
        )
        #expect(folder.status == 1)
        #expect(folder.stderr == "error: cannot read standard input: is a directory\n")
        #expect(try outline.tsv().count == 2)
    }

    /// Titles are bound as parameters, never spliced into SQL.
    @Test func titlesThatLookLikeSQLAreStoredAsText() throws {
        let titles = ["'); DROP TABLE item; --", "\" OR 1=1 --", "x'||(SELECT sqlite_version())||'"]
        #expect(try outline.run(["add"] + titles).status == 0)
        try outline.run(["edit", "1", "a'; DELETE FROM undo_step; --"])
        #expect(
            try outline.tsv().map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[4]) } == [
                "a'; DELETE FROM undo_step; --", "b",
            ] + titles)
        #expect(try outline.run(["history"]).lines.count == 3)
        #expect(try outline.run(["check"]).status == 0)
    }
}
