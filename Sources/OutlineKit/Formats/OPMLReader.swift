import CXMLReader

/// The `opml` format: nested `<outline>` elements, their `text` read as the HTML OPML lets it
/// be (links kept as Markdown, other marks dropped and counted, entities decoded), `_note` as
/// the note, `_complete="true"` (Workflowy, Dynalist) or `_status="checked"` (OmniOutliner) as
/// done, the attributes `OPMLWriter` writes (`_state`, `_tags`, `_scheduled`, `_due`,
/// `_priority`, `_done_at`, `_last_done`) as the item's, and any other attribute as a property
/// (`_color` or `color` as `color`). Other elements are ignored.
///
/// A document that declares a DTD is refused as soon as the parser meets its `<!DOCTYPE`, in
/// whatever encoding it is written: no external entity is ever read and no entity declared or
/// expanded (XXE, "billion laughs"). Any parse error is fatal, with its line and column. libxml2
/// reads the XML (`CXMLReader`), loaded only when a document is read.
public enum OPMLReader {
    /// The items of an OPML document, and what it could not carry.
    ///
    /// - Throws: `DocumentError` with the line and column.
    public static func read(_ bytes: [UInt8], context: DocumentReadingContext) throws -> ImportedDocument {
        try refuseUnreadable(bytes)
        let reader = ElementReader()
        var failure = outline_xml_failure()
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                withExtendedLifetime(reader) {
                    outline_xml_parse(
                        characters.baseAddress, Int32(buffer.count), Unmanaged.passUnretained(reader).toOpaque(),
                        { context, name, attributes, line, column in
                            let reader = Unmanaged<ElementReader>.fromOpaque(context!).takeUnretainedValue()
                            return reader.start(name!, attributes!, line: Int(line), column: Int(column)) ? 0 : 1
                        },
                        { context, name in
                            Unmanaged<ElementReader>.fromOpaque(context!).takeUnretainedValue().end(name!)
                        }, &failure)
                }
            }
        }
        let message = withUnsafeBytes(of: failure.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch Int(outcome) {
        case Int(OUTLINE_XML_STOPPED.rawValue):
            throw reader.failure ?? DocumentError(line: 1, "the document could not be read")
        case Int(OUTLINE_XML_FAILED.rawValue) where failure.code == OUTLINE_XML_TOO_MANY_ATTRIBUTES:
            throw DocumentError(line: Int(failure.line), "a tag has more than 10,000 attributes, which are refused")
        case Int(OUTLINE_XML_FAILED.rawValue) where failure.code == OUTLINE_XML_DECLARES_DTD:
            throw DocumentError(
                line: max(1, Int(failure.line)), "the document declares a DTD or entities, which are refused")
        case Int(OUTLINE_XML_FAILED.rawValue):
            throw DocumentError(
                line: max(1, Int(failure.line)), column: max(0, Int(failure.column)),
                "the XML is not well-formed: " + describe(code: Int(failure.code), message: message))
        case Int(OUTLINE_XML_UNAVAILABLE.rawValue):
            throw DocumentError(line: 1, "reading OPML needs libxml2, which could not be loaded: \(message)")
        default:
            guard reader.sawOPML else {
                throw DocumentError(line: 1, "the document is not OPML: it has no <opml> element")
            }
            let items = try reader.nester.finish()
            reader.report.add(reader.nester.report, from: nil)
            return ImportedDocument(items: items, report: reader.report)
        }
    }

    /// Refuses what libxml2 cannot be given: UTF-32, too many bytes, and documents with nothing
    /// in them.
    private static func refuseUnreadable(_ bytes: [UInt8]) throws {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            throw DocumentError(line: 1, "the document is in UTF-32, which libxml2 does not read; convert it to UTF-8")
        }
        // Nothing but white space, or a byte order mark alone, holds no <opml> element (libxml2
        // would call the mark badly ended). In UTF-16, a space's other byte is zero.
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        let afterMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes.dropFirst(utf16 ? 2 : 0)
        guard afterMark.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) && !(utf16 && $0 == 0) }) else {
            throw DocumentError(line: 1, "the document is not OPML: it has no <opml> element")
        }
        guard bytes.count <= Int(Int32.max) else {
            throw DocumentError(line: 1, "the document is larger than the 2 GiB that libxml2 reads")
        }
    }

    /// Turns elements into items: each `<outline>` one, nested as the elements are.
    private final class ElementReader {
        var nester = ItemNester()
        var sawOPML = false
        /// What the attributes and titles read so far could not carry.
        var report = ImportReport()
        /// The first item refused, which stops the parse.
        var failure: DocumentError?
        /// How deep the parser is among `<outline>` elements.
        private var depth = 0

        /// Reads one element's start; false refuses the document (`failure` says why).
        func start(
            _ name: UnsafePointer<CChar>, _ rawAttributes: UnsafePointer<UnsafePointer<CChar>?>, line: Int, column: Int
        ) -> Bool {
            let element = String(cString: name)
            if element == "opml" { sawOPML = true }
            guard element == "outline" else { return true }
            depth += 1
            var attributes: [(name: String, value: String)] = []
            var index = 0
            while let key = rawAttributes[index], let value = rawAttributes[index + 1] {
                attributes.append((String(cString: key), String(cString: value)))
                index += 2
            }
            do {
                // An <outline> without text (a Workflowy export's empty bullet) is left out by
                // the nester if nothing is under it.
                let item = try OPMLItemReader.item(attributes, line: line, column: column, report: &report)
                try nester.add(item, depth: depth, line: line, column: column)
                return true
            } catch let error as DocumentError {
                // An error about an earlier element (an untitled one found to hold items when
                // this one closed it) comes with that element's column; others are this one's.
                failure = error.column > 0 ? error : DocumentError(line: error.line, column: column, error.reason)
            } catch {
                failure = DocumentError(line: line, column: column, "\(error)")
            }
            return false
        }

        func end(_ name: UnsafePointer<CChar>) {
            if String(cString: name) == "outline" { depth -= 1 }
        }
    }

    /// A parse error in a few words, from libxml2's code (`xmlParserErrors`): the common ones in
    /// our words, the rest in libxml2's.
    static func describe(code: Int, message: String) -> String {
        switch code {
        case _ where message.contains("length too long") || message.contains("Huge input lookup"):
            "a tag, an attribute's value or a name is longer than libxml2 reads (10 MB)"
        case 4: "it holds no XML element (it is empty, or not XML)"
        case 6, 7, 8: "a character reference (&#...;) names no character XML allows"
        case 5: "something follows the document's last element"
        case 9 where message.contains("UTF-8"):
            "its bytes are not UTF-8, and it names no other encoding (<?xml version=\"1.0\" encoding=\"...\"?>)"
        case 9: "a character XML does not allow"
        case 23: "an entity reference lacks its ;"
        case 34: "a quoted value is not closed"
        case 26: "an entity is used that XML does not know"
        case 31, 32: "it names an encoding that libxml2 does not know"
        case 38: "an attribute holds a bare <"
        case 39, 40, 41: "an attribute's value is not in quotes, or not closed"
        case 42: "an attribute is given twice"
        case 45: "a comment is not closed with -->"
        case 57: "the <?xml ...?> declaration is not closed with ?>"
        case 64: "the <?xml ...?> declaration is not the first thing in the file"
        case 68 where message.contains("EntityRef"): "an & does not start an entity (write & as &amp;)"
        case 68: "a name is missing where XML needs one (after < or &, or an attribute's)"
        case 65: "attributes are not separated by a space"
        case 73: "a tag is not closed with >"
        case 75: "an attribute lacks its ="
        case 76: "an end tag does not match its start tag"
        case 77: "the document ends before all its elements are closed (was it cut short?)"
        case 81: "its bytes do not fit the encoding it names (\(message))"
        case 96: "the <?xml ...?> declaration lacks its version"
        case 97, 108: "it is not XML 1.0, the one version read"
        case 200: "a namespace prefix is declared empty"
        case 201: "a namespace prefix is used that the document does not declare"
        case 203: "an attribute is given twice"
        case 6003: "its bytes do not fit the encoding it names"
        default: message.isEmpty ? "libxml2 error \(code)" : "\(message) (libxml2 error \(code))"
        }
    }
}
