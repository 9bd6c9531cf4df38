import GRDB

/// Makes the items match a `SyncTree`, for the items it names: the last step of a sync round,
/// inside the round's write transaction.
///
/// Items are added parents first, changed, then removed (their surviving children have moved away
/// by then, so the cascade takes only what the tree removes), and every list that gained, lost or
/// reordered an item is numbered 1...n again in the tree's order.
enum SyncApplier {
    /// What applying did, for the change result.
    struct Outcome {
        /// The lists whose children changed, by local id.
        var parents: Set<ItemID> = []
        var added = 0
        var removed = 0
        var changed = 0
        /// Whether the workflow changed.
        var workflowChanged = false
        /// The items among `moving` that applying moved within their list: numbered again, and
        /// moved on purpose (a `mv` on another machine), not only shifted by a sibling that came,
        /// went or moved. Undo by intent is stopped by these, not by the others (`ListEnds`).
        var movedWithin: Set<ItemID> = []
    }

    /// - Parameter moving: the items whose place in their list's order the tree changes on
    ///   purpose (`Outcome.movedWithin`).
    static func apply(_ tree: SyncTree, to uids: Set<String>, moving: Set<String> = [], _ db: Database) throws
        -> Outcome
    {
        var outcome = Outcome()
        if let workflow = tree.workflow, try SyncTables.localWorkflow(db) != workflow,
            let parsed = try? Workflow(parsing: workflow)
        {
            try OutlineStore.storeWorkflow(parsed, db)
            outcome.workflowChanged = true
        }
        var ids: [String: ItemID] = [:]
        // A database that has never held an item of the log (a machine that joins) answers
        // every look-up below with nothing: asked once here rather than once an item.
        let knowsNoItem = try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_uid)") ?? false)
        func localID(_ uid: String) throws -> ItemID? {
            if let known = ids[uid] { return known }
            if knowsNoItem { return uid == SyncTree.rootUID ? .root : nil }
            let found = try SyncTables.id(of: uid, db)
            if let found { ids[uid] = found }
            return found
        }
        let row = try db.cachedStatement(
            sql:
                """
                SELECT parent_id, CAST(title AS TEXT), done_at, note, CAST(state AS TEXT), last_done, CAST(tags AS TEXT), CAST(scheduled AS TEXT),
                       CAST(scheduled_repeat AS TEXT), CAST(due AS TEXT), CAST(due_repeat AS TEXT),
                       CAST(priority AS TEXT), CAST(properties AS TEXT)
                FROM item WHERE id = ?
                """
        )
        var parentUIDs: Set<String> = []
        var additions: [String] = []
        // The local ids that additions held before (an undo elsewhere brought them back).
        var formerIDs: [String: ItemID] = [:]
        var updates: [(id: ItemID, node: SyncTree.Node)] = []
        // Items the tree names with nothing changed but, perhaps, their place in their list:
        // counted as changed when the numbering below moves them.
        var reordered: Set<String> = []
        var removals: [ItemID] = []
        for uid in uids.sorted() {
            // An item the tree does not hold was removed, then left out of a snapshot.
            let node = tree[uid] ?? SyncTree.Node(parent: SyncTree.rootUID, key: "", title: "", isLive: false)
            let id = try localID(uid)
            let current = try id.flatMap { try Row.fetchOne(row, arguments: [$0]) }
            switch (node.isLive, current) {
            case (true, nil):
                additions.append(uid)
                if let id { formerIDs[uid] = id }
            case (false, .some(let current)):
                removals.append(id!)
                outcome.parents.insert(current[0])
            case (true, .some(let current)):
                parentUIDs.insert(node.parent)
                let oldParent: ItemID = current[0]
                let oldTitle: String = current[1]
                let oldDone: Double? = current[2]
                let oldNote: String? = current[3]
                if try localID(node.parent) != oldParent || oldTitle != node.title || oldDone != node.doneAt
                    || oldNote != node.note || SyncAttributes(row: current, startingAt: 4) != node.attributes
                {
                    outcome.parents.insert(oldParent)
                    updates.append((id!, node))
                } else {
                    reordered.insert(uid)
                }
            case (false, nil):
                continue
            }
        }
        // New items first, in the tree's outline order (parents before children, and ids handed out
        // in the order a reader meets them), so that a moved item's new parent is there.
        let children = tree.childrenByParent()
        if !additions.isEmpty {
            let wanted = Set(additions)
            additions = []
            var stack: [String] = (children[SyncTree.rootUID] ?? []).reversed()
            while let uid = stack.popLast() {
                if wanted.contains(uid) { additions.append(uid) }
                stack.append(contentsOf: (children[uid] ?? []).reversed())
            }
        }
        // Prepared once for every item: each statement that writes the item table carries the
        // triggers' programs, which made preparing one per item most of the cost of adopting a big
        // outline. Stepped through SQLite's C interface: building GRDB's arguments for each item
        // was a third of the cost of adding a hundred thousand.
        let insert = try RawStatement(
            db,
            sql: """
                INSERT INTO item (id, parent_id, position, title, done_at, note, state, last_done, tags, scheduled,
                                  scheduled_repeat, due, due_repeat, priority, properties)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        // A new item gets its id here, as AUTOINCREMENT would hand it out (after every id ever
        // used), and its log id is noted before the insert: the trigger's random one is then
        // never made, and never replaced (a second write per item, for a machine that joins).
        var nextID =
            try ItemID.fetchOne(
                db,
                sql: """
                    SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'item'), 0),
                               coalesce((SELECT max(id) FROM item), 0)) + 1
                    """) ?? 1
        let noteUID = try RawStatement(db, sql: "INSERT INTO sync_uid (id, uid) VALUES (?, ?)")
        // Each addition at its place in the tree's list: where the list is new (a machine that
        // joins), the numbering below then finds every item in place and writes nothing.
        var places: [String: Int] = [:]
        for parent in Set(additions.map { tree[$0]!.parent }) {
            for (index, uid) in (children[parent] ?? []).enumerated() { places[uid] = index + 1 }
        }
        for uid in additions {
            let node = tree[uid]!
            let parent = try localID(node.parent) ?? .root
            // An item this database held before (an undo elsewhere brought it back) gets its old id.
            let id: ItemID
            if let old = formerIDs[uid] {
                id = old
            } else {
                id = nextID
                nextID += 1
                try noteUID.execute(binding: [id.databaseValue, uid.databaseValue])
            }
            try insert.execute(
                binding: [
                    id.databaseValue, parent.databaseValue, (places[uid] ?? 1).databaseValue,
                    node.title.databaseValue, node.doneAt.databaseValue, node.note.databaseValue,
                ] + node.attributes.columnValues)
            ids[uid] = id
            parentUIDs.insert(node.parent)
            outcome.added += 1
        }
        let update = try db.cachedStatement(
            sql: """
                UPDATE item SET parent_id = ?, title = ?, done_at = ?, note = ?, state = ?, last_done = ?, tags = ?,
                                scheduled = ?, scheduled_repeat = ?, due = ?, due_repeat = ?, priority = ?,
                                properties = ?
                WHERE id = ?
                """)
        for (id, node) in updates {
            try update.execute(
                arguments: StatementArguments(
                    [
                        (try localID(node.parent) ?? .root).databaseValue, node.title.databaseValue,
                        node.doneAt.databaseValue, node.note.databaseValue,
                    ] + node.attributes.columnValues
                        + [id.databaseValue]))
            outcome.changed += 1
        }
        // Removals last: the children that stay have moved away, so the cascade takes only what
        // the tree removes.
        let remove = try db.cachedStatement(sql: "DELETE FROM item WHERE id = ?")
        for id in removals {
            let count =
                try Int.fetchOne(
                    db,
                    sql: """
                        WITH RECURSIVE below(id) AS (
                            SELECT id FROM item WHERE id = ?
                            UNION ALL SELECT item.id FROM item JOIN below ON item.parent_id = below.id)
                        SELECT count(*) FROM below
                        """, arguments: [id]) ?? 0
            guard count > 0 else { continue }
            outcome.removed += count
            try remove.execute(arguments: [id])
        }
        // Every list that gained, lost or reordered an item, numbered in the tree's order.
        for parent in outcome.parents {
            if parent == .root {
                parentUIDs.insert(SyncTree.rootUID)
            } else if let uid = try SyncTables.uid(of: parent, db) {
                parentUIDs.insert(uid)
            }
        }
        let renumber = try db.cachedStatement(sql: "UPDATE item SET position = ? WHERE id = ? AND position != ?")
        let added = Set(additions)
        for parentUID in parentUIDs.sorted() {
            guard let parent = try localID(parentUID) else { continue }
            outcome.parents.insert(parent)
            // An addition went in at its index in this same list (`places`): nothing to number.
            for (index, uid) in (children[parentUID] ?? []).enumerated() where !added.contains(uid) {
                guard let id = try localID(uid) else { continue }
                try renumber.execute(arguments: [index + 1, id, index + 1])
                // A sibling numbered again because another came, went or moved has not changed;
                // nor has one this machine moved itself.
                guard db.changesCount > 0, moving.contains(uid) else { continue }
                if reordered.contains(uid) { outcome.changed += 1 }
                outcome.movedWithin.insert(id)
            }
        }
        return outcome
    }
}
