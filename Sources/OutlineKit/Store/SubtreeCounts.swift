import GRDB

/// How many children and descendants items have, for `find --json`, which gives both for every
/// match. Asked one item at a time (a query for the children and a recursive one for the
/// subtree), a word in a sixth of a million titles took 16 seconds; for many items the counts
/// come from one pass over the table instead.
struct SubtreeCounts {
    /// Children by id (`show`'s count: the largest position under it), for the items asked
    /// about and their parents; or, after a pass over the table, by slot for every id.
    private var children: [ItemID: Int] = [:]
    private var descendants: [ItemID: Int] = [:]
    private var childrenBySlot: [Int32] = []
    private var descendantsBySlot: [Int32] = []

    /// More items than this are counted in one pass over the table. Asked one by one, an item
    /// costs three queries (tens of microseconds for a leaf); the pass costs about what a few
    /// thousand of those do on a million items.
    static let passAbove = 2_000

    /// The counts of `items` and of their parents, from one pass over the table when there are
    /// more than `passAbove` items (tests lower it).
    init(_ db: Database, for items: [Item], passAbove: Int = Self.passAbove) throws {
        let largestID = try Int(ItemID.fetchOne(db, sql: "SELECT max(id) FROM item") ?? 0)
        if items.count > passAbove, SearchTree.canScan(largestID: largestID) {
            try countAll(db, largestID: largestID)
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
        return id >= 0 && id < childrenBySlot.count ? Int(childrenBySlot[Int(id)]) : 0
    }

    /// How many items lie below `id`; 0 for an item it was not asked about.
    func descendantCount(of id: ItemID) -> Int {
        if let count = descendants[id] { return count }
        return id >= 0 && id < descendantsBySlot.count ? Int(descendantsBySlot[Int(id)]) : 0
    }

    /// Every item's counts, from each row's parent and position: children are counted as
    /// `TreeQueries.childCount` counts them, and descendants are added up from the leaves.
    private mutating func countAll(_ db: Database, largestID: Int) throws {
        let size = largestID + 1
        var parents = [Int32](repeating: -1, count: size)
        var childCounts = [Int32](repeating: 0, count: size)
        var present = [Bool](repeating: false, count: size)
        let rows = try RawStatement(db, sql: "SELECT id, parent_id, position FROM item")
        while try rows.step() {
            let id = Int(rows.int64(0))
            guard id >= 0, id < size else { continue }
            present[id] = true
            let parent = rows.int64(1)
            // A parent id that is not a slot, or the root's NULL, counts for nobody.
            guard parent >= 0, parent < size, parent != id else { continue }
            parents[id] = Int32(parent)
            let position = rows.int64(2)
            childCounts[Int(parent)] = max(childCounts[Int(parent)], Int32(clamping: position))
        }
        // From the leaves up: an item is added to its parent once all its own children have
        // been added to it. Items on a cycle (only in a file edited by hand) are never reached.
        var waiting = [Int32](repeating: 0, count: size)
        for id in 0..<size where parents[id] >= 0 { waiting[Int(parents[id])] += 1 }
        var descendantCounts = [Int32](repeating: 0, count: size)
        var ready = (0..<size).filter { present[$0] && waiting[$0] == 0 }
        while let id = ready.popLast() {
            let parent = Int(parents[id])
            guard parent >= 0 else { continue }
            descendantCounts[parent] += descendantCounts[id] + 1
            waiting[parent] -= 1
            if waiting[parent] == 0 { ready.append(parent) }
        }
        childrenBySlot = childCounts
        descendantsBySlot = descendantCounts
    }
}
