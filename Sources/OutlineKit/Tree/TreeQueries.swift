import GRDB

/// The small reads that every tree operation is made of. Each one uses the primary key or the
/// `(parent_id, position)` index, so none of them scans the table.
enum TreeQueries {
    /// The item with `id` (the root's row for 0), or `unknownItem`.
    static func item(_ db: Database, _ id: ItemID) throws -> Item {
        let statement = try db.cachedStatement(
            sql: "SELECT id, parent_id, position, title, done_at, note FROM item WHERE id = ?")
        guard let item = try ItemRecord.fetchOne(statement, arguments: [id])?.item else {
            throw OutlineError.unknownItem(id)
        }
        return item
    }

    /// Whether an item with `id` (or the root's row, for 0) is in the outline.
    static func exists(_ db: Database, _ id: ItemID) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM item WHERE id = ?)"), arguments: [id])
            ?? false
    }

    /// Throws unless `id` is the root or an existing item.
    static func requireParent(_ db: Database, _ id: ItemID) throws {
        if id == .root { return }
        _ = try item(db, id)
    }

    /// The number of children of `parent`: the last position, read from the index.
    static func childCount(_ db: Database, of parent: ItemID) throws -> Int {
        let statement = try db.cachedStatement(
            sql: "SELECT max(position) FROM item WHERE parent_id = ?")
        return try Int.fetchOne(statement, arguments: [parent]) ?? 0
    }

    /// The last position under `parent` (0 when it has none), checked as the one that new
    /// positions under it are counted from: a whole number from 1 on, with room after it for
    /// `count` more. Read from the index, as `childCount` is.
    ///
    /// - Throws: `malformedItem` naming the item that holds the last position: text or a real
    ///   number there would number the new items wrongly, and a position near the largest integer
    ///   would overflow.
    static func lastPosition(_ db: Database, under parent: ItemID, roomFor count: Int) throws -> Int {
        let statement = try db.cachedStatement(sql: "SELECT max(position) FROM item WHERE parent_id = ?")
        let last = try DatabaseValue.fetchOne(statement, arguments: [parent]) ?? .null
        if last.isNull { return 0 }
        // Every file outline wrote: one read. Only a position stored by hand goes on, to name the
        // item that holds it (a second query, kept off every add's way).
        if case .int64(let position) = last.storage, position >= 1, position <= Int64.max - Int64(count) {
            return Int(position)
        }
        let holder =
            try ItemID.fetchOne(
                db.cachedStatement(
                    sql: "SELECT id FROM item WHERE parent_id = ? ORDER BY position DESC, id DESC LIMIT 1"),
                arguments: [parent]) ?? parent
        // Not text, real or below 1 (which this throws for): so too large for `count` more.
        throw OutlineError.malformedItem(holder, .positionTooLarge(try ItemColumns.position(last, of: holder)))
    }

    /// The position of `id`, checked as one that the place of a new sibling is counted from.
    ///
    /// - Throws: `unknownItem`; `malformedItem` as `ItemColumns.position` says.
    static func anchorPosition(_ db: Database, of id: ItemID) throws -> Int {
        let statement = try db.cachedStatement(sql: "SELECT position FROM item WHERE id = ?")
        guard let value = try DatabaseValue.fetchOne(statement, arguments: [id]) else {
            throw OutlineError.unknownItem(id)
        }
        return Int(try ItemColumns.position(value, of: id))
    }

    /// The children of `parent`, in order.
    static func children(_ db: Database, of parent: ItemID) throws -> [Item] {
        let statement = try db.cachedStatement(
            sql: "SELECT id, parent_id, position, title, done_at, note FROM item WHERE parent_id = ? ORDER BY position")
        return try ItemRecord.fetchAll(statement, arguments: [parent]).map(\.item)
    }

    /// The ids of `item` and all its ancestors, up to but without the root.
    ///
    /// - Throws: `unknownItem` when there is no item `id`; `cycle` when the item is its own
    ///   ancestor, or lies below one that is; `missingParent` when an ancestor's parent is missing.
    static func ancestry(_ db: Database, of id: ItemID) throws -> [ItemID] {
        var chain: [ItemID] = []
        // Past the deepest an outline may nest, the ids met so far: a cycle (only possible in a
        // file edited by hand) must not hang us, nor pass for a path a hundred thousand titles
        // long (`show` once printed one). An empty set costs nothing on the usual short walk.
        var seen = Set<ItemID>()
        var current = id
        while current != .root {
            chain.append(current)
            do {
                current = try item(db, current).parentID
            } catch OutlineError.unknownItem(let missing) where missing != id {
                throw OutlineError.missingParent(item: chain[chain.count - 2], parent: missing)
            }
            if chain.count > OutlineStore.maximumDepth {
                if seen.isEmpty { seen = Set(chain) }
                guard seen.insert(current).inserted else { throw OutlineError.cycle(current) }
            }
        }
        return chain
    }

    /// Throws unless `levels` more levels fit below a parent at `depth` (0 for the root, the
    /// length of its `ancestry` otherwise) within `OutlineStore.maximumDepth`.
    static func requireRoom(levels: Int, belowDepth depth: Int) throws {
        if depth + levels > OutlineStore.maximumDepth {
            throw OutlineError.nestingTooDeep(limit: OutlineStore.maximumDepth)
        }
    }

    /// How many levels the subtrees rooted at `ids` span: 1 for items without children. It stops
    /// counting past `OutlineStore.maximumDepth`, the most any caller needs to know.
    static func height(_ db: Database, of ids: [ItemID]) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                WITH RECURSIVE subtree(id, level) AS (
                    SELECT value, 1 FROM json_each(?)
                    UNION ALL
                    SELECT item.id, subtree.level + 1 FROM item JOIN subtree ON item.parent_id = subtree.id
                    WHERE subtree.level <= ?
                )
                SELECT max(level) FROM subtree
                """,
            arguments: [JSONText.array(ids), OutlineStore.maximumDepth]) ?? 1
    }

    /// How many items the subtrees rooted at `ids` hold together, the roots included; with
    /// `leavingOutDone`, not counting done items below the roots, nor what lies below them.
    static func subtreeSize(_ db: Database, rootedAt ids: [ItemID], leavingOutDone: Bool = false) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                WITH RECURSIVE subtree(id) AS (
                    SELECT value FROM json_each(?1)
                    UNION
                    SELECT item.id FROM item JOIN subtree ON item.parent_id = subtree.id
                    WHERE NOT ?2 OR item.done_at IS NULL
                )
                SELECT count(*) FROM subtree
                """,
            arguments: [JSONText.array(ids), leavingOutDone]) ?? 0
    }

    /// Renumbers the children of `parent` 1...n in their current order, touching only the rows
    /// whose position changes (so that an undo changeset stays as small as the change).
    static func closeGaps(_ db: Database, under parent: ItemID) throws {
        let statement = try db.cachedStatement(
            sql: """
                WITH ordered AS (
                    SELECT id, row_number() OVER (ORDER BY position, id) AS wanted
                    FROM item WHERE parent_id = ?
                )
                UPDATE item SET position = ordered.wanted
                FROM ordered WHERE item.id = ordered.id AND item.position != ordered.wanted
                """)
        try statement.execute(arguments: [parent])
    }
}
