/// The `markdown` format: a CommonMark list that GitHub Flavored Markdown reads the same way.
///
/// One list item a line, `- ` bullets, two spaces of indent a level; a done item is a task list
/// item, `- [x] `, and with `marksOpenTasks` an open one is `- [ ] `. A note follows its item's
/// line after a blank line, as a paragraph indented to the item's text, so that no reader takes
/// it for more of the title. Text is escaped (`MarkdownEscaping`) so that any CommonMark reader,
/// and pandoc's own Markdown reader, sees the same tree and the same characters.
public struct MarkdownWriter: OutlineDocumentWriter {
    /// The document written so far and not yet taken.
    public var bytes: [UInt8] = []
    /// Whether open items are written as unchecked tasks (`- [ ] `).
    public let marksOpenTasks: Bool

    /// A writer with nothing written yet.
    public init(marksOpenTasks: Bool = false) {
        self.marksOpenTasks = marksOpenTasks
    }

    /// A list has no header.
    public mutating func begin(title: String?) {}

    /// The item's line, then its note.
    public mutating func enter(_ entry: TreeEntry) throws {
        try Title.requireWritable(entry.item.title, of: entry.id, in: "markdown")
        let item = entry.item
        bytes.appendSpaces(2 * (entry.depth - 1))
        bytes.append(item.isDone ? "- [x] " : marksOpenTasks ? "- [ ] " : "- ")
        MarkdownEscaping.append(item.title, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        guard let note = item.note else { return }
        bytes.append(UInt8(ascii: "\n"))
        for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if !text.isEmpty {
                bytes.appendSpaces(2 * entry.depth)
                MarkdownEscaping.append(String(text), to: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// Nothing closes an item.
    public mutating func leave(_ entry: TreeEntry) {}

    /// Nothing closes the document.
    public mutating func end() {}
}

/// Backslash escapes that keep a line of text what it is in CommonMark and GFM.
enum MarkdownEscaping {
    /// ASCII punctuation with a meaning anywhere in a line: escapes, code, emphasis, links and
    /// images, HTML and autolinks, entities, GFM's strikethrough and tables (``\`*_[]<>&~|``),
    /// and what pandoc's own Markdown reads as superscript, subscript and TeX math (`^~$`). A
    /// backslash before any ASCII punctuation stands for the character itself, in CommonMark and
    /// in pandoc's Markdown alike, so escaping more than needed is harmless; escaping less changes
    /// the text a reader sees. Every `^` and `$` is escaped, not only those pandoc would pair:
    /// its pairing rules (`$` not before a digit, `$$` display math, no space inside `^2^`) are
    /// its own to change, and a missed pair loses text where a needless backslash costs nothing.
    ///
    /// A switch rather than a set: the test runs for every byte of an export.
    @inline(__always)
    private static func isSpecialAnywhere(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x5C, 0x60, 0x2A, 0x5F, 0x5B, 0x5D, 0x3C, 0x3E, 0x26, 0x7E, 0x7C, 0x5E, 0x24: true
        default: false
        }
    }

    /// What starts a block when it begins a line: a heading, a quote, a list item, a setext
    /// underline or a thematic break (`#>-+=`).
    private static func isSpecialAtStart(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x23, 0x3E, 0x2D, 0x2B, 0x3D: true
        default: false
        }
    }

    /// Appends `line` to `out` with every character that could change how a reader sees it
    /// escaped. A line that needs no escape is copied as it is, without a buffer of its own: an
    /// export writes every title through here.
    static func append(_ line: String, to out: inout [UInt8]) {
        // An ordered list marker: up to nine digits and `.` or `)`; escaping the punctuation keeps
        // the digits plain text.
        var markerPunctuation = -1
        // Logseq's `key:: value` would be read as a property and dropped: escape its colon.
        var propertyColon = -1
        var needsEscapes = false
        var digits = 0
        var sawColons = false
        var previous: UInt8 = 0
        var index = 0
        for byte in line.utf8 {
            if index == digits, byte >= 0x30, byte <= 0x39 {
                digits += 1
            } else if index == digits, digits > 0, digits <= 9, byte == 0x2E || byte == 0x29 {
                markerPunctuation = index
                needsEscapes = true
            }
            if isSpecialAnywhere(byte) || (index == 0 && isSpecialAtStart(byte)) { needsEscapes = true }
            if byte == 0x3A, previous == 0x3A { sawColons = true }
            previous = byte
            index += 1
        }
        // The reader's test is on characters; only a line with `::` in it can pass it.
        if sawColons, MarkdownReader.isProperty(Substring(line)) {
            propertyColon =
                line.utf8.firstIndex(of: 0x3A).map { line.utf8.distance(from: line.utf8.startIndex, to: $0) }
                ?? -1
            needsEscapes = true
        }
        guard needsEscapes else {
            out.append(contentsOf: line.utf8)
            return
        }
        index = 0
        for byte in line.utf8 {
            if isSpecialAnywhere(byte) || (index == 0 && isSpecialAtStart(byte)) || index == markerPunctuation
                || index == propertyColon
            {
                out.append(UInt8(ascii: "\\"))
            }
            out.append(byte)
            index += 1
        }
    }
}
