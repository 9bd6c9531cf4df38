import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An outline as a reader of a document sees it: titles, states and notes, nested. Built here
/// from what tools nobody in this project wrote (pandoc, cmark-gfm) make of an export, and from
/// `ls --json`, so that the two can be compared.
struct DocumentNode: Equatable, CustomStringConvertible {
    var title: String
    /// nil where the document says nothing of the state.
    var done: Bool?
    /// The note's words, white space collapsed: readers join a paragraph's lines.
    var note: String?
    var children: [DocumentNode] = []

    var description: String { describe(indent: "") }

    private func describe(indent: String) -> String {
        var line = indent + title.debugDescription
        if let done { line += done ? " [done]" : " [open]" }
        if let note { line += " note: " + note.debugDescription }
        return ([line] + children.map { $0.describe(indent: indent + "  ") }).joined(separator: "\n")
    }

    /// The same tree with every state forgotten, or with open for every state not given.
    func states(_ keep: Bool, defaultDone: Bool? = nil) -> DocumentNode {
        var copy = self
        copy.done = keep ? (done ?? defaultDone) : nil
        copy.children = children.map { $0.states(keep, defaultDone: defaultDone) }
        return copy
    }

    /// The same tree without notes.
    var withoutNotes: DocumentNode {
        var copy = self
        copy.note = nil
        copy.children = children.map(\.withoutNotes)
        return copy
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The outline as `ls --json` gives it.
    static func fromListing(_ json: String) throws -> [DocumentNode] {
        let items = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        func node(_ item: [String: Any]) -> DocumentNode {
            DocumentNode(
                title: item["title"] as! String, done: item["done"] as? Bool,
                note: (item["note"] as? String).map(collapsed),
                children: (item["children"] as? [[String: Any]] ?? []).map(node))
        }
        return items.map(node)
    }

    // MARK: pandoc

    /// A pandoc JSON document (`pandoc -t json`) whose outline is bullet lists (markdown): an
    /// item's first block is its title, its paragraphs its note, its lists its children. GFM's
    /// task markers come as ☒ and ☐. Consecutive lists are one list: pandoc starts a new one
    /// where task items and plain ones meet.
    static func fromPandocLists(_ json: Data) throws -> [DocumentNode] {
        let document = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        return listItems(document["blocks"] as! [Any])
    }

    private static func listItems(_ blocks: [Any]) -> [DocumentNode] {
        blocks.compactMap { $0 as? [String: Any] }.filter { $0["t"] as? String == "BulletList" }.flatMap { list in
            (list["c"] as! [[Any]]).map(listItem)
        }
    }

    private static func listItem(_ blocks: [Any]) -> DocumentNode {
        let blocks = blocks.compactMap { $0 as? [String: Any] }
        var title = blocks.first.map { text(of: $0["c"] as? [Any] ?? []) } ?? ""
        var done: Bool?
        if title.hasPrefix("\u{2612} ") { done = true } else if title.hasPrefix("\u{2610} ") { done = false }
        if done != nil { title.removeFirst(2) }
        let paragraphs = blocks.dropFirst().filter { $0["t"] as? String == "Para" || $0["t"] as? String == "Plain" }
        let note = paragraphs.map { text(of: $0["c"] as? [Any] ?? []) }.joined(separator: " ")
        return DocumentNode(
            title: title, done: done, note: note.isEmpty ? nil : collapsed(note),
            children: listItems(Array(blocks.dropFirst())))
    }

    /// A pandoc JSON document whose outline is headers (OPML, org): each header's level is its
    /// depth, the paragraphs after it its note; org's TODO and DONE come as spans.
    static func fromPandocHeaders(_ json: Data) throws -> [DocumentNode] {
        let document = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        var roots: [DocumentNode] = []
        var path: [Int] = []  // indexes from the roots down to the last header
        func update(_ body: (inout DocumentNode) -> Void) {
            func walk(_ nodes: inout [DocumentNode], _ rest: ArraySlice<Int>) {
                if rest.count == 1 {
                    body(&nodes[rest.first!])
                } else {
                    walk(&nodes[rest.first!].children, rest.dropFirst())
                }
            }
            walk(&roots, path[...])
        }
        for block in (document["blocks"] as! [Any]).compactMap({ $0 as? [String: Any] }) {
            switch block["t"] as? String {
            case "Header":
                let content = block["c"] as! [Any]
                let level = content[0] as! Int
                var inlines = content[2] as! [Any]
                var done: Bool?
                if let span = inlines.first as? [String: Any], span["t"] as? String == "Span",
                    let classes = ((span["c"] as? [Any])?.first as? [Any])?[1] as? [String]
                {
                    if classes.contains("done") { done = true } else if classes.contains("todo") { done = false }
                    if done != nil { inlines = Array(inlines.dropFirst(2)) }
                }
                let node = DocumentNode(title: text(of: inlines), done: done)
                path = Array(path.prefix(level - 1))
                if path.isEmpty {
                    roots.append(node)
                    path = [roots.count - 1]
                } else {
                    var index = 0
                    update { parent in
                        parent.children.append(node)
                        index = parent.children.count - 1
                    }
                    path.append(index)
                }
            case "Para", "Plain":
                let words = text(of: block["c"] as? [Any] ?? [])
                update { $0.note = collapsed(($0.note.map { $0 + " " } ?? "") + words) }
            default: break
            }
        }
        return roots
    }

    /// The text of pandoc inlines: what a reader of the document reads.
    private static func text(of inlines: [Any]) -> String {
        inlines.compactMap { $0 as? [String: Any] }.map { inline -> String in
            switch inline["t"] as? String {
            case "Str": return inline["c"] as? String ?? ""
            case "Space", "SoftBreak", "LineBreak": return " "
            case "Code", "Math", "RawInline": return (inline["c"] as? [Any])?.last as? String ?? ""
            case "Emph", "Strong", "Strikeout", "Underline", "SmallCaps", "Superscript", "Subscript":
                return text(of: inline["c"] as? [Any] ?? [])
            case "Quoted":
                let content = inline["c"] as? [Any] ?? []
                let quote = (content.first as? [String: Any])?["t"] as? String == "SingleQuote" ? "'" : "\""
                return quote + text(of: content.last as? [Any] ?? []) + quote
            case "Span", "Link", "Image", "Cite":
                return text(of: (inline["c"] as? [Any])?[1] as? [Any] ?? [])
            default: return ""
            }
        }.joined()
    }

    // MARK: cmark-gfm

    /// cmark-gfm's XML (`cmark-gfm -e tasklist -t xml`): lists of items (or `tasklist`
    /// elements, `completed="true"` when done), each with paragraphs and nested lists.
    static func fromCmarkXML(_ xml: Data) throws -> [DocumentNode] {
        let reader = CmarkTreeReader()
        let parser = XMLParser(data: xml)
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return reader.roots
    }
}

/// Builds `DocumentNode`s from cmark-gfm's XML as the parser reports it.
private final class CmarkTreeReader: NSObject, XMLParserDelegate {
    var roots: [DocumentNode] = []
    private var stack: [DocumentNode] = []
    private var paragraphs = 0
    private var paragraphText = ""
    /// Paragraphs seen in the current item: the first is the title, the rest the note.
    private var paragraphsInItem: [Int] = []
    /// Inside an element whose characters are text (the XML's indentation is not).
    private var inText = false

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch element {
        case "item":
            stack.append(DocumentNode(title: "", done: nil))
            paragraphsInItem.append(0)
        case "tasklist":
            stack.append(DocumentNode(title: "", done: attributes["completed"] == "true"))
            paragraphsInItem.append(0)
        case "paragraph": paragraphText = ""
        case "softbreak", "linebreak": paragraphText += " "
        case "text", "code", "html_inline": inText = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { paragraphText += string } }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "text", "code", "html_inline": inText = false
        case "paragraph":
            guard !stack.isEmpty else { return }
            let text = paragraphText
            if paragraphsInItem[paragraphsInItem.count - 1] == 0 {
                stack[stack.count - 1].title = text
            } else {
                let note = stack[stack.count - 1].note.map { $0 + " " } ?? ""
                stack[stack.count - 1].note = DocumentNode.collapsed(note + text)
            }
            paragraphsInItem[paragraphsInItem.count - 1] += 1
        case "item", "tasklist":
            let node = stack.removeLast()
            paragraphsInItem.removeLast()
            if stack.isEmpty { roots.append(node) } else { stack[stack.count - 1].children.append(node) }
        default: break
        }
    }
}
