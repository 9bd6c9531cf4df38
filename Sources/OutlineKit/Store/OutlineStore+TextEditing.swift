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
            let workflow = try Self.workflow(db)
            let lines = entries.map { EditableText.Line($0, workflow: workflow) }
            let base = EditableText.Base(root: root, fingerprint: EditableText.fingerprint(of: lines))
            return EditableText.text(of: lines, rootTitle: rootTitle, base: base, workflow: workflow)
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
        let now = Date()
        return try performChange(reportingChanges: reportingChanges) { db in
            let entries = try subtreeEntries(db, of: root)
            let rootTitle = root == .root ? nil : try TreeQueries.item(db, root).title
            let workflow = try Self.workflow(db)
            if let base = edited.base,
                base.fingerprint != EditableText.fingerprint(of: entries.map { .init($0, workflow: workflow) })
            {
                throw OutlineError.editedSubtreeChanged(rootTitle: rootTitle)
            }
            guard !edited.lines.isEmpty else {
                return ChangeResult(action: .editText(rootTitle: rootTitle, counts: EditCounts()), ids: [])
            }
            let plan = try EditPlan(
                root: root, rootTitle: rootTitle, entries: entries, text: edited, workflow: workflow
            ) { id in try TreeQueries.exists(db, id) }
            let room = Self.maximumDepth - (try TreeQueries.ancestry(db, of: root).count)
            if let deep = edited.lines.first(where: { $0.depth > room }) {
                throw OutlineError.editRefused(
                    line: deep.number, reason: OutlineError.nestingTooDeep(limit: Self.maximumDepth).message)
            }
            let ids = try Self.write(plan, db, now: now, workflow: workflow)
            return ChangeResult(
                action: .editText(rootTitle: rootTitle, counts: plan.counts), ids: ids,
                touchedParents: plan.touchedParents, moves: .items(plan.movedWithin))
        }
    }

    /// Writes `plan`: each line's item in the text's order (so that a new parent exists before its
    /// children), then the removals, whose surviving descendants have moved away by then.
    /// Returns the new items' ids.
    ///
    /// A line's marker gives its item a state as `set --state` gives one (`AttributedItem`): a
    /// done keyword given to an open item with a repeating date keeps it open and moves its
    /// dates, as `done` does, since `[x]` is how the text says `done`; a done item given another
    /// done keyword keeps the time it became done. A new item has no dates, so it is written
    /// with its state at once.
    private static func write(_ plan: EditPlan, _ db: Database, now: Date, workflow: Workflow) throws -> [ItemID] {
        let insert = try db.cachedStatement(
            sql: "INSERT INTO item (parent_id, position, title, done_at, state) VALUES (?, ?, ?, ?, ?)")
        let place = try db.cachedStatement(sql: "UPDATE item SET parent_id = ?, position = ? WHERE id = ?")
        let retitle = try db.cachedStatement(sql: "UPDATE item SET title = ? WHERE id = ?")
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
                let isDone = placed.keyword.map(workflow.isDone) ?? false
                try insert.execute(arguments: [
                    parent, placed.position, line.title, isDone ? now.timeIntervalSince1970 : nil, placed.keyword,
                ])
                newIDs[index] = db.lastInsertedRowID
                added.append(db.lastInsertedRowID)
                continue
            }
            if old.parentID != parent || old.position != placed.position {
                try place.execute(arguments: [parent, placed.position, old.id])
            }
            if old.title != line.title { try retitle.execute(arguments: [line.title, old.id]) }
            if placed.stateChange != nil {
                try setState(placed.keyword, of: old.id, line: line.number, db, now: now, workflow: workflow)
            }
        }
        if !plan.removed.isEmpty {
            try db.execute(
                sql: "DELETE FROM item WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [JSONText.array(plan.removed)])
        }
        return added
    }

    /// Gives item `id` `keyword` (nil: makes it plain) as `set --state` does. A date that its
    /// repeater would move past the last day a date can be is refused as the line's error.
    private static func setState(
        _ keyword: String?, of id: ItemID, line: Int, _ db: Database, now: Date, workflow: Workflow
    ) throws {
        var change = AttributeChange()
        change.state = keyword.map { .keyword($0) } ?? .plain
        var item = try AttributedItem.read(db, id)
        do {
            _ = try item.apply(change, workflow: workflow, at: now)
        } catch let error as OutlineError {
            throw OutlineError.editRefused(line: line, reason: error.message)
        }
        _ = try item.write(db)
    }
}
