import Foundation
import OutlineKit

/// The keys that change the outline. Each change is one step of the shared history, made by the
/// same `OutlineStore` call as the command that does the same, so it carries that command's name
/// (`add "Milk" under "Groceries"`) and `outline undo` in any shell reverts it.
extension Outliner {
    /// Enter in the line editor: the title is saved, or the new item added. Nothing typed is
    /// dropped without a word: a title the store refuses keeps the editor open with the text as
    /// typed and says why; an item another process removed meanwhile turns the text into a new
    /// item at the cursor, for Enter to add; one another process retitled meanwhile is shown,
    /// for a second Enter to overwrite.
    func finishEditing(_ line: EditedLine, text: String) throws {
        do {
            switch line {
            case .title(let id, let original):
                guard try store.exists(id) else {
                    mode = .editing(newItemAtCursor(), LineEditor(text))
                    return complain(
                        "item \(id) was removed by another process while you typed: Enter adds your text as a new "
                            + "item here, Esc drops it")
                }
                let current = try store.item(id).title
                guard current != text else { return }
                if current != original {
                    mode = .editing(.title(id, original: current), LineEditor(text))
                    return complain(
                        "another process retitled it \(Action.quote(current)) meanwhile: Enter again saves yours over "
                            + "it, Esc keeps that")
                }
                report(try store.edit(id, title: text))
            case .newItem(let parent, let placement):
                // An empty new item is no item: nothing to add.
                guard !text.allSatisfy(\.isWhitespace) else { return }
                guard try store.exists(parent) else {
                    mode = .editing(newItemAtCursor(), LineEditor(text))
                    return complain(
                        "where the item was to go was removed by another process: Enter adds it at the cursor, "
                            + "Esc drops it")
                }
                let result = try store.add([text], under: parent, placement: placement)
                report(result)
                let below = if case .before = placement { false } else { cursor != nil }
                moveCursor(to: result.ids.first, lineChange: below ? 1 : 0)
                try repairCursor()
            }
        } catch let error as OutlineError {
            mode = .editing(line, LineEditor(text))
            complain(about: error)
        }
    }

    /// A new item just above the cursor's row (or in the empty view): where text typed for an
    /// item that went is offered to go.
    private func newItemAtCursor() -> EditedLine {
        // The cursor's own item may be the one that went.
        try? repairCursor(neighbours: lastNeighbours)
        guard let cursor, let parent = try? store.item(cursor).parentID else {
            return .newItem(under: tree.root, placement: .end)
        }
        return .newItem(under: parent, placement: .before(cursor))
    }

    /// `o` and `O`: a new row below or above the cursor, edited in place. Below an item whose
    /// children are shown, the new row is its first child, where it is drawn.
    func startNewItem(after: Bool) throws {
        guard let row = try cursorRow() else {
            mode = .editing(.newItem(under: tree.root, placement: .end), LineEditor())
            return
        }
        let line: EditedLine
        if after, row.hasChildren, !row.isFolded {
            line = .newItem(under: row.id, placement: .at(1))
        } else {
            line = .newItem(under: row.item.parentID, placement: after ? .after(row.id) : .before(row.id))
        }
        mode = .editing(line, LineEditor())
    }

    /// Tab: the item becomes the last child of the sibling above it, which unfolds to show it.
    func indent() throws {
        guard let cursor else { return }
        guard let above = try store.sibling(of: cursor, after: false) else {
            return complain("nothing above to indent under: this is the first item of its list")
        }
        report(try store.move([cursor], under: above))
        tree.unfold(above)
    }

    /// Shift-Tab: the item goes after its parent, one level up.
    func outdent() throws {
        guard let row = try cursorRow() else { return }
        guard row.item.parentID != tree.root else {
            return complain("already at the top level of this view; Backspace zooms out")
        }
        report(try store.move([row.id], placement: .after(row.item.parentID)))
    }

    /// K and J: the item trades places with the sibling above or below it.
    func moveAmongSiblings(up: Bool) throws {
        guard let cursor else { return }
        guard let sibling = try store.sibling(of: cursor, after: !up) else {
            return complain(up ? "already the first of its list" : "already the last of its list")
        }
        report(try store.move([cursor], placement: up ? .before(sibling) : .after(sibling)))
        moveCursor(to: cursor, lineChange: up ? -1 : 1)
    }

    /// `dd` and Delete: the item goes with its subtree; the cursor goes to the next row.
    func removeCursorItem() throws {
        guard let cursor else { return }
        let neighbours = try neighbours()
        report(try store.remove([cursor]))
        self.cursor = nil
        try repairCursor(neighbours: neighbours)
    }

    /// `yy`: remembers the item, for `p` to paste a copy of its subtree.
    func copyCursorItem() throws {
        guard let row = try cursorRow() else { return }
        copiedItem = row.id
        message = StatusMessage(text: "copied \(Action.quote(row.item.title)); p pastes it below the cursor")
    }

    /// `p`: a copy of the item `yy` took, with its subtree, after the cursor's item (as `cp`).
    func pasteCopiedItem() throws {
        guard let copiedItem else { return complain("nothing copied yet: yy copies the item under the cursor") }
        guard try store.exists(copiedItem) else {
            self.copiedItem = nil
            return complain("the copied item is gone (removed since yy); nothing to paste")
        }
        let result =
            if let cursor {
                try store.copy([copiedItem], placement: .after(cursor))
            } else {
                try store.copy([copiedItem], under: tree.root)
            }
        report(result)
        moveCursor(to: result.ids.first, lineChange: cursor != nil ? 1 : 0)
        try repairCursor()
    }

    /// `x`: done, or open again.
    func toggleDone() throws {
        guard let row = try cursorRow() else { return }
        report(row.item.isDone ? try store.reopen([row.id]) : try store.markDone([row.id]))
    }

    /// `s`: the next keyword of the workflow, and after the last, none.
    func cycleKeyword() throws {
        guard let row = try cursorRow() else { return }
        let keywords = try store.workflow().keywords
        let next: String? =
            if let state = row.attributes.state, let index = keywords.firstIndex(of: state) {
                index + 1 < keywords.count ? keywords[index + 1] : nil
            } else {
                keywords.first
            }
        var change = AttributeChange()
        change.state = next.map(AttributeChange.State.keyword) ?? .plain
        report(try store.setAttributes([row.id], change))
    }

    /// `u` and Ctrl-R: the last step of the shared history, whoever made it, undone or redone;
    /// the cursor goes to what it changed.
    func travelInHistory(undoing: Bool) throws {
        let neighbours = try neighbours()
        let manager = store.undoManager
        let steps =
            undoing
            ? try manager.undo(reportingChanges: true) : try manager.redo(reportingChanges: true)
        guard let step = steps.first else { return }
        ownEvents.insert(OwnEvent(step: step.number, kind: undoing ? .undone : .redone))
        message = StatusMessage(text: (undoing ? "undone: " : "redone: ") + step.name)
        // The first item the step put back or changed, if it is in view; else where the cursor was.
        if let changed = step.changes.first(where: { $0.to != nil })?.id,
            try store.shownRow(for: changed, in: tree) == changed
        {
            cursor = changed
        }
        try repairCursor(neighbours: neighbours)
    }

    /// The note's text for the editor: the note, or nothing.
    func noteText(of id: ItemID) throws -> String {
        try store.item(id).note ?? ""
    }

    /// The editor is closed: the note becomes what the file holds (white space at the end
    /// trimmed, nothing left removes it), unless that is what it was.
    func finishNoteEdit(_ id: ItemID, text: String) throws {
        let trimmed = String(text.reversed().drop { $0.isWhitespace }.reversed())
        let note: String? = trimmed.isEmpty ? nil : trimmed
        guard try store.item(id).note != note else {
            message = StatusMessage(text: "the note is unchanged")
            return
        }
        report(try store.setNote(id, to: note ?? ""))
    }
}
