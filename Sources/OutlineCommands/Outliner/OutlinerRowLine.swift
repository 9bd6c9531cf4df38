import OutlineKit

/// One row of the outliner, drawn:
///
///     > +  12    ▾ TODO [#A] Write the report :work: ¶  due 2026-12-01
///
/// the cursor's `>`, a mark for a change another process just made, the id (dimmed, aligned),
/// the indent of its depth, `▸` for folded children and `▾` for shown ones (`·` for none), the
/// keyword, the priority, a done item's `✓`, the title, tags, `¶` for a note, and its dates.
/// Every text from the outline goes through `TitleSanitizer.forTerminal`: a title cannot move the
/// terminal's cursor or change its colours.
enum OutlinerRowLine {
    /// The row, and, when `editor` edits its title, the column of the editor's cursor.
    static func render(
        _ row: OutlineRow, isCursor: Bool, mark: RowMark?, idWidth: Int, editor: LineEditor?, columns: Int
    ) -> (text: String, cursorColumn: Int?) {
        var line = ScreenLine()
        line.append(isCursor ? ">" : " ", .bold)
        if let mark { line.append(mark.symbol, .colour(mark.colour)) } else { line.append(" ") }
        let id = String(row.id)
        line.append(" " + String(repeating: " ", count: max(0, idWidth - id.count)) + id, .dim)
        line.append("  " + indent(row.depth))
        line.append(row.isFolded ? "▸ " : row.hasChildren ? "▾ " : "· ", .dim)
        let attributes = row.attributes
        if let editor {
            return withEditor(line, editor, columns: columns)
        }
        if let state = attributes.state {
            line.append(TitleSanitizer.forTerminal(state) + " ", .colour(row.item.isDone ? 32 : 31))
        } else if row.item.isDone {
            line.append(TreeRenderer.doneMark, .dim)
        }
        if let priority = attributes.priority { line.append("[#\(priority.rawValue)] ", .colour(33)) }
        let titleStyle: ScreenLine.Style = mark.map { .colour($0.colour) } ?? (row.item.isDone ? .dim : .plain)
        line.append(TitleSanitizer.forTerminal(row.item.title), isCursor ? .reverse : titleStyle)
        if !attributes.tags.isEmpty {
            line.append(
                " :" + attributes.tags.map(TitleSanitizer.forTerminal).joined(separator: ":") + ":", .colour(36))
        }
        if row.item.note != nil { line.append(" ¶", .dim) }
        if let scheduled = attributes.scheduled { line.append("  scheduled \(scheduled)", .colour(35)) }
        if let due = attributes.due { line.append("  due \(due)", .colour(35)) }
        return (line.rendered(columns: columns), nil)
    }

    /// The row of an item about to be added, its title being typed.
    static func newRow(depth: Int, idWidth: Int, editor: LineEditor, columns: Int) -> (text: String, cursorColumn: Int?)
    {
        var line = ScreenLine("  " + String(repeating: " ", count: idWidth + 1), .plain)
        line.append("  " + indent(depth))
        line.append("· ", .dim)
        return withEditor(line, editor, columns: columns)
    }

    /// Two spaces a level below the first.
    private static func indent(_ depth: Int) -> String {
        String(repeating: "  ", count: max(0, depth - 1))
    }

    /// `line` followed by the editor's text, scrolled to keep its cursor in view.
    private static func withEditor(_ line: ScreenLine, _ editor: LineEditor, columns: Int) -> (
        text: String, cursorColumn: Int?
    ) {
        var line = line
        let used = line.width
        let visible = editor.visible(width: max(1, columns - used))
        line.append(visible.text, .underline)
        return (line.rendered(columns: columns), used + visible.cursorColumn)
    }
}
