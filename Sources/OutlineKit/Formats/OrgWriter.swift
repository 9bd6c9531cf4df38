/// The `org` format: one headline an item, one `*` a level; a done item `* DONE title` (with
/// `marksOpenTasks`, an open one `* TODO title`); a note as body text under its headline.
///
/// Org has no escape character. Where a title or a note line would be read as something else
/// (a keyword, a priority, tags, a comment, a list, a table, a drawer, a headline), a zero-width
/// space (U+200B) is put where it breaks that reading, as org-mode's manual suggests; outline's
/// reader takes it out again. A title that starts with a keyword gets its state's keyword
/// written out, so that `* TODO DONE deal` is the open item "DONE deal". Inline markup
/// (`*bold*`, `[[links]]`) is written as it is: it is text to org, as the user typed it.
public struct OrgWriter: OutlineDocumentWriter {
    /// The document written so far and not yet taken.
    public var bytes: [UInt8] = []
    /// Whether open items are written with the TODO keyword.
    public let marksOpenTasks: Bool

    /// The character that breaks a reading org would otherwise make.
    static let breaker = String(breakerScalar)
    /// The breaker, as the reader finds it: a scalar, since a mark after it joins its character.
    static let breakerScalar: Unicode.Scalar = "\u{200B}"

    /// A writer with nothing written yet.
    public init(marksOpenTasks: Bool = false) {
        self.marksOpenTasks = marksOpenTasks
    }

    /// An org file needs no header.
    public mutating func begin(title: String?) {}

    /// The headline, then the note as body lines.
    public mutating func enter(_ entry: TreeEntry) throws {
        try Title.requireWritable(entry.item.title, of: entry.id, in: "org")
        let item = entry.item
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "*"), count: entry.depth))
        bytes.append(UInt8(ascii: " "))
        let title = item.title
        // Tested on the UTF-8 bytes: the tests run for every title of an export.
        let utf8 = title.utf8
        let startsWithKeyword = Self.startsWithWord(utf8, "TODO") || Self.startsWithWord(utf8, "DONE")
        if item.isDone {
            bytes.append("DONE ")
        } else if marksOpenTasks || startsWithKeyword {
            bytes.append("TODO ")
        }
        // A breaker the title holds itself gets one more, since the reader takes one away.
        if Self.startsWithWord(utf8, "COMMENT") || utf8.starts(with: [0x5B, 0x23])
            || utf8.starts(with: Self.breakerUTF8)
        {
            bytes.append(contentsOf: Self.breakerUTF8)
        }
        bytes.append(contentsOf: utf8)
        if utf8.last == UInt8(ascii: ":") && Self.endsWithTags(title)
            || utf8.reversed().starts(with: Self.breakerUTF8.reversed())
        {
            bytes.append(contentsOf: Self.breakerUTF8)
        }
        bytes.append(UInt8(ascii: "\n"))
        guard let note = item.note else { return }
        for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(line.drop { $0 == " " || $0 == "\t" })
            if Self.startsABlock(text) { bytes.append(Self.breaker) }
            bytes.append(text)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Nothing closes an item.
    public mutating func leave(_ entry: TreeEntry) {}

    /// Nothing closes the document.
    public mutating func end() {}

    /// The breaker's UTF-8 bytes (E2 80 8B).
    static let breakerUTF8: [UInt8] = Array(breaker.utf8)

    /// Whether the text's first word (up to the first space) is `word`.
    private static func startsWithWord(_ text: String.UTF8View, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { word in
            text.starts(with: word)
                && (text.count == word.count || text.dropFirst(word.count).first == UInt8(ascii: " "))
        }
    }

    /// Whether `title` ends as org's tags do: white space, then `:word:` (words of letters,
    /// digits, `_@#%`, joined by colons).
    static func endsWithTags(_ title: String) -> Bool {
        guard title.hasSuffix(":"), let space = title.lastIndex(where: { $0 == " " || $0 == "\t" }) else {
            return false
        }
        let tags = title[title.index(after: space)...]
        guard tags.count >= 3, tags.first == ":" else { return false }
        return tags.allSatisfy { $0 == ":" || $0.isLetter || $0.isNumber || "_@#%".contains($0) }
    }

    /// Whether a body line would be read as more than text: a headline, a list item, a table, a
    /// drawer or fixed-width line, a keyword or comment line, a footnote, a planning line.
    static func startsABlock(_ line: String) -> Bool {
        guard let first = line.unicodeScalars.first else { return false }
        if "*#-+|:[".unicodeScalars.contains(first) { return true }
        if line.hasPrefix("CLOSED:") || line.hasPrefix("SCHEDULED:") || line.hasPrefix("DEADLINE:") { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let next = line.dropFirst(digits.count).first, next == "." || next == ")" { return true }
        return line.hasPrefix(breaker)
    }
}
