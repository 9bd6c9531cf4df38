import Foundation
import OutlineKit

/// How `show` prints an item's details, and how `show --json` and `find --json` write them.
enum ItemDetailsOutput {
    /// A label and its value a line, the values aligned; titles made safe for a terminal.
    static func lines(_ details: ItemDetails) -> [String] {
        let item = details.item
        let parent =
            item.parentID == .root ? "0 (the root)" : "\(item.parentID)  \(safe(details.parentPath.description))"
        var fields: [(String, String)] = [
            ("id", String(item.id)),
            ("title", safe(item.title)),
            ("path", safe(details.path.description)),
            ("parent", parent),
            ("position", "\(item.position) of \(details.siblingCount)"),
            ("depth", String(details.depth)),
            ("state", item.doneAt.map { "done (\(Moment.local($0)))" } ?? "open"),
            ("children", String(details.childCount)),
            ("descendants", String(details.descendantCount)),
        ]
        if let globalID = details.globalID { fields.insert(("uid", globalID), at: 1) }
        let width = fields.map(\.0.count).max() ?? 0
        var lines = fields.map { label, value in
            Terminal.dim(label + ":") + String(repeating: " ", count: width - label.count + 1) + value
        }
        // The note last, its lines under the values.
        let noteLines = item.note.map { TitleSanitizer.forTerminalKeepingLines($0).components(separatedBy: "\n") }
        for (index, line) in (noteLines ?? ["none"]).enumerated() {
            let label = index == 0 ? Terminal.dim("note:") + String(repeating: " ", count: width - 3) : ""
            lines.append((index == 0 ? label : String(repeating: " ", count: width + 2)) + line)
        }
        return lines
    }

    /// One `show --json` object: every field SPEC names, in its order.
    static func write(_ details: ItemDetails, to writer: inout JSONWriter) {
        let item = details.item
        writer.openObject()
        writer.field("id", item.id)
        writer.field("uid", details.globalID)
        writer.field("title", item.title)
        writer.field("path", details.path.description)
        writer.field("parent", item.parentID)
        writer.field("position", item.position)
        writer.field("depth", details.depth)
        writer.field("done", item.isDone)
        writer.field("done_at", item.doneAt.map(Moment.utc))
        writer.field("note", item.note)
        writer.field("children", details.childCount)
        writer.field("descendants", details.descendantCount)
        writer.closeObject()
    }

    /// The fields every JSON listing gives an item, in SPEC's order: `id`, `title`, `position`,
    /// `done`, `note`, into an object the caller opened.
    static func writeItemFields(_ item: Item, to writer: inout JSONWriter) {
        writer.field("id", item.id)
        writer.field("title", item.title)
        writer.field("position", item.position)
        writer.field("done", item.isDone)
        writer.field("note", item.note)
    }

    private static func safe(_ text: String) -> String { TitleSanitizer.forTerminal(text) }
}
