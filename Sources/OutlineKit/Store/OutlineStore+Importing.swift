import Foundation
import GRDB

/// What an import did, or as a dry run would do.
public struct ImportOutcome: Sendable {
    /// The change: its `ids` are the new ids of the top-level items, in order (with a dry run,
    /// the ids they would have had; no step is recorded).
    public var change: ChangeResult
    /// The keywords added to the outline's workflow, open ones first.
    public var addedKeywords: [String]
}

extension OutlineStore {
    /// Adds `items`, with everything nested under them, as new items: the top-level ones as
    /// consecutive siblings at the place given, in one transaction recorded as one step.
    ///
    /// The same as `importDocuments` without a declared workflow, for a caller that needs only
    /// the change.
    @discardableResult
    public func importItems(
        _ items: consuming [ImportedItem], names: [String], under parent: ItemID? = nil,
        placement: Placement = .end, reportingChanges: Bool = false
    ) throws -> ChangeResult {
        try importDocuments(
            items, names: names, under: parent, placement: placement, reportingChanges: reportingChanges
        ).change
    }

    /// Adds `items`, with everything nested under them, as new items: the top-level ones as
    /// consecutive siblings at the place given, in one transaction recorded as one step.
    ///
    /// - Parameters:
    ///   - items: what the documents held, every attribute included; titles and notes are
    ///     checked as `add` and `setNote` check them; a done item keeps its `doneAt`, or is done
    ///     now without one. Keywords the workflow lacks are added to it in the same step, open
    ///     or done as the items that carry them are. Consumed: they are let go once
    ///     inserted, before the step is recorded (pass `consume items` to let go of yours).
    ///   - workflows: the workflows the documents declare (org's `#+TODO:`), whose keywords
    ///     are added to the outline's before the items' own, in their order. An outline with
    ///     no items and the default workflow takes the first as it is, in its order.
    ///   - names: the documents' names, for the step's name: `import "notes.md" (12 items)`.
    ///   - parent: the parent; nil means the root, or the anchor's parent for `.before`/`.after`.
    ///   - placement: where the first item goes; the default puts them last.
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    ///   - dryRun: check everything, then roll back: nothing is added and no step recorded.
    /// - Returns: the change and the keywords added to the workflow.
    /// - Throws: a title or note error, `keywordContradicted` for an item done with an open
    ///   keyword (or open with a done one), `workflowContradicted` for a declared keyword the
    ///   outline has as the other kind, `noItems` for documents with nothing in them,
    ///   `nestingTooDeep`, and what `add` throws for the place. Nothing is added on error.
    @discardableResult
    public func importDocuments(
        _ items: consuming [ImportedItem], declaring workflows: [Workflow] = [], names: [String],
        under parent: ItemID? = nil, placement: Placement = .end, reportingChanges: Bool = false,
        dryRun: Bool = false
    ) throws -> ImportOutcome {
        guard !items.isEmpty else { throw OutlineError.noItems }
        let now = Date().timeIntervalSince1970
        let levels = items.map(Self.height).max() ?? 1
        let topCount = items.count
        // Taken by the walk below, which drops each list once it is inserted: the items read from
        // a big file are memory that the rest of the step has no need of
        // (Docs/performance.md, "Big writes, export, a million siblings").
        var remaining = Optional(consume items)
        var addedKeywords: [String] = []
        let change = try performChange(reportingChanges: reportingChanges, commit: !dryRun) { db in
            let place = try placement.resolve(db, parent: parent, count: topCount)
            let current = try Self.workflow(db)
            // An outline with no items and the default workflow takes a document's own as it is.
            let holdsItems = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE id != 0)") ?? false
            let adopting = current == .standard && !holdsItems
            let keywords = try ImportedKeywords(
                remaining ?? [], declared: workflows, workflow: current, adoptingDeclared: adopting)
            addedKeywords = keywords.added
            if keywords.changed {
                try Self.storeWorkflow(keywords.workflow, db)
            }
            try TreeQueries.requireRoom(
                levels: levels, belowDepth: try TreeQueries.ancestry(db, of: place.parent).count)
            try db.cachedStatement(
                sql: "UPDATE item SET position = position + ? WHERE parent_id = ? AND position > ?"
            ).execute(arguments: [topCount, place.parent, place.index])
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO item (parent_id, position, title, done_at, note, state, last_done, tags,
                                      scheduled, scheduled_repeat, due, due_repeat, priority, properties)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            var ids: [ItemID] = []
            var count = 0
            // Depth-first, so that ids run in outline order, with a stack of the lists being
            // walked: each frame holds the document's own array, never a copy of it (a file of a
            // million siblings is one list of a million items). Titles and notes are checked as
            // they are inserted; an error rolls the whole transaction back.
            var frames: [(items: [ImportedItem], next: Int, parent: ItemID, firstPosition: Int)] = [
                (remaining.take() ?? [], 0, place.parent, place.index + 1)
            ]
            while let top = frames.indices.last {
                let index = frames[top].next
                guard index < frames[top].items.count else {
                    frames.removeLast()
                    continue
                }
                frames[top].next += 1
                let item = frames[top].items[index]
                let parentID = frames[top].parent
                // The columns `AttributedItem.write` writes, bound as plain values: through its
                // array of `DatabaseValue`s, to share that code, a million-item import took 15%
                // longer (23 s against 20).
                let attributes = item.attributes
                try insert.execute(arguments: [
                    parentID, frames[top].firstPosition + index, try Title.validated(item.title),
                    item.isDone ? (item.doneAt?.timeIntervalSince1970 ?? now) : nil,
                    try item.note.flatMap(Note.validated), attributes.state,
                    attributes.lastDone?.timeIntervalSince1970, ItemAttributes.storedTags(attributes.tags),
                    attributes.scheduled?.stored, attributes.scheduled?.repeater?.description,
                    attributes.due?.stored, attributes.due?.repeater?.description, attributes.priority?.rawValue,
                    ItemAttributes.storedProperties(attributes.properties),
                ])
                let id = db.lastInsertedRowID
                if frames.count == 1 { ids.append(id) }
                count += 1
                if !item.children.isEmpty { frames.append((item.children, 0, id, 1)) }
            }
            return ChangeResult(
                action: .importDocuments(names: names, items: count), ids: ids, touchedParents: [place.parent])
        }
        var outcome = ImportOutcome(change: change, addedKeywords: addedKeywords)
        if dryRun { outcome.change.step = nil }  // rolled back with the rest
        return outcome
    }

    /// Checks that `count` items could be placed as `placement` says under `parent`, as
    /// `importDocuments` would place them, without changing anything: for a front end that
    /// must refuse a place before it creates the file the items go into.
    ///
    /// - Throws: what `importDocuments` throws for the place.
    public func checkPlacement(under parent: ItemID?, placement: Placement, count: Int) throws {
        _ = try read { db in try placement.resolve(db, parent: parent, count: count) }
    }

    /// How many levels `item` spans, itself included.
    private static func height(_ item: ImportedItem) -> Int {
        1 + (item.children.map(height).max() ?? 0)
    }
}
