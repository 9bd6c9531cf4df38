import GRDB

extension OutlineStore {
    /// Copies the items with their subtrees (titles, states, notes) as new items, consecutive
    /// siblings at the new place, in order.
    ///
    /// The subtrees are read whole before anything is written, so copying an item into its own
    /// subtree copies the subtree as it was (never the copy itself), and an item named with one of
    /// its descendants is copied twice: once alone and once inside its ancestor's copy. New ids
    /// come from the same sequence as `add`'s, and are never given to another item.
    ///
    /// - Parameters:
    ///   - ids: the items to copy, each named once; not the root.
    ///   - parent: the parent of the copies; nil means the root, or the anchor's parent for
    ///     `.before`/`.after`.
    ///   - placement: where the first copy goes; the default puts them last.
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    /// - Returns: the result, whose `ids` are the copies of `ids` in order (not their descendants).
    /// - Throws: `rootNotAllowed`, `duplicateItem`, `unknownItem`, `positionOutOfRange`,
    ///   `anchorNotUnderParent`, `nestingTooDeep`. Nothing is copied on error.
    @discardableResult
    public func copy(
        _ ids: [ItemID], under parent: ItemID? = nil, placement: Placement = .end, reportingChanges: Bool = false
    ) throws -> ChangeResult {
        try performChange(on: ids, operation: "copied", reportingChanges: reportingChanges) { db, items in
            let place = try placement.resolve(db, parent: parent, count: ids.count)
            try TreeQueries.requireRoom(
                levels: try TreeQueries.height(db, of: ids),
                belowDepth: try TreeQueries.ancestry(db, of: place.parent).count)
            let subtrees = try ids.map { try Self.descendants(db, of: $0) }

            try db.cachedStatement(
                sql: "UPDATE item SET position = position + ? WHERE parent_id = ? AND position > ?"
            ).execute(arguments: [ids.count, place.parent, place.index])
            // Each copy takes every column but its place from the item it copies: title, state,
            // note and attributes alike, so that a new column is copied without a word here.
            // Titles and notes are copied as text, which an outside edit may not have left them.
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO item (parent_id, position, title, done_at, note, state, last_done, tags, scheduled,
                                      scheduled_repeat, due, due_repeat, priority, properties)
                    SELECT ?, ?, CAST(title AS TEXT), done_at, CAST(note AS TEXT), state, last_done, tags, scheduled,
                           scheduled_repeat, due, due_repeat, priority, properties
                    FROM item WHERE id = ?
                    """)
            var copies: [ItemID] = []
            for (offset, item) in items.enumerated() {
                try insert.execute(arguments: [place.parent, place.index + offset + 1, item.id])
                let copy = db.lastInsertedRowID
                copies.append(copy)
                // Depth-first, in outline order, so that the new ids run in the order `ls` shows
                // the copies: each parent is copied before its children.
                let childrenOf = Dictionary(grouping: subtrees[offset], by: \.parentID)
                var pending: [(row: CopiedRow, copiedParent: ItemID)] =
                    (childrenOf[item.id] ?? []).sorted { $0.position > $1.position }.map { ($0, copy) }
                while let (row, copiedParent) = pending.popLast() {
                    try insert.execute(arguments: [copiedParent, row.position, row.id])
                    let rowCopy = db.lastInsertedRowID
                    pending += (childrenOf[row.id] ?? []).sorted { $0.position > $1.position }.map { ($0, rowCopy) }
                }
            }
            let action = Action.copy(
                titles: items.map(\.title), descendants: subtrees.reduce(0) { $0 + $1.count },
                destination: try describeDestination(db, placement: placement, parent: place.parent))
            return ChangeResult(action: action, ids: copies, touchedParents: [place.parent])
        }
    }

    /// One descendant to copy, as stored.
    private struct CopiedRow {
        var id: ItemID
        var parentID: ItemID
        var position: Int
    }

    /// The descendants of `id` (not `id` itself), in no particular order.
    ///
    /// Each is given the position its copy takes: its rank among its siblings, so every copied
    /// list runs 1 to n in the originals' order, even where an outside edit left the originals'
    /// positions with gaps, as text or as real numbers (which a copied row must not decode as
    /// integers: GRDB stops the process on a value of the wrong type).
    private static func descendants(_ db: Database, of id: ItemID) throws -> [CopiedRow] {
        let statement = try db.cachedStatement(
            sql: """
                WITH RECURSIVE subtree(id) AS (
                    SELECT ?
                    UNION ALL
                    SELECT item.id FROM item JOIN subtree ON item.parent_id = subtree.id
                )
                SELECT item.id, item.parent_id,
                       row_number() OVER (PARTITION BY item.parent_id ORDER BY item.position, item.id)
                FROM subtree JOIN item ON item.id = subtree.id
                WHERE item.id != ?
                """)
        return try Row.fetchAll(statement, arguments: [id, id]).map { row in
            CopiedRow(id: row[0], parentID: row[1], position: row[2])
        }
    }
}
