import Testing

@testable import OutlineKit

/// The first-word test the Markdown and org writers protect titles with: byte for byte for ASCII,
/// as `String`s compare otherwise, and the same answer both ways.
@Suite("leading words")
struct LeadingWordsTests {
    static let keywords = LeadingWords(["TODO", "WORKING", "DONE"])

    @Test(arguments: [
        ("TODO", true), ("TODO buy milk", true), ("DONE\tlater", true), ("WORKING on it", true),
        ("TODOs to do", false), ("todo buy milk", false), ("Buy TODO", false), (" TODO", false), ("", false),
        ("TOD", false),
    ])
    func anASCIIFirstWordIsOneOfTheWordsExactly(title: String, expected: Bool) {
        #expect(Self.keywords.containsFirstWord(of: title) == expected)
    }

    /// `WOR\u{212A}ING` (a Kelvin sign for the K) is `WORKING` to Swift, and to the reader that
    /// compares keywords as strings: the writer must protect it too.
    @Test func aFirstWordEquivalentToAWordAsAStringIsOneOfThem() {
        #expect(Self.keywords.containsFirstWord(of: "WOR\u{212A}ING on it"))
        #expect("WOR\u{212A}ING" == "WORKING")
    }

    @Test(arguments: ["买牛奶写报告", "Dönë later", "TODO\u{301} accented", "\u{200B}TODO"])
    func aFirstWordWithOtherCharactersIsComparedAsAString(title: String) {
        let first = String(title.unicodeScalars.prefix { $0 != " " && $0 != "\t" })
        #expect(Self.keywords.containsFirstWord(of: title) == ["TODO", "WORKING", "DONE"].contains(first))
    }

    /// A word that is not ASCII itself is still found, by the string comparison.
    @Test func aWordThatIsNotASCIIIsComparedAsAString() {
        let words = LeadingWords(["ÉTÉ"])
        #expect(words.containsFirstWord(of: "ÉTÉ chaud"))
        #expect(words.containsFirstWord(of: "E\u{301}TE\u{301} chaud"))
        #expect(!words.containsFirstWord(of: "ETE chaud"))
    }
}
