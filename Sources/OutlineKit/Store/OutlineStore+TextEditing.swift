import Foundation
import GRDB

extension OutlineStore {
    /// The editable text of `root`'s descendants (`EditableText`): what `outline edit` opens in an
    /// editor and `edit --print` writes.
    ///
    /// - Parameter root: the item whose descendants to list; the root for the whole outline.
    /// - Throws: `unknownItem`; `cannotExport` for a title that cannot be one line of text (a
    ///   control character or a line break, which only a file edited outside outline holds).
    public func editableText(of root: ItemID = .root) throws -> String {
        try read { db in
            let entries = try subtreeEntries(db, of: root)
            for entry in entries {
                try Title.requireWritable(entry.item.title, of: entry.id, in: "a line of text")
            }
            let rootTitle = root == .root ? nil : try TreeQueries.item(db, root).title
            let base = EditableText.Base(root: root, fingerprint: EditableText.fingerprint(of: entries))
            return EditableText.text(of: entries, rootTitle: rootTitle, base: base)
        }
    }

    /// Applies an edited text to `root`'s descendants as one step that changes only what the text
    /// changed: a line that keeps its `#ID` keeps that item (its title, state, parent and place
    /// follow the line); a line without one is a new item; an item whose line is gone is removed,
    /// with those of its descendants whose lines are gone too (the others move to where their
    /// lines are). Notes are kept.
    ///
    /// Nothing is written unless all of the text can be applied. A text that changes nothing
    /// records no step, and so does one with no item lines at all (an emptied file means "never
    /// mind", not "remove everything").
    ///
    /// - Parameters:
    ///   - text: the text, as `editableText(of:)` wrote it and the user changed it.
    ///   - root: the item whose descendants the text lists; the root for the whole outline.
    ///   - original: the text as it was made, when known: a text saved as it was changes nothing,
    ///     even if the subtree has changed meanwhile.
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    /// - Returns: the result; its `ids` are the new items' ids, in the text's order.
    /// - Throws: `editRefused` naming the line (nesting past the limit included);
    ///   `editedSubtreeChanged` when the text keeps its base line and the subtree changed after
    ///   the text was made; `editedTextOfOtherItem`; `unknownItem`.
    @discardableResult
    public func applyEditedText(
        _ text: [UInt8], to root: ItemID = .root, unlessSameAs original: [UInt8]? = nil, reportingChanges: Bool = false
    ) throws -> ChangeResult {
        if text == original {
            let rootTitle = root == .root ? nil : try item(root).title
            return ChangeResult(action: .editText(rootTitle: rootTitle, counts: EditCounts()))
        }
        let edited = try EditedText(text)
        if let base = edited.base, base.root != root {
            throw OutlineError.editedTextOfOtherItem(madeFrom: base.root, appliedTo: root)
        }
        let now = Date().timeIntervalSince1970
        return try performChange(reportingChanges: reportingChanges) { db in
            let entries = try subtreeEntries(db, of: root)
            let rootTitle = root == .root ? nil : try TreeQueries.item(db, root).title
            if let base = edited.base, base.fingerprint != EditableText.fingerprint(of: entries) {
                throw OutlineError.editedSubtreeChanged(rootTitle: rootTitle)
            }
            guard !edited.lines.isEmpty else {
                return ChangeResult(action: .editText(rootTitle: rootTitle, counts: EditCounts()), ids: [])
            }
            let plan = try EditPlan(root: root, rootTitle: rootTitle, entries: entries, text: edited) { id in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE id = ?)", arguments: [id]) == true
            }
            let room = Self.maximumDepth - (try TreeQueries.ancestry(db, of: root).count)
            if let deep = edited.lines.first(where: { $0.depth > room }) {
                throw OutlineError.editRefused(
                    line: deep.number, reason: OutlineError.nestingTooDeep(limit: Self.maximumDepth).message)
            }
            let ids = try Self.write(plan, db, now: now, workflow: try Self.workflow(db))
            return ChangeResult(
                action: .editText(rootTitle: rootTitle, counts: plan.counts), ids: ids,
                touchedParents: plan.touchedParents)
        }
    }

    /// Writes `plan`: each line's item in the text's order (so that a new parent exists before its
    /// children), then the removals, whose surviving descendants have moved away by then.
    /// Returns the new items' ids.
    ///
    /// A line's state is its item's: `[x]` the workflow's first done keyword, no mark a plain
    /// item. An item whose mark is unchanged keeps its keyword; one whose mark changed takes the
    /// line's state, so that no done item keeps an open keyword, nor an open one a done keyword.
    private static func write(_ plan: EditPlan, _ db: Database, now: TimeInterval, workflow: Workflow) throws
        -> [ItemID]
    {
        let insert = try db.cachedStatement(
            sql: "INSERT INTO item (parent_id, position, title, done_at, state) VALUES (?, ?, ?, ?, ?)")
        let place = try db.cachedStatement(sql: "UPDATE item SET parent_id = ?, position = ? WHERE id = ?")
        let retitle = try db.cachedStatement(sql: "UPDATE item SET title = ? WHERE id = ?")
        let setDone = try db.cachedStatement(sql: "UPDATE item SET done_at = ?, state = ? WHERE id = ?")
        let doneKeyword = workflow.done[0]
        var newIDs: [Int: ItemID] = [:]
        var added: [ItemID] = []
        for (index, placed) in plan.placed.enumerated() {
            let parent: ItemID =
                switch placed.parent {
                case .item(let id): id
                case .newLine(let line): newIDs[line]!
                }
            let line = placed.line
            guard let old = placed.old else {
                try insert.execute(arguments: [
                    parent, placed.position, line.title, line.isDone ? now : nil, line.isDone ? doneKeyword : nil,
                ])
                newIDs[index] = db.lastInsertedRowID
                added.append(db.lastInsertedRowID)
                continue
            }
            if old.parentID != parent || old.position != placed.position {
                try place.execute(arguments: [parent, placed.position, old.id])
            }
            if old.title != line.title { try retitle.execute(arguments: [line.title, old.id]) }
            if old.isDone != line.isDone {
                try setDone.execute(arguments: [line.isDone ? now : nil, line.isDone ? doneKeyword : nil, old.id])
            }
        }
        if !plan.removed.isEmpty {
            try db.execute(
                sql: "DELETE FROM item WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [JSONText.array(plan.removed)])
        }
        return added
    }
}
