import CXMLReader

/// The `opml` format: nested `<outline>` elements, their `text` read as the HTML OPML lets it
/// be (tags dropped, entities decoded), `_note` as the note, and `_complete="true"` (Workflowy,
/// Dynalist) or `_status="checked"` (OmniOutliner) as done. Other elements and attributes are
/// ignored.
///
/// A document with a `<!DOCTYPE` or an `<!ENTITY` is refused before it is parsed: no external
/// entity is ever read and no entity expanded (XXE, "billion laughs"). Any parse error is fatal,
/// with its line and column. libxml2 reads the XML (`CXMLReader`), loaded only when a document
/// is read.
public enum OPMLReader {
    /// The items of an OPML document.
    ///
    /// - Throws: `DocumentError` with the line and column.
    public static func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        if let line = declarationLine(bytes) {
            throw DocumentError(line: line, "the document declares a DTD or entities, which are refused")
        }
        // libxml2's reader calls an empty document badly ended; it simply holds no OPML.
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw DocumentError(line: 1, "the document is not OPML: it has no <opml> element")
        }
        guard bytes.count <= Int(Int32.max) else {
            throw DocumentError(line: 1, "the document is larger than the 2 GiB that libxml2 reads")
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { characters in
                var why = [CChar](repeating: 0, count: 256)
                guard let reader = outline_xml_open(characters.baseAddress, Int32(buffer.count), &why, why.count)
                else {
                    let reason = String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    throw DocumentError(line: 1, "reading OPML needs libxml2, which could not be loaded: \(reason)")
                }
                defer { outline_xml_close(reader) }
                return try items(from: reader)
            }
        }
    }

    /// Walks the elements: each `<outline>` is an item, nested as the elements are.
    private static func items(from reader: OpaquePointer) throws -> [ImportedItem] {
        var nester = ItemNester()
        var sawOPML = false
        var depth = 0  // how deep the reader is among `<outline>` elements
        while true {
            switch outline_xml_next(reader) {
            case Int32(OUTLINE_XML_ELEMENT_START.rawValue):
                let name = String(cString: outline_xml_name(reader))
                if name == "opml" { sawOPML = true }
                guard name == "outline" else { continue }
                depth += 1
                let line = Int(max(1, outline_xml_line(reader)))
                let attribute = { (name: String) in outline_xml_attribute(reader, name).map { String(cString: $0) } }
                let done = attribute("_complete") == "true" || attribute("_status") == "checked"
                let item = ImportedItem(title: htmlText(attribute("text") ?? ""), isDone: done)
                var checked = try MarkdownReader.checked(item, line: line)
                if let note = attribute("_note") {
                    checked.note = try MarkdownReader.checkedNote(note, line: line)
                }
                try nester.add(checked, depth: depth, line: line)
            case Int32(OUTLINE_XML_ELEMENT_END.rawValue):
                if String(cString: outline_xml_name(reader)) == "outline" { depth -= 1 }
            case Int32(OUTLINE_XML_END_OF_DOCUMENT.rawValue):
                guard sawOPML else {
                    throw DocumentError(line: 1, "the document is not OPML: it has no <opml> element")
                }
                return nester.finish()
            default:
                var code: Int32 = 0
                var line: Int32 = 0
                var column: Int32 = 0
                outline_xml_error(reader, &code, &line, &column)
                throw DocumentError(
                    line: max(1, Int(line)), column: max(0, Int(column)),
                    "the XML is not well-formed: " + describe(code: Int(code)))
            }
        }
    }

    /// The line of the first `<!DOCTYPE` or `<!ENTITY`, in any case, if there is one.
    static func declarationLine(_ bytes: [UInt8]) -> Int? {
        let lowered = bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
        for needle in [Array("<!doctype".utf8), Array("<!entity".utf8)] {
            if let start = ByteSearch.firstIndex(of: needle, in: lowered, from: 0) {
                return lowered[..<start].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            }
        }
        return nil
    }

    /// A parse error in a few words, from libxml2's code (`xmlParserErrors`): the common ones by
    /// name, the rest by number.
    static func describe(code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case 5: "the document does not end where its elements do"
        case 9: "a character XML does not allow"
        case 23: "an entity reference lacks its ;"
        case 26: "an entity is used that XML does not know"
        case 38: "an attribute holds a bare <"
        case 39, 40, 41: "an attribute's value is not in quotes"
        case 42: "an attribute is given twice"
        case 68: "an & does not start an entity"
        case 73: "a tag is not closed with >"
        case 76: "an end tag does not match its start tag"
        case 77: "the document ends inside a tag"
        default: "libxml2 error \(code)"
        }
    }

    /// HTML as text: tags dropped, character references and the common named ones decoded.
    static func htmlText(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var out = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                index = html.index(after: close)
                continue
            }
            if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";"),
                let decoded = entity(html[html.index(after: index)..<semicolon])
            {
                out.unicodeScalars.append(decoded)
                index = html.index(after: semicolon)
                continue
            }
            out.append(character)
            index = html.index(after: index)
        }
        return out
    }

    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
