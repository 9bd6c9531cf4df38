import Foundation

/// The `json` format: `ls --json`'s nested array of `{"title", "done", "note", "children"}`.
/// Ids and positions in it are ignored: imported items get new ones.
public enum JSONDocumentReader {
    /// The items of a JSON document.
    ///
    /// - Throws: `DocumentError`.
    public static func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            // Foundation's JSON reader stops at 512 levels of arrays and objects, two an item.
            if nestingDepth(bytes) >= 512 {
                throw DocumentError(
                    line: 1, "the JSON nests deeper than the 255 levels of items its reader takes; use OPML or text")
            }
            throw DocumentError(line: 1, "the file is not JSON")
        }
        guard let items = value as? [Any] else {
            throw DocumentError(line: 1, "the JSON is not an array of items, as 'ls --json' writes")
        }
        var count = 0
        return try items.map { try item($0, depth: 1, count: &count) }
    }

    /// How deeply arrays and objects nest in `bytes`, strings skipped.
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                deepest = max(deepest, depth)
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return deepest
    }

    private static func item(_ value: Any, depth: Int, count: inout Int) throws -> ImportedItem {
        count += 1
        guard depth <= OutlineStore.maximumDepth else {
            throw DocumentError(line: 1, "items nest more than \(OutlineStore.maximumDepth) levels deep")
        }
        guard let object = value as? [String: Any], let title = object["title"] as? String else {
            throw DocumentError(line: 1, "item \(count) has no \"title\" text")
        }
        var item = try MarkdownReader.checked(
            ImportedItem(title: title, isDone: object["done"] as? Bool ?? false), line: 1)
        if let note = object["note"] as? String {
            item.note = try MarkdownReader.checkedNote(note, line: 1)
        }
        item.children = try (object["children"] as? [Any] ?? []).map {
            try self.item($0, depth: depth + 1, count: &count)
        }
        return item
    }
}

extension DocumentFormat {
    /// The format a file's name says, by its extension: `.md`, `.markdown`, `.opml`, `.org`,
    /// `.txt`, `.json`.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "md", "markdown", "mdown", "mkd": self = .markdown
        case "opml": self = .opml
        case "org": self = .org
        case "txt", "text": self = .text
        case "json": self = .json
        default: return nil
        }
    }

    /// The format a document's content suggests: XML (in UTF-8 or UTF-16) is OPML, an array is JSON, a line that
    /// starts with `* ` after a first line that does is org (`*` bullets without one are
    /// Markdown), a bullet or heading is Markdown, and anything else text.
    public init(content bytes: [UInt8]) {
        // XML is the one format read in UTF-16: a byte order mark, or a "<" beside a zero byte.
        if [[0xFF, 0xFE], [0xFE, 0xFF], [0x3C, 0x00], [0x00, 0x3C]].contains(where: { bytes.starts(with: $0) }) {
            self = .opml
            return
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let first = bytes[start...].first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if first == UInt8(ascii: "<") {
            self = .opml
            return
        }
        if first == UInt8(ascii: "[") {
            self = .json
            return
        }
        let head = String(decoding: bytes[start..<min(bytes.count, start + 64 * 1024)], as: UTF8.self)
        let lines = head.split(separator: "\n").map { $0.drop { $0 == " " || $0 == "\t" } }
        let orgLike =
            lines.contains { $0.hasPrefix("#+") } || lines.contains { $0.hasPrefix("** ") }
            || (lines.first?.hasPrefix("* ") == true && !lines.contains { $0.hasPrefix("- ") })
        if orgLike {
            self = .org
        } else if lines.contains(where: { MarkdownReader.bulletContent(Substring($0)) != nil || $0.hasPrefix("#") }) {
            self = .markdown
        } else {
            self = .text
        }
    }

    /// The format for a document named `fileName` holding `bytes`: the name's, else the
    /// content's. A `.txt` file whose first line is a bullet is a Markdown list (Workflowy's
    /// plain-text export, say), since plain text has no bullets to strip.
    public init(fileName: String?, content bytes: [UInt8]) {
        guard let named = fileName.flatMap(DocumentFormat.init(fileName:)) else {
            self.init(content: bytes)
            return
        }
        if named == .text, DocumentFormat(content: bytes) == .markdown,
            let first = String(decoding: bytes.prefix(4096), as: UTF8.self).split(separator: "\n").first(where: {
                !$0.allSatisfy { $0 == " " || $0 == "\t" }
            }),
            MarkdownReader.bulletContent(first.drop { $0 == " " || $0 == "\t" }) != nil
        {
            self = .markdown
            return
        }
        self = named
    }

    /// The items of `bytes` read in this format.
    ///
    /// - Throws: `DocumentError`.
    public func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        switch self {
        case .markdown: try MarkdownReader.read(bytes)
        case .opml: try OPMLReader.read(bytes)
        case .org: try OrgReader.read(bytes)
        case .text: try TextReader.read(bytes)
        case .json: try JSONDocumentReader.read(bytes)
        }
    }
}
