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
