/// The `markdown` format: a CommonMark list that GitHub Flavored Markdown reads the same way,
/// with Logseq's attribute lines.
///
/// One list item a line, `- ` bullets, two spaces of indent a level. A task is a task list item,
/// `- [ ] ` or `- [x] `, its keyword after the box unless it is the workflow's first open or done
/// one; with `marksOpenTasks` a plain item is `- [ ] ` too. A document whose workflow is not the
/// default starts with it in an HTML comment. Tags, dates, priority and properties follow as
/// `key:: value` lines (`MarkdownAttributeLines`), a `heading` property of 1 to 6 that comes
/// first as Logseq's `- ## title`; the note follows after a blank line, indented to the item's
/// text, every line as it is but where `MarkdownNoteLayout` protects it. Titles are escaped
/// (`MarkdownEscaping`) so that any CommonMark reader, and pandoc's own Markdown reader, sees
/// the same tree and the same characters.
public struct MarkdownWriter: OutlineDocumentWriter {
    /// The document written so far and not yet taken.
    public var bytes: [UInt8] = []
    /// Whether open items are written as unchecked tasks (`- [ ] `).
    public let marksOpenTasks: Bool
    /// The outline's workflow: which keywords the check boxes stand for alone.
    public let workflow: Workflow
    /// The first words a title is protected from (`MarkdownItemLine.needsProtection`).
    private let protectedWords: LeadingWords

    /// A writer with nothing written yet, for an outline whose workflow is `workflow`.
    public init(workflow: Workflow = .standard, marksOpenTasks: Bool = false) {
        self.workflow = workflow
        self.marksOpenTasks = marksOpenTasks
        protectedWords = MarkdownItemLine.protectedWords(keywords: workflow.keywords)
    }

    /// The workflow, if it is not the default: `<!-- workflow: TODO NEXT | DONE -->`.
    public mutating func begin(title: String?) {
        guard workflow != .standard else { return }
        bytes.append(contentsOf: "<!-- workflow: \(workflow.description) -->\n\n".utf8)
    }

    /// The item's line, its attribute lines, then its note.
    public mutating func enter(_ entry: TreeEntry) throws {
        try Title.requireWritable(entry.item.title, of: entry.id, in: "markdown")
        // The entry's own attributes, not a copy of them (`??` made one for every item).
        if let attributes = entry.attributes {
            write(entry, attributes)
        } else {
            write(entry, ItemAttributes(state: entry.item.isDone ? workflow.done[0] : nil))
        }
    }

    /// Writes the item's line, its attribute lines (`attributes`), then its note.
    private mutating func write(_ entry: TreeEntry, _ attributes: borrowing ItemAttributes) {
        let item = entry.item
        bytes.appendSpaces(2 * (entry.depth - 1))
        bytes.append("- ")
        if item.isDone {
            bytes.append("[x] ")
            if let state = attributes.state, state != workflow.done[0] { bytes.append(contentsOf: (state + " ").utf8) }
        } else if let state = attributes.state {
            bytes.append("[ ] ")
            if state != workflow.open[0] { bytes.append(contentsOf: (state + " ").utf8) }
        } else if marksOpenTasks {
            bytes.append("[ ] ")
        }
        var headingProperty: Int?
        if let first = attributes.properties.first, first.key == "heading",
            let level = Int(first.value), (1...6).contains(level), first.value == String(level)
        {
            headingProperty = 0
            bytes.append(contentsOf: (String(repeating: "#", count: level) + " ").utf8)
        }
        if MarkdownItemLine.needsProtection(item.title, markers: protectedWords) {
            bytes.append(contentsOf: String(MarkdownItemLine.zeroWidthSpace).utf8)
        }
        MarkdownEscaping.append(item.title, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        MarkdownAttributeLines.append(attributes, skipping: headingProperty, indent: 2 * entry.depth, to: &bytes)
        guard let note = item.note else { return }
        bytes.append(UInt8(ascii: "\n"))
        MarkdownNoteLayout.append(note, base: 2 * entry.depth, to: &bytes)
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
    /// escaped, but for those in a web address that read as themselves bare
    /// (`MarkdownURLRuns`), so that GitHub links the address as it is. A line that needs no
    /// escape is copied as it is, without a buffer of its own: an export writes every title
    /// through here, and its bytes are read from the string's own storage (through the
    /// `UTF8View` one byte at a time, the test was a tenth of `export`).
    static func append(_ line: String, to out: inout [UInt8]) {
        let copied = line.utf8.withContiguousStorageIfAvailable { bytes in
            guard isPlain(bytes) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied == true { return }
        let scan = line.utf8.withContiguousStorageIfAvailable { Scan($0) } ?? Scan(line.utf8)
        // Logseq's `key:: value` would be read as a property and dropped: escape its colon.
        // The reader's test is on characters; only a line with `::` in it can pass it.
        var propertyColon = -1
        if scan.sawColons, MarkdownReader.isProperty(Substring(line)) {
            propertyColon =
                line.utf8.firstIndex(of: 0x3A).map { line.utf8.distance(from: line.utf8.startIndex, to: $0) }
                ?? -1
        }
        guard scan.needsEscapes || propertyColon >= 0 else {
            out.append(contentsOf: line.utf8)
            return
        }
        let markerPunctuation = scan.markerPunctuation
        let addresses = MarkdownURLRuns.layout(in: line)
        let bareInAddresses = addresses.bare
        var angled = addresses.angled[...]
        var index = 0
        for byte in line.utf8 {
            if let link = angled.first, link.contains(index) {
                // An autolink, written as it stands: no escape works inside one.
                if index == link.lowerBound { out.append(UInt8(ascii: "<")) }
                out.append(byte)
                index += 1
                if index == link.upperBound {
                    out.append(UInt8(ascii: ">"))
                    angled.removeFirst()
                }
                continue
            }
            if (isSpecialAnywhere(byte) && !bareInAddresses.contains(index)) || (index == 0 && isSpecialAtStart(byte))
                || index == markerPunctuation || index == propertyColon
            {
                out.append(UInt8(ascii: "\\"))
            }
            out.append(byte)
            index += 1
        }
    }

    /// Whether `bytes` need no escape, with nothing `Scan` would look at again: no byte that is
    /// special anywhere, no colon (Logseq's `::`), and a first byte that neither is special at
    /// the start nor a digit (an ordered list's marker). Most titles are; they are then copied
    /// with one test of each byte (`ByteSet`).
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        return !isSpecialAtStart(first) && !(0x30...0x39).contains(first) && !markupOrColon.containsAny(of: bytes)
    }

    /// The bytes special anywhere, and the colon.
    private static let markupOrColon = ByteSet { isSpecialAnywhere($0) || $0 == UInt8(ascii: ":") }

    /// What one pass over a line's bytes finds: whether any needs an escape, and where the
    /// escapes that depend on the whole line may go.
    private struct Scan {
        /// Whether a byte is special anywhere or at the start, or the line starts as an ordered
        /// list marker.
        var needsEscapes = false
        /// The offset of an ordered list marker's `.` or `)` (up to nine digits before it):
        /// escaping it keeps the digits plain text. -1 for none.
        var markerPunctuation = -1
        /// Whether the line holds `::`, which Logseq's `key:: value` needs.
        var sawColons = false

        init(_ utf8: some Collection<UInt8>) {
            var digits = 0
            var previous: UInt8 = 0
            var index = 0
            for byte in utf8 {
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
        }
    }
}
