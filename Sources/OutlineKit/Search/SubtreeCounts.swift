import GRDB

/// How many children and descendants items have, for `find --json`, which gives both for every
/// match. Asked one item at a time (a query for the children and a recursive one for the
/// subtree), a common word's matches took many seconds; for many items the counts come from one
/// pass over the table instead (Docs/performance.md, "`find --json` with many matches").
struct SubtreeCounts {
    /// Children by id (`show`'s count: the largest position under it), for the items asked
    /// about and their parents.
    private var children: [ItemID: Int] = [:]
    private var descendants: [ItemID: Int] = [:]
    /// After a pass over the table: every id, ascending, with its counts at the same index.
    private var passIDs: [ItemID] = []
    /// The index of each id, by id, when ids are dense enough for a table (the usual case):
    /// faster than the binary search, which a sparse file falls back on.
    private var indexByID: [Int32] = []
    private var passChildren: [Int] = []
    private var passDescendants: [Int] = []

    /// More items than this are counted in one pass over the table: asked one by one, an item
    /// costs three queries, and on a million items the pass costs about what this many items
    /// asked one by one do (Docs/performance.md, "`find --json` with many matches").
    static let passAbove = 2_000

    /// The counts of `items` and of their parents, from one pass over the table when there are
    /// more than `passAbove` items (tests lower it).
    init(_ db: Database, for items: [Item], passAbove: Int = Self.passAbove) throws {
        if items.count > passAbove {
            try countAll(db)
            return
        }
        for item in items {
            for id in [item.id, item.parentID] where children[id] == nil {
                children[id] = try TreeQueries.childCount(db, of: id)
            }
            descendants[item.id] = try TreeQueries.subtreeSize(db, rootedAt: [item.id]) - 1
        }
    }

    /// How many children `id` has; 0 for an item it was not asked about.
    func childCount(of id: ItemID) -> Int {
        if let count = children[id] { return count }
        return passIndex(of: id).map { passChildren[$0] } ?? 0
    }

    /// How many items lie below `id`; 0 for an item it was not asked about.
    func descendantCount(of id: ItemID) -> Int {
        if let count = descendants[id] { return count }
        return passIndex(of: id).map { passDescendants[$0] } ?? 0
    }

    /// Where `id` is in `passIDs`: indexes rather than ids, so that the pass needs memory for
    /// the rows there are, whatever the largest id (one id in the millions once made it take a
    /// gigabyte).
    private func passIndex(of id: ItemID) -> Int? {
        if !indexByID.isEmpty {
            guard id >= 0, id < indexByID.count, indexByID[Int(id)] >= 0 else { return nil }
            return Int(indexByID[Int(id)])
        }
        var lower = 0
        var upper = passIDs.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if passIDs[middle] < id { lower = middle + 1 } else { upper = middle }
        }
        return lower < passIDs.count && passIDs[lower] == id ? lower : nil
    }

    /// Every item's counts. Children are what `TreeQueries.childCount` computes, by the same
    /// SQL for every parent at once (positions a hand edit made text or huge count as they do
    /// there); descendants are added up from the leaves.
    private mutating func countAll(_ db: Database) throws {
        var parentIDs: [ItemID] = []
        var positions: [Int64] = []
        // Whether a position is not an integer (only a hand edit stores one): SQLite's max()
        // then orders values across types, and only its own query gives `show`'s count.
        var onlyIntegers = true
        let rows = try RawStatement(db, sql: "SELECT id, parent_id, position FROM item ORDER BY id")
        while try rows.step() {
            passIDs.append(rows.int64(0))
            // A parent that is not an integer (the root's NULL, or a hand edit's text) is no
            // item's id, as `parent_id = ?` finds none for it.
            parentIDs.append(rows.isInteger(1) ? rows.int64(1) : -1)
            positions.append(rows.int64(2))
            if onlyIntegers, !rows.isInteger(2) { onlyIntegers = false }
        }
        let count = passIDs.count
        if let largest = passIDs.last, largest >= 0, largest < 4 * Int64(count) {
            indexByID = [Int32](repeating: -1, count: Int(largest) + 1)
            for (index, id) in passIDs.enumerated() where id >= 0 { indexByID[Int(id)] = Int32(index) }
        }
        // The parent of each row by index; -1 for none, a missing one, or itself.
        let parents = parentIDs.indices.map { index in
            passIndex(of: parentIDs[index]).flatMap { $0 == index ? nil : $0 } ?? -1
        }
        passChildren = [Int](repeating: 0, count: count)
        if onlyIntegers {
            for index in 0..<count {
                let parent = parents[index]
                if parent >= 0 { passChildren[parent] = max(passChildren[parent], Int(positions[index])) }
            }
        } else {
            let maxima = try RawStatement(db, sql: "SELECT parent_id, max(position) FROM item GROUP BY parent_id")
            // The root's NULL group is nobody's children.
            while try maxima.step() {
                guard maxima.isInteger(0), let index = passIndex(of: maxima.int64(0)) else { continue }
                passChildren[index] = Int(maxima.int64(1))
            }
        }
        // From the leaves up: an item is added to its parent once all its own children have
        // been added to it. Items on a cycle (only in a file edited by hand) are never reached.
        var waiting = [Int](repeating: 0, count: count)
        for parent in parents where parent >= 0 { waiting[parent] += 1 }
        passDescendants = [Int](repeating: 0, count: count)
        var ready = (0..<count).filter { waiting[$0] == 0 }
        while let index = ready.popLast() {
            let parent = parents[index]
            guard parent >= 0 else { continue }
            passDescendants[parent] += passDescendants[index] + 1
            waiting[parent] -= 1
            if waiting[parent] == 0 { ready.append(parent) }
        }
    }
}
