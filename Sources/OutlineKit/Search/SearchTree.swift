import GRDB

/// The part of the tree that a search's results need: the found items and all their ancestors,
/// each with its parent, position and title. It puts the results in outline order and gives each
/// its path, sharing the work among items with common ancestors.
///
/// Nodes live in arrays, one slot each, and titles as bytes in one buffer, so that a search with
/// many results builds no dictionary and no string it does not print. It reads the nodes one of
/// two ways, whichever reads less:
/// - a few matches: each item, and each ancestor not yet known, by its id; slots are handed out
///   as nodes arrive.
/// - many (more than one item in `scanAboveOneIn`): one pass over the whole table. The slot is the
///   id itself. For many matches one pass over the table costs less than the lookups, and less
///   than a pass over the `(parent_id, position)` index followed by one for the titles
///   (Docs/performance.md, "`find` of a common word").
struct SearchTree {
    /// The id in each slot, and the slot of each id (lookups only: when scanning, the slot is the
    /// id).
    private var ids: [ItemID] = []
    private var slotOfID: [ItemID: Int] = [:]
    /// Parent slots and positions by slot.
    private var columns = NodeColumns(count: 0)
    /// Titles by slot, in one buffer or two (see `ItemTableScan`).
    private var titleParts: [TitleBytes] = []
    /// Whether the slot holds a node that the results need: a match or one of its ancestors.
    private var needed: [Bool] = []
    /// Whether the slot is the id (the scanning way).
    private var slotIsID = false
    /// Whether a second connection read part of the table; see `ItemTableScan`.
    private(set) var usedSecondReader = false

    /// Whether a search with `matchCount` matches among ids up to `largestID` reads the whole
    /// table rather than look its nodes up one by one; slots are indexed by id then, which
    /// takes ids dense enough for that.
    static func scans(matchCount: Int, largestID: Int) -> Bool {
        matchCount * scanAboveOneIn > largestID && canScan(largestID: largestID)
    }

    /// Whether a table whose ids go up to `largestID` may be scanned at all: a scan keeps a slot
    /// for every id up to the largest, so a hand-edited file with an id in the billions must be
    /// read by lookups (a scan of one once ran out of memory:
    /// Docs/performance.md, "`find` of a common word").
    static func canScan(largestID: Int) -> Bool { largestID < 64 * 1024 * 1024 }

    /// More matches than one in this many items: read by scanning, not by lookups. Lookups cost
    /// in proportion to the matches and the scan about the same whatever their share; on a
    /// million items the two are even near this share
    /// (Docs/performance.md, "`find` of a common word").
    static let scanAboveOneIn = 14

    private static let noSlot = -1

    /// Reads the nodes that `matches` need. A scan of the table may have been started already,
    /// to run while the matches were looked up (see `ItemTableScan`); it is cancelled if the
    /// nodes are better looked up.
    ///
    /// With `matchLookup`, a match looked up by its id is read by that statement instead, whose
    /// first three columns are the tree's (`parent_id, position, title`), and handed to `read`
    /// while the row is current: one lookup gives the caller the rest of the match's row. A
    /// match that is read some other way (by the scan, or first as another match's ancestor)
    /// is not handed over.
    init(
        _ db: Database, holding matches: [ItemID], startedScan: ItemTableScan? = nil,
        matchLookup: RawStatement? = nil, read: (ItemID, RawStatement) -> Void = { _, _ in }
    ) throws {
        guard !matches.isEmpty else {
            startedScan?.cancel()
            return
        }
        let largestID = try startedScan?.largestID ?? Int(ItemID.fetchOne(db, sql: "SELECT max(id) FROM item") ?? 0)
        // No item but the root (with a stale index naming removed ones) has nothing to scan.
        if largestID > 0, Self.scans(matchCount: matches.count, largestID: largestID) {
            let scan = startedScan ?? ItemTableScan(largestID: largestID, secondReaderPath: nil)
            try loadByScanning(db, holding: matches, scan: scan)
        } else {
            startedScan?.cancel()
            try loadByLookups(db, holding: matches, matchLookup: matchLookup, read: read)
        }
    }

    /// The slot of `id`, the root's being `rootSlot`.
    private func slot(of id: ItemID) -> Int? {
        if id == .root { return rootSlot }
        if slotIsID { return id > 0 && Int(id) < needed.count && hasTitle(Int(id)) ? Int(id) : nil }
        return slotOfID[id]
    }

    /// The root takes the slot after the last node's.
    private var rootSlot: Int { needed.count }

    private func id(at slot: Int) -> ItemID { slotIsID ? ItemID(slot) : ids[slot] }

    /// The title buffer that holds `slot`.
    private func titles(_ slot: Int) -> TitleBytes {
        titleParts.count == 1 || titleParts[0].covers(slot) ? titleParts[0] : titleParts[1]
    }

    private func hasTitle(_ slot: Int) -> Bool { titleParts.contains { $0.has(slot) } }

    private mutating func loadByLookups(
        _ db: Database, holding matches: [ItemID], matchLookup: RawStatement?, read: (ItemID, RawStatement) -> Void
    ) throws {
        let ancestorLookup = try RawStatement(db, sql: "SELECT parent_id, position, title FROM item WHERE id = ?")
        var parents: [ItemID] = []
        var positions: [Int64] = []
        let titles = TitleBytes(firstSlot: 0)
        for id in matches {
            var current = id
            while current != .root, slotOfID[current] == nil {
                let lookup = current == id ? matchLookup ?? ancestorLookup : ancestorLookup
                lookup.reset(binding: current)
                // A match the index still names but the table no longer holds (only when the
                // index was damaged by hand), or an ancestor missing (only in a file edited by
                // hand): `check` reports both, and the match is left out, as a scan leaves it.
                guard try lookup.step() else { break }
                if lookup === matchLookup { read(id, lookup) }
                slotOfID[current] = ids.count
                ids.append(current)
                parents.append(lookup.int64(0))
                positions.append(lookup.int64(1))
                titles.append(lookup, column: 2, slot: ids.count - 1)
                current = parents[parents.count - 1]
                // A cycle (only in a file edited by hand) must not hang the search.
                if ids.count > matches.count * (OutlineStore.maximumDepth + 1) {
                    throw OutlineError.fileNestsTooDeep(limit: OutlineStore.maximumDepth)
                }
            }
        }
        let root = Int32(ids.count)
        columns = NodeColumns(count: ids.count)
        for slot in ids.indices {
            // A node whose parent was not found is its own parent: the walk never reaches it.
            columns.parents[slot] =
                parents[slot] == .root ? root : slotOfID[parents[slot]].map(Int32.init) ?? Int32(slot)
            columns.positions[slot] = positions[slot]
        }
        titleParts = [titles]
        needed = [Bool](repeating: true, count: ids.count)
    }

    private mutating func loadByScanning(_ db: Database, holding matches: [ItemID], scan: ItemTableScan) throws {
        try scan.finish(db)
        slotIsID = true
        usedSecondReader = scan.usedSecondReader
        columns = scan.columns
        titleParts = scan.titles
        let size = scan.largestID + 1
        let parents = columns.parents
        needed = [Bool](repeating: false, count: size)
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
        // Parent ids become slots in place: the root's slot for a top-level item. An item with
        // no parent slot (a missing parent, in a file edited by hand) becomes its own parent,
        // and so do empty slots: the walk from the root never reaches them or anything below
        // them, as `ls` does not, and as the lookups leave them out.
        let root = Int32(size)
        for index in parents.indices {
            let parent = parents[index]
            if parent == 0 {
                parents[index] = root
            } else if parent < 0 {
                parents[index] = Int32(index)
            }
        }
    }

    /// The title in `slot`, as stored.
    func title(at slot: Int) -> String { titles(slot).string(slot) }

    /// The items of `matches` that lie below `subtree`, in outline order, each with its path,
    /// leaving out the `skipped` items and their subtrees. The items' states and notes are not
    /// read here: `Search.run` adds them.
    func inOutlineOrder(_ matches: [ItemID], within subtree: ItemID, skipping skipped: [ItemID] = []) -> [FoundItem] {
        var found: [FoundItem] = []
        found.reserveCapacity(matches.count)
        var path: [String] = []
        var walk = makeWalk(matches, within: subtree, skipping: skipped)
        while let step = walk.next() {
            path.removeLast(path.count - (step.depth - 1))
            path.append(titles(step.slot).string(step.slot))
            guard step.isFound else { continue }
            let parentSlot = Int(columns.parents[step.slot])
            let parent = parentSlot == rootSlot ? ItemID.root : id(at: parentSlot)
            let item = Item(
                id: id(at: step.slot), parentID: parent, position: Int(columns.positions[step.slot]),
                title: path[path.count - 1])
            found.append(FoundItem(item: item, path: TitlePath(titles: path, isAnchored: true)))
        }
        return found
    }

    /// Calls `body` with each match below `subtree`, in outline order, and its path made safe
    /// for a terminal (`TitleSanitizer.forTerminal`) as bytes that live for the call. Paths are
    /// built as bytes, each title escaped once however many matches lie below it. Returns how
    /// many matches `body` was called with.
    func forEachPath(
        _ matches: [ItemID], within subtree: ItemID, skipping skipped: [ItemID] = [],
        _ body: (ItemID, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> Int {
        // C memory, not an array: each node appends to the path, and an array's uniqueness check
        // and retain on every append cost more than the copies.
        var path = CBuffer<UInt8>()
        path.reserve(4096)
        // Where the path ends at each depth: entering a node cuts the path back to its parent's.
        var ends = CBuffer<Int>()
        ends.append(0)
        defer {
            path.free()
            ends.free()
        }
        // The one or two title buffers, looked at through pointers so that a step retains
        // neither; `titleParts` keeps them alive.
        let lowerTitles = titleParts.first?.view
        let upperTitles = titleParts.count > 1 ? titleParts[1].view : nil
        let upperStart = upperTitles?.firstSlot ?? Int.max
        var count = 0
        var walk = makeWalk(matches, within: subtree, skipping: skipped)
        while let step = walk.next() {
            path.truncate(to: ends.pointer[step.depth - 1])
            path.append(UInt8(ascii: "/"))
            if step.slot >= upperStart {
                upperTitles?.appendShown(step.slot, to: &path)
            } else {
                lowerTitles?.appendShown(step.slot, to: &path)
            }
            if ends.count > step.depth { ends.pointer[step.depth] = path.count } else { ends.append(path.count) }
            guard step.isFound else { continue }
            try body(id(at: step.slot), path.values)
            count += 1
        }
        withExtendedLifetime(titleParts) {}
        return count
    }

    /// A walk over the nodes the results need, with `matches` below `subtree` marked found and
    /// the `skipped` items left out with their subtrees.
    private func makeWalk(_ matches: [ItemID], within subtree: ItemID, skipping skipped: [ItemID]) -> OutlineWalk {
        var wanted = [Bool](repeating: false, count: needed.count)
        for id in matches { if let slot = slot(of: id), slot < needed.count { wanted[slot] = true } }
        var skippedSlots: [Bool] = []
        if !skipped.isEmpty {
            skippedSlots = [Bool](repeating: false, count: needed.count)
            for id in skipped { if let slot = slot(of: id), slot < needed.count { skippedSlots[slot] = true } }
        }
        return OutlineWalk(
            needed: needed, parents: columns.parents, positions: columns.positions, wanted: wanted,
            skipped: skippedSlots, subtree: slot(of: subtree) ?? Self.noSlot)
    }
}
