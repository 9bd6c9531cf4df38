import GRDB

/// One parent's children before and after one change.
struct ParentChange: Equatable {
    var parent: ItemID
    var before: [Item]
    var after: [Item]
    /// Whether the change put this parent inside a new item's subtree (an edit as text can move
    /// items under a new one): a consumer fetches that subtree whole when the new item is
    /// inserted, so this list's own inserts must reach it before then (`ChangeReporter`).
    var liesInNewItem = false
    /// Items whose attributes (`ItemAttributes`) the change changed, in this list or another:
    /// the lists hold `Item`s, which do not carry them, so the report is told which rows changed
    /// in place this way.
    var attributesChanged: Set<ItemID> = []
}

/// Reconstructs, from the current database and the changesets of the latest changes, the
/// children of every parent those changes touched as they were before each change.
///
/// A changeset names every row a change inserted, deleted or updated, with the old values of what
/// it changed; the rows it does not name were not touched. So a parent's earlier list is its
/// current list with each named row put back as it was. Rewinding the newest change first, then the
/// one before, gives the lists between every pair of consecutive changes: exact per-change reports
/// even when several commits arrive at once.
struct TreeRewinder {
    /// Children per parent, in the state reached so far (current, then rewound change by change).
    private var lists: [ItemID: [Item]] = [:]
    private var parentOf: [ItemID: ItemID] = [:]
    private var existing: Set<ItemID> = [.root]
    /// Items that exist in the database now but not in the state reached so far: a rewound
    /// change had inserted them.
    private var rewoundAway: Set<ItemID> = []

    /// Loads the current children of every parent that `changes` (oldest first) can have touched.
    init(_ db: Database, changes: [[ChangedRow]]) throws {
        let rows = changes.flatMap { $0 }
        let ids = Set(rows.map(\.id))
        var parents = Set(rows.flatMap { [$0.old.parent, $0.new.parent].compactMap { $0 } })
        // A parent that is not an id (stored by hand) is read as none: the item hangs from no list.
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT id, CASE typeof(parent_id) WHEN 'integer' THEN parent_id END
                FROM item WHERE id IN (SELECT value FROM json_each(?))
                """,
            arguments: [JSONText.array(Array(ids))])
        {
            let id: ItemID = row[0]
            existing.insert(id)
            if let parent = row[1] as ItemID? { parents.insert(parent) }
        }
        let existingParents = try ItemID.fetchAll(
            db, sql: "SELECT id FROM item WHERE id IN (SELECT value FROM json_each(?))",
            arguments: [JSONText.array(Array(parents))])
        existing.formUnion(existingParents)
        for parent in parents {
            let children = existing.contains(parent) ? try TreeQueries.children(db, of: parent) : []
            lists[parent] = children
            for child in children { parentOf[child.id] = parent }
        }
    }

    /// Rewinds the newest change not yet rewound, given its rows as they were applied.
    ///
    /// - Returns: the lists before and after it, for the parents it touched that existed both
    ///   before and after (SPEC reports changes under those parents only), by ascending parent id.
    mutating func rewind(_ rows: [ChangedRow], _ db: Database) throws -> [ParentChange] {
        let touched = touchedParents(rows)
        let after = touched.reduce(into: [ItemID: [Item]]()) { $0[$1] = lists[$1] ?? [] }
        let existedAfter = touched.filter(existing.contains)
        let inserted = Set(rows.filter { $0.kind == .insert }.map(\.id))
        let inNewItems = inserted.isEmpty ? [] : try existedAfter.filter { try lies($0, under: inserted, db) }

        revert(rows)
        for parent in touched { lists[parent]?.sort { ($0.position, $0.id) < ($1.position, $1.id) } }

        let attributesChanged = Set(
            rows.filter { $0.kind == .update && ($0.new.setsAttributes || $0.old.setsAttributes) }.map(\.id))
        return existedAfter.filter(existing.contains).sorted().map { parent in
            ParentChange(
                parent: parent, before: lists[parent] ?? [], after: after[parent] ?? [],
                liesInNewItem: inNewItems.contains(parent), attributesChanged: attributesChanged)
        }
    }

    /// Whether `id` lies below one of `items` in the state reached so far.
    private func lies(_ id: ItemID, under items: Set<ItemID>, _ db: Database) throws -> Bool {
        var current = id
        // Bounded, as every walk up is: only a file edited outside outline holds a cycle.
        for _ in 0...OutlineStore.maximumDepth {
            guard let parent = try parent(of: current, db), parent != .root else { return false }
            if items.contains(parent) { return true }
            current = parent
        }
        return false
    }

    /// The parents whose lists `rows` change, in the state reached so far (after the change).
    func touchedParents(_ rows: [ChangedRow]) -> Set<ItemID> {
        var touched = Set<ItemID>()
        for row in rows {
            switch row.kind {
            case .insert: if let parent = row.new.parent { touched.insert(parent) }
            case .delete: if let parent = row.old.parent { touched.insert(parent) }
            case .update:
                if let oldParent = row.old.parent, let newParent = row.new.parent {
                    touched.formUnion([oldParent, newParent])
                } else if let parent = parentOf[row.id] {
                    touched.insert(parent)
                }
            }
        }
        return touched
    }

    /// The parent of `id` in the state reached so far: from the lists the rewinder holds, else
    /// from the database, where an item that no change named has kept its parent; nil for an
    /// item that does not exist in that state.
    func parent(of id: ItemID, _ db: Database) throws -> ItemID? {
        if let parent = parentOf[id] { return parent }
        guard !rewoundAway.contains(id) else { return nil }
        do {
            return try TreeQueries.item(db, id).parentID
        } catch OutlineError.unknownItem {
            return nil
        }
    }

    /// Puts the change's rows back as they were. Rows leave their lists in one pass per list, not
    /// one search per row: an undo that restores 100 000 siblings, or an `rm` that renumbers them,
    /// names every one of them.
    private mutating func revert(_ rows: [ChangedRow]) {
        var leaving: [ItemID: Set<ItemID>] = [:]
        for row in rows {
            let parent: ItemID? =
                switch row.kind {
                case .insert: row.new.parent
                case .update: row.new.parent ?? parentOf[row.id]
                case .delete: nil
                }
            if let parent { leaving[parent, default: []].insert(row.id) }
        }
        var taken: [ItemID: Item] = [:]
        for (parent, ids) in leaving {
            guard let list = lists[parent] else { continue }
            var kept: [Item] = []
            kept.reserveCapacity(list.count)
            for item in list {
                if ids.contains(item.id) { taken[item.id] = item } else { kept.append(item) }
            }
            lists[parent] = kept
        }
        for row in rows {
            switch row.kind {
            case .insert:
                parentOf[row.id] = nil
                existing.remove(row.id)
                rewoundAway.insert(row.id)
            case .delete:
                let parent = row.old.parent ?? .root
                let item = Item(
                    id: row.id, parentID: parent, position: row.old.position ?? 0, title: row.old.title ?? "",
                    doneAt: row.old.doneAt ?? nil, note: row.old.note ?? nil)
                lists[parent, default: []].append(item)
                parentOf[row.id] = parent
                existing.insert(row.id)
                rewoundAway.remove(row.id)
            case .update:
                guard let current = taken[row.id] else { continue }
                let previous = Item(
                    id: row.id, parentID: row.old.parent ?? current.parentID,
                    position: row.old.position ?? current.position, title: row.old.title ?? current.title,
                    doneAt: row.old.doneAt ?? current.doneAt, note: row.old.note ?? current.note)
                lists[previous.parentID, default: []].append(previous)
                parentOf[row.id] = previous.parentID
            }
        }
    }
}
