import ArgumentParser
import OutlineKit

/// Parses REF arguments: a non-negative id, or `root` for 0.
enum ItemReference {
    struct Invalid: Error, CustomStringConvertible {
        var text: String
        var description: String { "not an item id (use an id that 'outline ls' shows, or 0 for the root)" }
    }

    static func parse(_ text: String) throws -> ItemID {
        if text == "root" { return .root }
        // Digits only: Int64's parser would also take "+1".
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = ItemID(text) else {
            throw Invalid(text: text)
        }
        return id
    }
}
