import GRDB

/// Applies a recorded step to the database and verifies that the result keeps the tree's
/// invariants, so that undo and redo never leave an orphan, a gap or a duplicate position.
///
/// Changesets are applied with foreign keys off (see `OutlineStore.writeApplyingHistory`): the
/// changeset itself names every row a cascade removed, so no cascade may run again, and every row
/// must then be exactly as recorded. Any conflict therefore means the file was changed outside
/// outline. What a changeset cannot see (a row added outside outline under an item the step
/// deletes, a sibling inserted beside the ones it renumbers) is caught by the checks afterwards.
enum ChangesetApplication {
    struct Mismatch: Error {
        var reason: String
    }

    /// - Parameter listEnds: where the lists the step touched end in the state it starts from;
    ///   nil for a step recorded before schema version 3, which is verified by its positions.
    /// - Returns: the rows as applied, for a change report, and the lists' ends afterwards.
    /// - Parameter besideMovedSiblings: undo or redo by what the step did: its own rows must be
    ///   as it left them, but siblings that a sync added, removed or moved beside them do not
    ///   stop it; the lists it touched are then put in order (`ListsByIntent`).
    /// - Parameter step: the step applied, whose later steps tell which items came into its
    ///   lists after it (`ListsByIntent`), when applied by what it did.
    /// - Parameter syncedSince: whether a sync changed the outline after the step: then an item
    ///   the step puts back at a position must find it free (a step undone by what it did and
    ///   now redone may find a sibling the sync brought there), or the step is a mismatch.
    @discardableResult
    static func apply(
        _ changeset: SessionChangeset, inverted: Bool, expecting listEnds: ListEnds?,
        besideMovedSiblings: Bool = false, step: StepID? = nil, syncedSince: Bool = false, _ db: Database
    ) throws -> (rows: [ChangedRow], listEnds: ListEnds?) {
        let moved = besideMovedSiblings ? nil : try listEnds?.firstMoved(db)
        let rows = try changeset.rows(inverted: inverted)
        // By intent, the lists are put in order afterwards from how they stand now.
        let lists =
            besideMovedSiblings
            ? try ListsByIntent(rows, listEnds: listEnds, step: step, db) : nil
        do {
            try changeset.apply(db, inverted: inverted, besideMovedSiblings: besideMovedSiblings)
        } catch let conflict as SessionChangeset.Conflict {
            throw Mismatch(reason: conflict.reason)
        }
        if let lists {
            try lists.putInOrder(db)
        } else if syncedSince, let taken = try takenPosition(rows, db) {
            throw Mismatch(reason: "the position of item \(taken) is held by another item")
        }
        // The apply runs without triggers (see changeset_apply.c): note what they would have.
        try TitleIndex.note(
            rows.filter { $0.kind != .update || $0.new.title != nil || $0.new.note != nil || $0.new.setsAttributes }
                .map(\.id), db)
        try StoreAddOns.noteChanged(rows.map(\.id), db)
        // Said after applying, so that a conflict on the step's own rows, the more exact reason,
        // wins; the caller's transaction rolls the applied changes back.
        if let moved { throw Mismatch(reason: "the items under \(moved) were added to or removed since") }
        try verify(rows, checkingPositions: listEnds == nil, db)
        let after = try listEnds.map {
            try ListEnds(db, parents: $0.lastPosition.keys, moves: $0.moves)
        }
        return (rows, after)
    }

    /// An item the rows put at a position another child of its parent holds, if any.
    private static func takenPosition(_ rows: [ChangedRow], _ db: Database) throws -> ItemID? {
        let holder = try db.cachedStatement(
            sql: "SELECT 1 FROM item WHERE parent_id = ? AND position = ? AND id != ? LIMIT 1")
        for row in rows where row.kind != .delete {
            guard let position = row.new.position else { continue }
            let parent =
                try row.new.parent
                ?? ItemID.fetchOne(db, sql: "SELECT parent_id FROM item WHERE id = ?", arguments: [row.id])
            guard let parent else { continue }
            if try Bool.fetchOne(holder, arguments: [parent, position, row.id]) == true { return row.id }
        }
        return nil
    }

    private static func verify(_ rows: [ChangedRow], checkingPositions: Bool, _ db: Database) throws {
        let deleted = rows.filter { $0.kind == .delete }.map(\.id)
        let kept = rows.filter { $0.kind != .delete }.map(\.id)
        var parents = Set(rows.compactMap(\.oldParent))

        let keptRows = try Row.fetchAll(
            db,
            sql: """
                SELECT item.id, CASE typeof(item.parent_id) WHEN 'integer' THEN item.parent_id END,
                       item.parent_id IS NULL OR EXISTS (SELECT 1 FROM item AS p WHERE p.id = item.parent_id)
                FROM json_each(?) AS kept JOIN item ON item.id = kept.value
                """,
            arguments: [JSONText.array(kept)])
        for row in keptRows {
            let parentExists: Bool = row[2]
            if !parentExists { throw Mismatch(reason: "item \(row[0] as ItemID) would have no parent") }
            if let parent = row[1] as ItemID? { parents.insert(parent) }
        }

        if let orphan = try ItemID.fetchOne(
            db, sql: "SELECT id FROM item WHERE parent_id IN (SELECT value FROM json_each(?)) LIMIT 1",
            arguments: [JSONText.array(deleted)])
        {
            throw Mismatch(reason: "item \(orphan) would lose its parent")
        }

        guard checkingPositions else { return }
        // Compared in SQL: a position stored by hand as text must not be decoded as an integer.
        let positions = try db.cachedStatement(
            sql: """
                SELECT count(*),
                       min(position) IS 1 AND max(position) IS count(*) AND count(DISTINCT position) = count(*)
                FROM item WHERE parent_id = ?
                """)
        for parent in parents.subtracting(deleted) {
            guard let row = try Row.fetchOne(positions, arguments: [parent]) else { continue }
            let count: Int = row[0]
            let runsOneToCount: Bool = row[1]
            if count > 0, !runsOneToCount {
                throw Mismatch(reason: "the positions under \(parent) would not run 1 to \(count)")
            }
        }
    }
}
