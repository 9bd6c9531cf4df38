import GRDB

/// The part of the tree that a search's results need: the found items and all their ancestors,
/// each with its parent, position and title. It puts the results in outline order and gives each
/// its path, sharing the work among items with common ancestors.
///
/// Nodes live in arrays, one slot each. It reads them one of two ways, whichever reads less:
/// - a few matches: each item, and each ancestor not yet known, by its id; slots are handed out
///   as nodes arrive.
/// - many (more than one item in `scanAboveOneIn`): two passes over the table, the first through
///   the `(parent_id, position)` index for the whole tree's shape, the second for the titles of
///   the nodes needed. The slot is the id itself, so no dictionary is built: with 170 000
///   matches in a million items, dictionaries were most of the time.
struct SearchTree {
    private var ids: [ItemID] = []
    private var parentSlots: [Int] = []
    private var positions: [Int] = []
    private var titles: [String?] = []
    private var slotOfID: [ItemID: Int] = [:]
    /// Whether the slot is the id (the scanning way).
    private var slotIsID = false

    /// More matches than one in this many items: read by scanning, not by lookups.
    static let scanAboveOneIn = 20

    private static let noSlot = -1

    init(_ db: Database, holding matches: [ItemID]) throws {
        guard !matches.isEmpty else { return }
        let largestID = try ItemID.fetchOne(db, sql: "SELECT max(id) FROM item") ?? 0
        // Slots indexed by id: only when ids are dense enough for that.
        if matches.count * Self.scanAboveOneIn > Int(largestID), largestID < 64 * 1024 * 1024 {
            try loadByScanning(db, holding: matches, largestID: largestID)
        } else {
            try loadByLookups(db, holding: matches)
        }
    }

    /// The slot of `id`, the root's being `rootSlot`.
    private func slot(of id: ItemID) -> Int? {
        if id == .root { return rootSlot }
        if slotIsID { return id > 0 && id < ids.count && titles[Int(id)] != nil ? Int(id) : nil }
        return slotOfID[id]
    }

    /// The root takes the slot after the last node's.
    private var rootSlot: Int { ids.count }

    private mutating func loadByLookups(_ db: Database, holding matches: [ItemID]) throws {
        let lookup = try RawStatement(db, sql: "SELECT parent_id, position, title FROM item WHERE id = ?")
        var parents: [ItemID] = []
        for id in matches {
            var current = id
            while current != .root, slotOfID[current] == nil {
                lookup.reset(binding: current)
                guard try lookup.step() else { throw OutlineError.unknownItem(current) }
                slotOfID[current] = ids.count
                ids.append(current)
                parents.append(lookup.int64(0))
                positions.append(Int(lookup.int64(1)))
                titles.append(lookup.text(2))
                current = parents[parents.count - 1]
                // A cycle (only in a file edited by hand) must not hang the search.
                if ids.count > matches.count * (OutlineStore.maximumDepth + 1) {
                    throw OutlineError.fileNestsTooDeep(limit: OutlineStore.maximumDepth)
                }
            }
        }
        let root = ids.count
        parentSlots = parents.map { $0 == .root ? root : slotOfID[$0] ?? root }
    }

    private mutating func loadByScanning(_ db: Database, holding matches: [ItemID], largestID: ItemID) throws {
        slotIsID = true
        let size = Int(largestID) + 1
        var parents = [ItemID](repeating: -1, count: size)
        positions = [Int](repeating: 0, count: size)
        let shape = try RawStatement(db, sql: "SELECT id, parent_id, position FROM item WHERE parent_id IS NOT NULL")
        while try shape.step() {
            let id = Int(shape.int64(0))
            guard id > 0 && id < size else { continue }
            parents[id] = shape.int64(1)
            positions[id] = Int(shape.int64(2))
        }
        var needed = [Bool](repeating: false, count: size)
        for id in matches {
            var current = Int(id)
            var steps = 0
            while current > 0, current < size, !needed[current] {
                needed[current] = true
                current = Int(parents[current])
                steps += 1
                if steps > OutlineStore.maximumDepth {
                    throw OutlineError.fileNestsTooDeep(limit: OutlineStore.maximumDepth)
                }
            }
        }
        titles = [String?](repeating: nil, count: size)
        let rows = try RawStatement(db, sql: "SELECT id, title FROM item")
        while try rows.step() {
            let id = Int(rows.int64(0))
            if id > 0, id < size, needed[id] { titles[id] = rows.text(1) }
        }
        ids = (0..<size).map(ItemID.init)
        parentSlots = parents.map { $0 <= 0 || Int($0) >= size ? size : Int($0) }
    }

    /// The items of `matches` that lie below `subtree`, in outline order, each with its path.
    func inOutlineOrder(_ matches: [ItemID], within subtree: ItemID) -> [FoundItem] {
        let count = ids.count
        // Children lists in one array, each node's a slice: how many, where each starts, then
        // the lists themselves, each sorted by position.
        var starts = [Int](repeating: 0, count: count + 2)
        for slot in 0..<count where titles[slot] != nil { starts[parentSlots[slot] + 1] += 1 }
        for slot in 0...count { starts[slot + 1] += starts[slot] }
        var filled = starts
        var children = [Int](repeating: 0, count: starts[count + 1])
        for slot in 0..<count where titles[slot] != nil {
            children[filled[parentSlots[slot]]] = slot
            filled[parentSlots[slot]] += 1
        }
        for parent in 0...count where starts[parent + 1] - starts[parent] > 1 {
            children[starts[parent]..<starts[parent + 1]].sort { positions[$0] < positions[$1] }
        }
        var wanted = [Bool](repeating: false, count: count)
        for id in matches { if let slot = slot(of: id), slot < count { wanted[slot] = true } }
        let subtreeSlot = slot(of: subtree) ?? Self.noSlot

        var found: [FoundItem] = []
        found.reserveCapacity(matches.count)
        var path: [String] = []
        // Depth-first from the root, each list in position order; an explicit stack, since a
        // hand-edited file may nest deeper than recursion should go.
        var stack: [(slot: Int, depth: Int, inside: Bool)] = []
        func pushChildren(of parent: Int, depth: Int, inside: Bool) {
            for child in children[starts[parent]..<starts[parent + 1]].reversed() {
                stack.append((child, depth, inside))
            }
        }
        pushChildren(of: rootSlot, depth: 1, inside: subtreeSlot == rootSlot)
        while let (slot, depth, inside) = stack.popLast() {
            let title = titles[slot]!
            path.removeLast(path.count - (depth - 1))
            path.append(title)
            if inside, wanted[slot] {
                let parent = parentSlots[slot] == rootSlot ? ItemID.root : ids[parentSlots[slot]]
                found.append(
                    FoundItem(
                        item: Item(id: ids[slot], parentID: parent, position: positions[slot], title: title),
                        path: TitlePath(titles: path, isAnchored: true)))
            }
            pushChildren(of: slot, depth: depth + 1, inside: inside || slot == subtreeSlot)
        }
        return found
    }
}
