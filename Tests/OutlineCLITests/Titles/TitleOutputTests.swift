import Foundation
import Testing

/// A title that holds an escape sequence or a bidi override reaches no terminal raw.
@Suite("Titles on output")
struct TitleOutputTests {
    let outline = OutlineProcess()

    @Test func titlesAreSanitisedOnOutput() throws {
        try outline.run(["add", "safe \u{202E}reversed"])
        // A title with an escape sequence can only arrive by editing the file behind outline's back.
        try outline.sqlite("INSERT INTO item (parent_id, position, title) VALUES (0, 2, 'evil' || char(27) || '[2J')")
        let human = try outline.run(["ls"]).stdout
        #expect(!human.contains("\u{1B}"))
        #expect(!human.contains("\u{202E}"))
        #expect(human.contains("evil\\x1b[2J"))
        #expect(try outline.run(["ls", "--tsv"]).stdout.contains("evil\\x1b[2J"))
        #expect(try outline.run(["ls", "--json"]).stdout.contains("evil\\u001b[2J"))
    }
}
