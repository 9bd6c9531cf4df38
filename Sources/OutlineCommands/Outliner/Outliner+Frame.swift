import Foundation
import OutlineKit

/// What the outliner draws: a header with the view's path, the rows around the cursor, and a
/// line for messages, the search and the `:` prompt.
extension Outliner {
    /// One screen: its lines, each already cut to the width, and where the terminal's cursor
    /// stands while a line is edited (0-based row and column).
    struct Frame {
        var lines: [String]
        var cursor: (row: Int, column: Int)?
    }

    /// The screen for a terminal of `rows` by `columns`, marks that have faded dropped.
    ///
    /// Each read is a snapshot of its own: another process may remove the cursor's item, or the
    /// item zoomed into, between two of them. The frame is then read again, the cursor and the
    /// view repaired first.
    func frame(rows: Int, columns: Int, now: Date = Date()) throws -> Frame {
        for _ in 1..<3 {
            do {
                return try frameOnce(rows: rows, columns: columns, now: now)
            } catch OutlineError.unknownItem, OutlineError.notShown {
                try repairCursor(neighbours: lastNeighbours)
            }
        }
        return try frameOnce(rows: rows, columns: columns, now: now)
    }

    private func frameOnce(rows: Int, columns: Int, now: Date) throws -> Frame {
        marks = marks.filter { $0.value.until > now }
        if case .reading(let title, let lines, let offset) = mode {
            return Frame(lines: reading(title, lines, offset: offset, rows: rows, columns: columns), cursor: nil)
        }
        let (bottom, promptCursor) = bottomLines(columns: columns)
        let treeHeight = max(1, rows - 1 - bottom.count)
        pageSize = max(1, treeHeight - 1)
        var lines = [try header().rendered(columns: columns)]
        let (treeLines, editCursor) = try treeLines(height: treeHeight, columns: columns)
        lines += treeLines
        while lines.count < rows - bottom.count { lines.append("") }
        lines += bottom
        let cursor: (row: Int, column: Int)? =
            editCursor.map { (row: $0.row + 1, column: $0.column) } ?? promptCursor.map { (lines.count - 1, $0) }
        // A terminal too small for everything keeps the top: the header and the cursor's rows.
        return Frame(lines: Array(lines.prefix(rows)), cursor: cursor.flatMap { $0.row < rows ? $0 : nil })
    }

    /// The list of keys, or a command's output: as many lines as fit from `offset`, and a last
    /// line that says how many more there are.
    private func reading(_ title: String, _ lines: [String], offset: Int, rows: Int, columns: Int) -> [String] {
        let header = ScreenLine("outline tui · \(title) · j k scroll · any other key returns", .bold)
        var screen = [header.rendered(columns: columns)]
        let remaining = lines.dropFirst(offset)
        let room = remaining.count > rows - 1 ? rows - 2 : rows - 1
        screen += remaining.prefix(max(0, room)).map {
            ScreenLine(TitleSanitizer.forTerminal($0)).rendered(columns: columns)
        }
        if remaining.count > room, room >= 0 {
            screen.append(
                ScreenLine("↓ \(remaining.count - room) more lines: j or Space", .dim).rendered(columns: columns))
        }
        return screen
    }

    /// The view's place, and the two keys a newcomer needs.
    private func header() throws -> ScreenLine {
        let place = tree.root == .root ? "/" : try store.path(of: tree.root).description
        var line = ScreenLine("outline tui", .bold)
        line.append(" · ")
        line.append(TitleSanitizer.forTerminal(place), .bold)
        line.append(" · ? keys · q quits", .dim)
        return line
    }

    /// A row of the tree, or the new row being typed.
    private enum TreeLine {
        case row(OutlineRow)
        case newRow(depth: Int)
    }

    /// The tree's lines around the cursor, and where the edited title's cursor stands.
    private func treeLines(height: Int, columns: Int) throws -> ([String], (row: Int, column: Int)?) {
        // Another process may have removed or moved the cursor's item since the last look.
        if let cursor, try store.shownRow(for: cursor, in: tree) != cursor {
            try repairCursor(neighbours: lastNeighbours)
        }
        guard let cursor else {
            if case .editing(.newItem, let editor) = mode {
                let drawn = OutlinerRowLine.newRow(
                    depth: 1, idWidth: 1, editor: editor, columns: columns)
                return ([drawn.text], (0, drawn.cursorColumn ?? 0))
            }
            return ([ScreenLine("  (nothing here yet: o adds an item)", .dim).rendered(columns: columns)], nil)
        }
        cursorLine = min(max(0, cursorLine), height - 1)
        var above = try store.rows(of: tree, before: cursor, count: cursorLine)
        let below = try store.rows(of: tree, from: cursor, count: height - above.count)
        if above.count + below.count < height, let first = above.first?.id ?? below.first?.id {
            // Near the end: fill the screen from above rather than leave it half empty.
            let more = try store.rows(of: tree, before: first, count: height - above.count - below.count)
            above = more + above
        }
        cursorLine = above.count
        lastNeighbours = try neighbours(
            of: cursor, below: below.dropFirst().map(\.id), above: above.reversed().map(\.id))
        var rows = above.map(TreeLine.row) + below.map(TreeLine.row)
        var editedIndex: Int?
        if case .editing(let line, _) = mode {
            let depth = below.first?.depth ?? 1
            switch line {
            case .title(let id, _):
                editedIndex = rows.firstIndex { if case .row(let row) = $0 { row.id == id } else { false } }
                if editedIndex == nil {
                    // Another process removed the item being retitled: the text is drawn as a new
                    // row, where Enter offers to add it (`finishEditing`).
                    rows.insert(.newRow(depth: depth), at: cursorLine)
                    editedIndex = cursorLine
                }
            case .newItem(_, .before):
                rows.insert(.newRow(depth: depth), at: cursorLine)
                editedIndex = cursorLine
            case .newItem(_, let placement):
                rows.insert(.newRow(depth: placement == .at(1) ? depth + 1 : depth), at: cursorLine + 1)
                editedIndex = cursorLine + 1
            }
            if rows.count > height, let index = editedIndex {
                if index >= height {
                    rows.removeFirst()
                    editedIndex = index - 1
                } else {
                    rows.removeLast()
                }
            }
        }
        let idWidth = String(try store.largestID()).count
        var lines: [String] = []
        var editCursor: (row: Int, column: Int)?
        for (index, line) in rows.enumerated() {
            let editor: LineEditor? =
                if index == editedIndex, case .editing(_, let editor) = mode { editor } else { nil }
            let drawn: (text: String, cursorColumn: Int?)
            switch line {
            case .row(let row):
                drawn = OutlinerRowLine.render(
                    row, isCursor: row.id == cursor && editor == nil, mark: marks[row.id]?.mark, idWidth: idWidth,
                    editor: editor, columns: columns)
            case .newRow(let depth):
                drawn = OutlinerRowLine.newRow(depth: depth, idWidth: idWidth, editor: editor!, columns: columns)
            }
            lines.append(drawn.text)
            if let column = drawn.cursorColumn { editCursor = (index, column) }
        }
        return (lines, editCursor)
    }

    /// The lines at the bottom: the last message, wrapped to the width (a path in it must be
    /// readable whole), then the prompt being typed, or what a pending key waits for, or how
    /// to leave the line editor. The column of the prompt's cursor, if one is typed.
    private func bottomLines(columns: Int) -> ([String], Int?) {
        var lines: [String] = []
        if let message {
            let style: ScreenLine.Style = message.isError ? .colour(31) : .plain
            let wrapped = Self.wrapped(TitleSanitizer.forTerminal(message.text), columns: columns)
            lines += wrapped.suffix(4).map { ScreenLine($0, style).rendered(columns: columns) }
        }
        switch mode {
        case .searching(let editor), .commandLine(let editor):
            let prompt = if case .searching = mode { "/" } else { ":" }
            let visible = editor.visible(width: columns - 1)
            return (lines + [prompt + visible.text], 1 + visible.cursorColumn)
        case .editing where message == nil:
            lines.append(ScreenLine("Enter saves · Esc cancels", .dim).rendered(columns: columns))
        case .browsing where pendingKey != nil:
            let waiting = pendingKey == UInt8(ascii: "d") ? "d: d again removes the item" : "y: y again copies the item"
            lines.append(ScreenLine(waiting, .dim).rendered(columns: columns))
        default: break
        }
        return (lines.isEmpty ? [""] : lines, nil)
    }

    /// `text` in lines of at most `columns` columns, whole characters each.
    static func wrapped(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var width = 0
        for character in text {
            let characterWidth = TerminalWidth.columns(of: character)
            if width + characterWidth > max(1, columns), !line.isEmpty {
                lines.append(line)
                line = ""
                width = 0
            }
            line.append(character)
            width += characterWidth
        }
        return lines + [line]
    }
}
