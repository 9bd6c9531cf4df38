import OutlineKit
import OutlineTestSupport
import Testing

@Suite("Terminal width of titles")
struct TerminalWidthTests {
    @Test(arguments: [
        ("Milk", 4),
        ("", 0),
        ("Café", 4),
        ("Cafe\u{301}", 4),  // e and a combining acute: one column
        ("Юлия", 4),
        ("علي", 3),
        ("├─ ", 3),  // box drawing is ambiguous width: narrow outside East Asian locales
        ("…", 1),
    ])
    func narrowText(text: String, columns: Int) {
        #expect(TerminalWidth.columns(of: text) == columns, "\(text.unicodeScalars.map(\.value))")
    }

    @Test(arguments: [
        ("山田", 4),
        ("東京都千代田区", 14),
        ("ひらがな", 8),
        ("カタカナ", 8),
        ("ｶﾀｶﾅ", 4),  // halfwidth katakana stay narrow
        ("한국어", 6),
        ("\u{1100}\u{1161}\u{11A8}", 2),  // 각 written as conjoining jamo: one syllable
        ("ＡＢＣ", 6),  // fullwidth Latin
        ("　", 2),  // ideographic space
        ("\u{20000}", 2),  // CJK Extension B
        ("が", 2),  // か and a combining voicing mark
        ("か\u{3099}", 2),
        ("Milk 牛乳", 9),
    ])
    func eastAsianWideText(text: String, columns: Int) {
        #expect(TerminalWidth.columns(of: text) == columns, "\(text.unicodeScalars.map(\.value))")
    }

    @Test(arguments: [
        ("😀", 2),
        ("👍🏽", 2),  // with a skin tone modifier
        ("👨‍👩‍👧‍👦", 2),  // a ZWJ family
        ("🏳️‍🌈", 2),  // a ZWJ flag
        ("🇯🇵", 2),  // a regional indicator pair
        ("🇯🇵🇫🇷", 4),
        ("❤️", 2),  // text-default heart with VS16
        ("❤", 1),  // without it, drawn as text
        ("↔︎", 1),  // VS15 asks for text
        ("1️⃣", 2),  // keycap
        ("Buy 🥛 milk", 11),
    ])
    func emoji(text: String, columns: Int) {
        #expect(TerminalWidth.columns(of: text) == columns, "\(text.unicodeScalars.map(\.value))")
    }

    @Test(arguments: [
        ("a\u{200B}b", 2),  // zero-width space
        ("a\u{200D}b", 2),  // a lone zero-width joiner
        ("a\u{FEFF}b", 2),  // zero-width no-break space
        ("a\u{2060}b", 2),  // word joiner
        ("\u{301}", 0),  // a combining mark with no base
        ("a\u{0301}\u{0323}", 1),
    ])
    func zeroWidthCharacters(text: String, columns: Int) {
        #expect(TerminalWidth.columns(of: text) == columns, "\(text.unicodeScalars.map(\.value))")
    }

    @Test func textThatFitsIsNotCut() {
        #expect(TerminalWidth.cut("Milk", to: 4) == "Milk")
        #expect(TerminalWidth.cut("山田", to: 4) == "山田")
        #expect(TerminalWidth.cut("", to: 0) == "")
    }

    @Test func cutTextEndsInAnEllipsisWithinTheColumns() {
        #expect(TerminalWidth.cut("Groceries", to: 5) == "Groc…")
        #expect(TerminalWidth.cut("山田太郎", to: 5) == "山田…")
        // A wide character that would straddle the edge goes whole: one column stays empty.
        #expect(TerminalWidth.cut("山田太郎", to: 6) == "山田…")
        #expect(TerminalWidth.columns(of: TerminalWidth.cut("山田太郎", to: 6)) == 5)
        #expect(TerminalWidth.cut("Milk", to: 1) == "…")
        #expect(TerminalWidth.cut("Milk", to: 0) == "")
        #expect(TerminalWidth.cut("Milk", to: -3) == "")
    }

    @Test func aCutNeverSplitsAGraphemeCluster() {
        #expect(TerminalWidth.cut("Cafe\u{301} au lait", to: 5) == "Cafe\u{301}…")
        #expect(TerminalWidth.cut("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", to: 3) == "👨‍👩‍👧‍👦…")
        #expect(TerminalWidth.cut("🇯🇵🇫🇷🇩🇪", to: 5) == "🇯🇵🇫🇷…")
    }

    /// The promise a screen relies on: a cut line never takes more columns than it was given.
    @Test func aCutNeverOverflows() {
        let pieces = ["a", "山", "😀", "e\u{301}", "\u{200B}", "🇯🇵", "한", "ｶ", " ", "👨‍👩‍👧"]
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...20, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
                .joined()
            let columns = Int.random(in: 0...30, using: &rng)
            let cut = TerminalWidth.cut(text, to: columns)
            #expect(TerminalWidth.columns(of: cut) <= columns, "\(text) to \(columns)")
            if TerminalWidth.columns(of: text) <= columns {
                #expect(cut == text)
            } else if columns > 0 {
                #expect(cut.hasSuffix("…"))
                #expect(TerminalWidth.columns(of: cut) >= columns - 1, "\(text) to \(columns): \(cut)")
            }
        }
    }
}
