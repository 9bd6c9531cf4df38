import GRDB

/// This machine's changes since the last sync, as operations: the difference between the items
/// noted as changed (`sync_dirty`) and the outline the log made (`sync_base`).
///
/// Order among siblings: in each list that holds a changed item, the children still in the log's
/// order (the longest such run) keep their keys, and the others get new keys between their
/// neighbours'. So a move is one operation, however many siblings it shifted. A new place in the
/// same list is an `order`, which never takes an item out of a list another machine moved it to.
///
/// Operations come in an order every machine can apply: creates and moves in the outline order
/// of the result, parents before children (so that a move never passes through a state where an
/// item would lie inside itself), then content, then removals.
enum SyncDiff {
    /// One item as it is here: its ids, and what the log would hold of it.
    struct LocalItem {
        var id: ItemID
        var uid: String
        var node: SyncTree.Node

        var parentUID: String { node.parent }
        var key: String {
            get { node.key }
            set { node.key = newValue }
        }
    }

    static func operations(_ db: Database, base: SyncTree) throws -> [SyncOperation] {
        let workflow = try SyncTables.localWorkflow(db)
        // The workflow first: the keywords the items' states name are then in it.
        let workflowChange: [SyncOperation] =
            if let workflow, workflow != base.workflow { [.setWorkflow(workflow)] } else { [] }
        let resolutions = try SyncTables.resolutions(db)
        let changed = try SyncTables.changedIDs(db)
        guard !changed.isEmpty else { return workflowChange + resolutions }
        let row = try db.cachedStatement(sql: "SELECT parent_id FROM item WHERE id = ?")
        var uids = try SyncTables.uids(of: changed, db)
        var removals: [SyncOperation] = []
        var parents: Set<ItemID> = []
        var changedHere: Set<ItemID> = []
        for id in changed {
            guard let uid = uids[id] else { continue }
            if let values = try Row.fetchOne(row, arguments: [id]) {
                parents.insert(values[0])
                changedHere.insert(id)
            } else if base.isLive(uid) {
                removals.append(.delete(uid: uid))
            }
        }
        /// The global id of `id`: from those read above, else read now and kept.
        func globalID(_ id: ItemID) throws -> String? {
            if let known = uids[id] { return known }
            let read = try SyncTables.uid(of: id, db)
            uids[id] = read
            return read
        }
        // The items moved on purpose get new keys, whatever order the rest keeps: `mv x --after
        // y` (they swap) moves x, and a machine that moved x elsewhere meanwhile is told so.
        let movedHere = try SyncTables.movedWithinSinceLastRound(db)
        // Every child of each list that holds a changed item, with its final key.
        var structural: [(id: ItemID, operation: SyncOperation)] = []
        var content: [SyncOperation] = []
        let children = try db.cachedStatement(
            sql: """
                SELECT id, CAST(title AS TEXT), done_at, note, CAST(state AS TEXT), last_done, CAST(tags AS TEXT), CAST(scheduled AS TEXT),
                       CAST(scheduled_repeat AS TEXT), CAST(due AS TEXT), CAST(due_repeat AS TEXT),
                       CAST(priority AS TEXT), CAST(properties AS TEXT)
                FROM item WHERE parent_id = ? ORDER BY position, id
                """)
        for parent in parents.sorted() {
            guard let parentUID = parent == .root ? SyncTree.rootUID : try globalID(parent) else { continue }
            var items: [LocalItem] = []
            for child in try Row.fetchAll(children, arguments: [parent]) {
                let id: ItemID = child[0]
                guard let uid = try globalID(id) else { continue }
                items.append(
                    LocalItem(
                        id: id, uid: uid,
                        node: SyncTree.Node(
                            parent: parentUID, key: "", title: child[1], doneAt: child[2], note: child[3], isLive: true,
                            attributes: SyncAttributes(row: child, startingAt: 4))))
            }
            assignKeys(&items, base: base, moved: movedHere)
            for item in items {
                guard let node = base[item.uid], node.isLive else {
                    structural.append(
                        (
                            item.id,
                            .create(
                                uid: item.uid, parent: item.parentUID, key: item.key, title: item.node.title,
                                doneAt: item.node.doneAt, note: item.node.note, attributes: item.node.attributes)
                        ))
                    continue
                }
                if node.parent != item.parentUID {
                    structural.append((item.id, .move(uid: item.uid, parent: item.parentUID, key: item.key)))
                } else if node.key != item.key {
                    structural.append((item.id, .order(uid: item.uid, parent: item.parentUID, key: item.key)))
                }
                guard changedHere.contains(item.id) else { continue }
                content += contentOperations(of: item.uid, from: node, to: item.node)
            }
        }
        let rank = try outlineOrder(of: structural.map(\.id), db)
        structural.sort { rank[$0.id, default: 0] < rank[$1.id, default: 0] }
        return workflowChange + structural.map(\.operation) + content + removals + resolutions
    }

    /// Gives each item of one list, in its order here, a key. The longest run of items that were
    /// in this list in the log and are still in the log's order (by key, then global id) keep
    /// their keys; the others get keys between their neighbours'. Where two kept neighbours
    /// share a key (two machines made them at once) and an item goes between them, no key lies
    /// between, so the second of them gets a new one too. The items in `moved` (moved here on
    /// purpose) are left out of the run.
    private static func assignKeys(_ items: inout [LocalItem], base: SyncTree, moved: Set<ItemID>) {
        let oldKeys: [String?] = items.map { item in
            guard let node = base[item.uid], node.isLive, node.parent == item.parentUID else { return nil }
            return node.key
        }
        let candidates = zip(items, oldKeys).map { item, key in moved.contains(item.id) ? nil : key }
        var kept = longestRisingRun(candidates, uids: items.map(\.uid))
        var index = 0
        var lower: String?
        while index < items.count {
            if kept.contains(index) {
                items[index].key = oldKeys[index]!
                lower = oldKeys[index]
                index += 1
                continue
            }
            var end = index
            while end < items.count, !kept.contains(end) { end += 1 }
            // No key lies strictly between two equal keys: the upper neighbour gets a new one too.
            while end < items.count, let upper = oldKeys[end], let lower, upper == lower {
                kept.remove(end)
                end += 1
                while end < items.count, !kept.contains(end) { end += 1 }
            }
            let upper = end < items.count ? oldKeys[end] : nil
            let keys = OrderKey.keys(count: end - index, between: lower, and: upper)
            for (offset, key) in keys.enumerated() { items[index + offset].key = key }
            lower = keys.last
            index = end
        }
    }

    /// The indices of the longest subsequence of present keys that rises in the log's order of
    /// siblings, by key, then by global id (patience sorting, n log n).
    private static func longestRisingRun(_ keys: [String?], uids: [String]) -> Set<Int> {
        func precedes(_ first: Int, _ second: Int) -> Bool {
            let firstKey = keys[first]!
            let secondKey = keys[second]!
            if firstKey != secondKey { return firstKey.utf8.lexicographicallyPrecedes(secondKey.utf8) }
            return uids[first].utf8.lexicographicallyPrecedes(uids[second].utf8)
        }
        var tails: [Int] = []  // index of the smallest tail of each length
        var previous = [Int](repeating: -1, count: keys.count)
        for index in keys.indices where keys[index] != nil {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(tails[middle], index) { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: Set<Int> = []
        var current = tails.last ?? -1
        while current >= 0 {
            result.insert(current)
            current = previous[current]
        }
        return result
    }

    /// The place of each of `ids` in the outline's order here (depth first, by position).
    private static func outlineOrder(of ids: [ItemID], _ db: Database) throws -> [ItemID: Int] {
        guard ids.count > 1 else { return [:] }
        if ids.count > 2000 {
            // Many (a first sync sends every item): one walk of the whole tree.
            var children: [ItemID: [ItemID]] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT id, parent_id FROM item WHERE id != 0 ORDER BY parent_id, position, id")
            {
                children[row[1], default: []].append(row[0])
            }
            var rank: [ItemID: Int] = [:]
            var stack: [ItemID] = (children[.root] ?? []).reversed()
            while let id = stack.popLast() {
                rank[id] = rank.count
                stack.append(contentsOf: (children[id] ?? []).reversed())
            }
            return rank
        }
        // A few: compare the positions along each one's path from the top.
        let lookup = try db.cachedStatement(sql: "SELECT parent_id, position FROM item WHERE id = ?")
        var paths: [ItemID: [Int]] = [.root: []]
        func path(_ id: ItemID, depth: Int) throws -> [Int] {
            if let known = paths[id] { return known }
            guard depth <= OutlineStore.maximumDepth + 1, let row = try Row.fetchOne(lookup, arguments: [id]) else {
                return []
            }
            let result = try path(row[0], depth: depth + 1) + [row[1] as Int]
            paths[id] = result
            return result
        }
        let ordered = try ids.map { ($0, try path($0, depth: 0)) }.sorted { $0.1.lexicographicallyPrecedes($1.1) }
        var rank: [ItemID: Int] = [:]
        for (index, entry) in ordered.enumerated() { rank[entry.0] = index }
        return rank
    }
}
