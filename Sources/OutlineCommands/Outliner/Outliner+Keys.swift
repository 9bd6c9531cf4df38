import OutlineKit

extension Outliner {
    /// Applies one key, and says what the caller must do with the terminal.
    func handle(_ key: Key) -> Effect {
        var key = key
        switch key {
        case .pasteStart, .pasteEnd:
            isPasting = key == .pasteStart
            return .none
        case .byte(let byte) where isPasting && [0x0D, 0x0A, 0x09].contains(byte):
            // A title and the prompts are one line: a pasted line end or tab is a space.
            key = .byte(UInt8(ascii: " "))
        default: break
        }
        if isPasting, mode == .browsing {
            message = StatusMessage(text: "pasted text is not a command: i, a, o or / first, then paste", isError: true)
            return .none
        }
        do {
            switch mode {
            case .browsing: return try browse(key)
            case .editing(let line, var editor):
                switch editor.handle(key) {
                case .accepted(let text):
                    mode = .browsing
                    try finishEditing(line, text: text)
                case .cancelled: mode = .browsing
                case .editing: mode = .editing(line, editor)
                }
            case .searching(var editor):
                switch editor.handle(key) {
                case .accepted(let text):
                    // A search of a million items may take a while: the caller shows that it
                    // runs before it runs it (`runSearch`).
                    mode = .browsing
                    message = StatusMessage(text: "searching for \(Action.quote(text))…")
                    return .search(text)
                case .cancelled: mode = .browsing
                case .editing: mode = .searching(editor)
                }
            case .commandLine(var editor):
                switch editor.handle(key) {
                case .accepted(let text): return try commandEffect(text)
                case .cancelled: mode = .browsing
                case .editing: mode = .commandLine(editor)
                }
            case .reading(let title, let lines, let offset):
                return read(key, title: title, lines: lines, offset: offset)
            }
        } catch {
            mode = .browsing
            complain(about: error)
        }
        return .none
    }

    /// A key while moving around.
    private func browse(_ key: Key) throws -> Effect {
        if let first = pendingKey {
            pendingKey = nil
            message = nil
            switch (first, key) {
            case (UInt8(ascii: "d"), .byte(UInt8(ascii: "d"))): try removeCursorItem()
            case (UInt8(ascii: "y"), .byte(UInt8(ascii: "y"))): try copyCursorItem()
            default: break
            }
            return .none
        }
        message = nil
        switch key {
        case .down, .byte(UInt8(ascii: "j")): try step(by: 1)
        case .up, .byte(UInt8(ascii: "k")): try step(by: -1)
        case .pageDown, .byte(0x06): try step(by: pageSize)
        case .pageUp, .byte(0x02): try step(by: -pageSize)
        case .home, .byte(UInt8(ascii: "g")):
            moveCursor(to: try store.firstRow(of: tree), lineChange: -cursorLine)
        case .end, .byte(UInt8(ascii: "G")):
            moveCursor(to: try store.lastRow(of: tree), lineChange: Int.max / 2)
        case .left, .byte(UInt8(ascii: "h")): try foldOrGoToParent()
        case .right, .byte(UInt8(ascii: "l")): try unfoldOrGoToChild()
        case .byte(0x0D), .byte(0x0A): try zoomIn()
        case .byte(0x7F), .byte(0x08): try zoomOut()
        case .byte(UInt8(ascii: "/")): mode = .searching(LineEditor())
        case .byte(UInt8(ascii: "n")): try nextMatch(forward: true)
        case .byte(UInt8(ascii: "N")): try nextMatch(forward: false)
        case .byte(UInt8(ascii: "i")), .byte(UInt8(ascii: "a")):
            // As in vi: i starts at the beginning of the title, a at its end.
            if let row = try cursorRow() {
                let editor = LineEditor(row.item.title, cursorAtStart: key == .byte(UInt8(ascii: "i")))
                mode = .editing(.title(row.id, original: row.item.title), editor)
            }
        case .byte(UInt8(ascii: "o")): try startNewItem(after: true)
        case .byte(UInt8(ascii: "O")): try startNewItem(after: false)
        case .byte(0x09): try indent()
        case .backTab: try outdent()
        case .byte(UInt8(ascii: "K")), .altUp: try moveAmongSiblings(up: true)
        case .byte(UInt8(ascii: "J")), .altDown: try moveAmongSiblings(up: false)
        case .byte(UInt8(ascii: "d")), .byte(UInt8(ascii: "y")):
            if case .byte(let byte) = key, cursor != nil { pendingKey = byte }
        case .delete: try removeCursorItem()
        case .byte(UInt8(ascii: "x")): try toggleDone()
        case .byte(UInt8(ascii: "s")): try cycleKeyword()
        case .byte(UInt8(ascii: "p")): try pasteCopiedItem()
        case .byte(UInt8(ascii: "e")):
            if let cursor { return .editNote(cursor) }
        case .byte(UInt8(ascii: ":")): mode = .commandLine(LineEditor())
        case .byte(UInt8(ascii: "u")): try travelInHistory(undoing: true)
        case .byte(0x12): try travelInHistory(undoing: false)
        case .byte(UInt8(ascii: "?")): mode = .reading(title: "keys", lines: OutlinerKeys.helpLines, offset: 0)
        case .byte(UInt8(ascii: "q")): return .quit
        default: break
        }
        return .none
    }

    /// j, k, Page Up and Page Down: `offset` rows on, as far as the view goes.
    private func step(by offset: Int) throws {
        guard let cursor else { return }
        let rows =
            offset > 0
            ? try store.rows(of: tree, from: cursor, count: offset + 1).dropFirst().map(\.id)
            : try store.rows(of: tree, before: cursor, count: -offset).map(\.id)
        guard let target = offset > 0 ? rows.last : rows.first else { return }
        // A page keeps the cursor's line; a single step moves it with the cursor.
        moveCursor(to: target, lineChange: abs(offset) == 1 ? offset : 0)
    }

    private func foldOrGoToParent() throws {
        guard let row = try cursorRow() else { return }
        if row.hasChildren, !row.isFolded {
            tree.fold(row.id)
        } else if row.item.parentID != tree.root {
            // The parent is some rows up: as many as the lines above the cursor show, at most.
            let above = try store.rows(of: tree, before: row.id, count: max(cursorLine, 1)).map(\.id)
            let distance = above.reversed().firstIndex(of: row.item.parentID).map { $0 + 1 } ?? cursorLine
            moveCursor(to: row.item.parentID, lineChange: -distance)
        }
    }

    private func unfoldOrGoToChild() throws {
        guard let row = try cursorRow(), row.hasChildren else { return }
        if row.isFolded {
            tree.unfold(row.id)
        } else {
            try step(by: 1)
        }
    }

    /// Enter: the cursor's item fills the view, its children the rows.
    private func zoomIn() throws {
        guard let cursor else { return }
        tree.root = cursor
        tree.unfold(cursor)
        self.cursor = try store.firstRow(of: tree)
        cursorLine = 0
    }

    /// Backspace: back to the parent's view, the cursor on the item that was zoomed into.
    private func zoomOut() throws {
        guard tree.root != .root else { return }
        let previous = tree.root
        tree.root = try store.item(previous).parentID
        cursor = previous
    }

    /// j, k, Space and the page keys scroll what is being read; any other key closes it.
    private func read(_ key: Key, title: String, lines: [String], offset: Int) -> Effect {
        var offset = offset
        switch key {
        case .down, .byte(UInt8(ascii: "j")): offset += 1
        case .up, .byte(UInt8(ascii: "k")): offset -= 1
        case .pageDown, .byte(UInt8(ascii: " ")): offset += pageSize
        case .pageUp: offset -= pageSize
        default:
            mode = .browsing
            return .none
        }
        mode = .reading(title: title, lines: lines, offset: max(0, min(offset, lines.count - 1)))
        return .none
    }
}
