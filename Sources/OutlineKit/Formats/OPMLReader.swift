import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `opml` format: nested `<outline>` elements, their `text` read as the HTML OPML lets it
/// be (tags dropped, entities decoded), `_note` as the note, and `_complete="true"` (Workflowy,
/// Dynalist) or `_status="checked"` (OmniOutliner) as done. Other elements and attributes are
/// ignored.
///
/// A document with a `<!DOCTYPE` or an `<!ENTITY` is refused before it is parsed: no external
/// entity is ever read and no entity expanded (XXE, "billion laughs"). Any parse error is fatal,
/// with its line and column.
public enum OPMLReader {
    /// The items of an OPML document.
    ///
    /// - Throws: `DocumentError` with the line and column.
    public static func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        if let line = declarationLine(bytes) {
            throw DocumentError(line: line, "the document declares a DTD or entities, which are refused")
        }
        let reader = Delegate()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let failure = reader.failure { throw failure }
        guard parsed else {
            let reason = "the XML is not well-formed" + (parser.parserError.map { ": " + describe($0) } ?? "")
            throw DocumentError(line: max(1, parser.lineNumber), column: max(0, parser.columnNumber), reason)
        }
        guard reader.sawOPML else { throw DocumentError(line: 1, "the document is not OPML: it has no <opml> element") }
        return reader.nester.finish()
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

    private final class Delegate: NSObject, XMLParserDelegate {
        var nester = ItemNester()
        var failure: DocumentError?
        var sawOPML = false
        /// How deep the parser is among `<outline>` elements.
        private var depth = 0

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if element == "opml" { sawOPML = true }
            guard element == "outline" else { return }
            depth += 1
            let done = attributes["_complete"] == "true" || attributes["_status"] == "checked"
            let item = ImportedItem(title: OPMLReader.htmlText(attributes["text"] ?? ""), isDone: done)
            do {
                var checked = try MarkdownReader.checked(item, line: parser.lineNumber)
                if let note = attributes["_note"] {
                    checked.note = try MarkdownReader.checkedNote(note, line: parser.lineNumber)
                }
                try nester.add(checked, depth: depth, line: parser.lineNumber)
            } catch let error as DocumentError {
                failure = DocumentError(line: error.line, column: parser.columnNumber, error.reason)
                parser.abortParsing()
            } catch {
                parser.abortParsing()
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "outline" { depth -= 1 }
        }

        /// libxml2 recovers from errors and parses on: the first one ends the reading.
        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
            guard failure == nil else { return }
            failure = DocumentError(
                line: max(1, parser.lineNumber), column: max(0, parser.columnNumber),
                "the XML is not well-formed: " + OPMLReader.describe(error))
            parser.abortParsing()
        }
    }

    /// A parse error in a few words. The error's code is libxml2's own (`xmlParserErrors`), not
    /// one of Foundation's `XMLParser.ErrorCode`s: the common ones by name, the rest by number.
    static func describe(_ error: Error) -> String {
        switch (error as NSError).code {
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
        default: "libxml2 error \((error as NSError).code)"
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
