/// The words a writer keeps a title from starting with (a workflow's keywords, Logseq's
/// markers): a reader would take such a first word for a state, so the writer protects it.
///
/// A title's first word runs up to its first space or tab, and is equal to a word as `String`s
/// are equal (canonically equivalent: `WOR\u{212A}ING`, with a Kelvin sign, is `WORKING`). The
/// writers test every title of an export, and making a `String` of each first word and
/// hashing it was an eighth of `export` (Docs/performance.md, "Export at a million items"):
/// a first word of ASCII alone is compared byte for byte, which is the same test for ASCII
/// words, and only a first word holding other characters is compared as a `String`.
struct LeadingWords {
    /// The words that are ASCII, as their bytes.
    private let asciiWords: [[UInt8]]
    /// Every word, for a first word that is not ASCII.
    private let words: [String]
    /// The length of the longest word, when every word is ASCII: a first word of more scalars
    /// cannot be equal to one (decomposing a string never makes it shorter, and an ASCII word
    /// is its own decomposition). nil when some word is not ASCII.
    private let longestASCIIWord: Int?

    /// A list of `words`.
    init(_ words: some Sequence<String>) {
        self.words = Array(words)
        asciiWords = self.words.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }
        longestASCIIWord = asciiWords.count == self.words.count ? asciiWords.map(\.count).max() ?? 0 : nil
    }

    /// Whether the first word of `title` is one of the words.
    func containsFirstWord(of title: String) -> Bool {
        let answer = title.utf8.withContiguousStorageIfAvailable { utf8 -> Bool? in
            var end = 0
            var scalars = 0
            var isASCII = true
            while end < utf8.count, utf8[end] != UInt8(ascii: " "), utf8[end] != UInt8(ascii: "\t") {
                if utf8[end] >= 0x80 { isASCII = false }
                // A scalar starts at every byte but a continuation byte (10xxxxxx).
                if utf8[end] & 0xC0 != 0x80 { scalars += 1 }
                // Too long to be any word, whatever follows: a title in Chinese has no space to
                // end its first word, and was read to its end.
                if let longest = longestASCIIWord, scalars > longest { return false }
                end += 1
            }
            guard isASCII else {
                // Too long to be any word (a title in Chinese, with no space in it), or else
                // compared as a string below.
                if let longest = longestASCIIWord, scalars > longest { return false }
                return nil
            }
            let word = UnsafeBufferPointer(rebasing: utf8[..<end])
            // An ASCII word equals an ASCII word only byte for byte; the other words (none, for
            // keywords, which are ASCII) are compared as strings below.
            if asciiWords.contains(where: { $0.count == word.count && $0.elementsEqual(word) }) { return true }
            return longestASCIIWord != nil ? false : nil
        }
        if let answer = answer ?? nil { return answer }
        let first = Substring(title.unicodeScalars.prefix { $0 != " " && $0 != "\t" })
        return words.contains { $0 == first }
    }
}
