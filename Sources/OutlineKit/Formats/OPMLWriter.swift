import Foundation

/// The `opml` format: OPML 2.0 in UTF-8, one `<outline text="...">` an item, nested; a note as
/// `_note`, a done item with `_complete="true"` (the attributes Workflowy and others write), and
/// the other attributes as `OPMLAttributes` names them: `_state`, `_tags`, `_scheduled`, `_due`,
/// `_priority`, `_done_at`, `_last_done`, then one `_KEY` a property.
///
/// Attribute values escape `&`, `<`, `>` and `"`, and write tabs and line ends as character
/// references, which survive attribute normalisation where the characters themselves would be
/// read as spaces. OPML 2.0 lets `text` hold HTML, and readers such as pandoc and Workflowy read
/// it so: a title's own `&`, `<` and `>` are written as HTML entities first (`&amp;lt;` in the
/// file), so that those readers show them as the characters they are. `_note` is plain text. A character XML 1.0 cannot hold at all (a control character, which only a
/// file edited outside outline holds) is refused rather than written into a document no reader
/// would take.
public struct OPMLWriter: OutlineDocumentWriter {
    /// The document written so far and not yet taken.
    public var bytes: [UInt8] = []
    /// Whether the last element entered is still open, waiting to learn whether it has children.
    private var startTagOpen = false

    /// A writer with nothing written yet.
    public init() {}

    /// The XML declaration and the head, titled `title` or `outline`.
    public mutating func begin(title: String?) throws {
        bytes.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n    <title>")
        try Self.appendEscaped(title ?? "outline", to: &bytes, item: nil)
        bytes.append("</title>\n  </head>\n  <body>\n")
    }

    /// The item's start tag, left open until the next item says whether it is a child.
    public mutating func enter(_ entry: TreeEntry) throws {
        closeStartTag()
        let item = entry.item
        bytes.appendSpaces(2 * (entry.depth + 1))
        bytes.append("<outline text=\"")
        try Self.appendEscaped(Self.htmlEscaped(item.title), to: &bytes, item: item.id)
        bytes.append("\"")
        if let note = item.note {
            bytes.append(" _note=\"")
            try Self.appendEscaped(note, to: &bytes, item: item.id)
            bytes.append("\"")
        }
        if item.isDone { bytes.append(" _complete=\"true\"") }
        if let attributes = entry.attributes { try appendAttributes(attributes, doneAt: item.doneAt, item: item.id) }
        startTagOpen = true
    }

    /// The item's attributes, each as an `_` attribute; a property key that is no XML name is
    /// refused, as a character XML cannot hold is.
    private mutating func appendAttributes(_ attributes: ItemAttributes, doneAt: Date?, item: ItemID) throws {
        func append(_ name: String, _ value: String) throws {
            bytes.append(" " + name + "=\"")
            try Self.appendEscaped(value, to: &bytes, item: item)
            bytes.append("\"")
        }
        if let state = attributes.state { try append("_state", state) }
        if !attributes.tags.isEmpty { try append("_tags", OPMLAttributes.tagsText(attributes.tags)) }
        if let scheduled = attributes.scheduled { try append("_scheduled", OPMLAttributes.dateText(scheduled)) }
        if let due = attributes.due { try append("_due", OPMLAttributes.dateText(due)) }
        if let priority = attributes.priority { try append("_priority", priority.rawValue) }
        if let doneAt { try append("_done_at", UTCMoment.text(doneAt)) }
        if let lastDone = attributes.lastDone { try append("_last_done", UTCMoment.text(lastDone)) }
        for property in attributes.properties {
            guard OPMLAttributes.isXMLName(afterUnderscore: property.key) else {
                throw OutlineError.invalidProperty(
                    property.key,
                    reason: "item \(item) cannot be exported as OPML: an XML attribute name cannot hold this key")
            }
            try append(OPMLAttributes.name(ofProperty: property.key), property.value)
        }
    }

    /// `/>` for an item without children, else its end tag.
    public mutating func leave(_ entry: TreeEntry) {
        if startTagOpen {
            bytes.append("/>\n")
            startTagOpen = false
        } else {
            bytes.appendSpaces(2 * (entry.depth + 1))
            bytes.append("</outline>\n")
        }
    }

    /// Closes the body and the document.
    public mutating func end() {
        bytes.append("  </body>\n</opml>\n")
    }

    private mutating func closeStartTag() {
        guard startTagOpen else { return }
        bytes.append(">\n")
        startTagOpen = false
    }

    /// `text` as HTML text: its `&`, `<` and `>` as entities.
    static func htmlEscaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        return text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            default: nil
            }
        }
    }

    /// `text` as an XML attribute value or element content.
    ///
    /// Byte by byte, copying the runs between escapes whole: every character it names is ASCII,
    /// and so are the controls it refuses, so no byte of a longer UTF-8 sequence is mistaken for
    /// one. (A `String` made of each scalar to copy it made opml the slowest export:
    /// Docs/performance.md, "`ls --tsv` and OPML export as bytes".)
    static func appendEscaped(_ text: String, to bytes: inout [UInt8], item: ItemID?) throws {
        var text = text
        try text.withUTF8 { utf8 in
            var plainStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                let escape: String
                switch byte {
                case 0x26: escape = "&amp;"
                case 0x3C: escape = "&lt;"
                case 0x3E: escape = "&gt;"
                case 0x22: escape = "&quot;"
                case 0x0A: escape = "&#10;"
                case 0x09: escape = "&#9;"
                case 0x0D: escape = "&#13;"
                default:
                    // XML 1.0's Char: no C0 control but tab and line ends, and no U+FFFE or
                    // U+FFFF (EF BF BE and EF BF BF: EF only ever starts a sequence).
                    if byte < 0x20 {
                        throw OutlineError.cannotExport(item: item ?? 0, format: "opml", scalar: UInt32(byte))
                    }
                    if byte == 0xBE || byte == 0xBF, index >= 2, utf8[index - 1] == 0xBF, utf8[index - 2] == 0xEF {
                        let scalar: UInt32 = byte == 0xBE ? 0xFFFE : 0xFFFF
                        throw OutlineError.cannotExport(item: item ?? 0, format: "opml", scalar: scalar)
                    }
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                bytes.append(escape)
                plainStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        }
    }
}
