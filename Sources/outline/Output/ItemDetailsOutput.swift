import OutlineKit

/// How `show` prints an item's details, and how `show --json` and `find --json` write them.
enum ItemDetailsOutput {
    /// A label and its value a line, the values aligned; titles made safe for a terminal.
    static func lines(_ details: ItemDetails) -> [String] {
        let item = details.item
        let parent =
            item.parentID == .root ? "0 (the root)" : "\(item.parentID)  \(safe(details.parentPath.description))"
        let fields: [(String, String)] = [
            ("id", String(item.id)),
            ("title", safe(item.title)),
            ("path", safe(details.path.description)),
            ("parent", parent),
            ("position", "\(item.position) of \(details.siblingCount)"),
            ("depth", String(details.depth)),
            // Items have no done state yet: every one is open.
            ("state", "open"),
            ("children", String(details.childCount)),
            ("descendants", String(details.descendantCount)),
        ]
        let width = fields.map(\.0.count).max() ?? 0
        return fields.map { label, value in
            Terminal.dim(label + ":") + String(repeating: " ", count: width - label.count + 1) + value
        }
    }

    /// One `show --json` object: every field SPEC names, in its order.
    static func write(_ details: ItemDetails, to writer: inout JSONWriter) {
        let item = details.item
        writer.openObject()
        writer.field("id", item.id)
        writer.field("title", item.title)
        writer.field("path", details.path.description)
        writer.field("parent", item.parentID)
        writer.field("position", item.position)
        writer.field("depth", details.depth)
        // No done state or notes yet: every item is open, without a note.
        writer.field("done", false)
        writer.field("done_at", nil as String?)
        writer.field("note", nil as String?)
        writer.field("children", details.childCount)
        writer.field("descendants", details.descendantCount)
        writer.closeObject()
    }

    private static func safe(_ text: String) -> String { TitleSanitizer.forTerminal(text) }
}
