/// The `markdown` format: a CommonMark list that GitHub Flavored Markdown reads the same way.
///
/// One list item a line, `- ` bullets, two spaces of indent a level; a done item is a task list
/// item, `- [x] `, and with `marksOpenTasks` an open one is `- [ ] `. A note follows its item's
/// line after a blank line, as a paragraph indented to the item's text, so that no reader takes
/// it for more of the title. Text is escaped (`MarkdownEscaping`) so that any CommonMark reader
/// sees the same tree and the same characters.
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
    public mutating func enter(_ entry: TreeEntry) {
        let item = entry.item
        bytes.appendSpaces(2 * (entry.depth - 1))
        bytes.append(item.isDone ? "- [x] " : marksOpenTasks ? "- [ ] " : "- ")
        bytes.append(MarkdownEscaping.escaped(item.title))
        bytes.append(UInt8(ascii: "\n"))
        guard let note = item.note else { return }
        bytes.append(UInt8(ascii: "\n"))
        for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if !text.isEmpty {
                bytes.appendSpaces(2 * entry.depth)
                bytes.append(MarkdownEscaping.escaped(String(text)))
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
    /// images, HTML and autolinks, entities, GFM's strikethrough and tables. A backslash before
    /// any ASCII punctuation stands for the character itself, so escaping more than needed is
    /// harmless; escaping less changes the text a reader sees.
    private static let anywhere: Set<UInt8> = Set("\\`*_[]<>&~|".utf8)
    /// What starts a block when it begins a line: a heading, a quote, a list item, a setext
    /// underline or a thematic break.
    private static let atStart: Set<UInt8> = Set("#>-+=".utf8)

    /// `line` with every character that could change how a reader sees it escaped.
    static func escaped(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 4)
        // An ordered list marker: up to nine digits and `.` or `)`; escaping the punctuation
        // keeps the digits plain text.
        var digits = 0
        while digits < bytes.count, (48...57).contains(bytes[digits]) { digits += 1 }
        let markerPunctuation =
            digits > 0 && digits <= 9 && digits < bytes.count && (bytes[digits] == 0x2E || bytes[digits] == 0x29)
            ? digits : -1
        // Logseq's `key:: value` would be read as a property and dropped: escape its colon.
        let propertyColon = MarkdownReader.isProperty(Substring(line)) ? bytes.firstIndex(of: 0x3A) ?? -1 : -1
        for (index, byte) in bytes.enumerated() {
            if anywhere.contains(byte) || (index == 0 && atStart.contains(byte)) || index == markerPunctuation
                || index == propertyColon
            {
                out.append(UInt8(ascii: "\\"))
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
