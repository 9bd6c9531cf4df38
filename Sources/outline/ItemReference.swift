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
        guard text.allSatisfy(\.isASCII), let id = ItemID(text), id >= 0 else { throw Invalid(text: text) }
        return id
    }
}
