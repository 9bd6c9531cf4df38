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
            ("state", state(item, details.attributes)),
        ]
        fields += attributeLines(details.attributes)
        fields += [
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

    /// `open`, `TODO`, or `DONE (2026-11-21 21:40:12)`: the keyword, and when a done item was done.
    private static func state(_ item: Item, _ attributes: ItemAttributes) -> String {
        let keyword = attributes.state ?? (item.isDone ? "done" : "open")
        return keyword + (item.doneAt.map { " (\(Moment.local($0)))" } ?? "")
    }

    /// A line for each attribute the item has, in SPEC's order; none for those it lacks.
    private static func attributeLines(_ attributes: ItemAttributes) -> [(String, String)] {
        var lines: [(String, String)] = []
        if let lastDone = attributes.lastDone { lines.append(("last done", Moment.local(lastDone))) }
        if !attributes.tags.isEmpty { lines.append(("tags", safe(attributes.tags.joined(separator: " ")))) }
        if let scheduled = attributes.scheduled { lines.append(("scheduled", scheduled.description)) }
        if let due = attributes.due { lines.append(("due", due.description)) }
        if let priority = attributes.priority { lines.append(("priority", priority.rawValue)) }
        for property in attributes.properties {
            lines.append(("property", safe(property.key) + ": " + safe(property.value)))
        }
        return lines
    }

    /// The attributes' fields of a JSON object, in SPEC's order, into an object the caller opened.
    static func writeAttributes(_ attributes: ItemAttributes, to writer: inout JSONWriter) {
        writer.field("state", attributes.state)
        writer.key("tags")
        writer.openArray()
        for tag in attributes.tags { writer.value(tag) }
        writer.closeArray()
        writeDate(attributes.scheduled, named: "scheduled", to: &writer)
        writeDate(attributes.due, named: "due", to: &writer)
        writer.field("priority", attributes.priority?.rawValue)
        writer.key("properties")
        writer.openObject()
        for property in attributes.properties {
            writer.key(text: property.key)
            writer.value(property.value)
        }
        writer.closeObject()
    }

    /// `{"date": "2026-12-01", "time": "14:30" or null, "repeat": "+1w" or null}`, or null.
    private static func writeDate(_ date: TaskDate?, named name: StaticString, to writer: inout JSONWriter) {
        writer.key(name)
        guard let date else { return writer.null() }
        writer.openObject()
        writer.field("date", date.day.description)
        writer.field("time", date.time)
        writer.field("repeat", date.repeater?.description)
        writer.closeObject()
    }

    /// One `show --json` object: every field SPEC names, in its order, then what `extra` adds
    /// (`agenda`'s `because`).
    static func write(
        _ details: ItemDetails, to writer: inout JSONWriter, extra: (inout JSONWriter) -> Void = { _ in }
    ) {
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
        writer.field("last_done", details.attributes.lastDone.map(Moment.utc))
        writeAttributes(details.attributes, to: &writer)
        writer.field("note", item.note)
        writer.field("children", details.childCount)
        writer.field("descendants", details.descendantCount)
        extra(&writer)
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
