/// One list that a step touched, and the order `ListsByIntent` gives it once the step is
/// undone or redone by what it did.
///
/// The step moved some of the list's items on purpose: the ones it added, removed, or moved to
/// or from another list, and, among those it numbered again within the list, the ones whose
/// order it changed (a `sort`'s, the item named by a `mv --before`); the siblings it only
/// shifted up or down by one keep their order. Those items go back to the places the step
/// recorded, each right after the item that stood before it there, wherever that one stands.
/// Every other item (one the step did not move, one it only shifted, one a sync or a later step
/// brought) keeps the order it stands in, so that what a sync did to the list beside the step
/// stays done; an item that came into the list later stays right after the item it followed.
struct ListByIntent {
    /// The list's children before the step is applied, in order.
    let current: [ItemID]
    /// The items the step takes out of the list (to another list, or removed).
    private let leaving: Set<ItemID>
    /// The items the step places in the list by what it did, with the place each goes to; nil
    /// where the row names none (the same number as before), read after applying.
    private let placed: [ItemID: Int?]
    /// The other items that were in the list when the step was made, with their places once it
    /// is applied (an item it did not move keeps its place, a shifted one takes its row's).
    private let kept: [ItemID: Int]
    /// The items the step moved within the list: a later step that moved one of them stops an
    /// undo by intent, which would move it back over that step's move.
    let movedWithin: Set<ItemID>
    /// The items that steps after this one brought into the list.
    private let cameLater: Set<ItemID>

    /// - Parameters:
    ///   - placedByStep: the items whose rows place them (`ListsByIntent`).
    ///   - cameLater: the items that steps after this one brought into its lists.
    ///   - positionsAsLeft: the numbers the step left items at, where later steps changed them
    ///     (an item it did not move, or moved to another list at the same number, has no row
    ///     that tells).
    ///   - recordedMoves: what the step moved within its lists on purpose, as the command said
    ///     (`ListEnds.moves`); nil to read it from the rows.
    init(
        parent: ItemID, current: [ItemID], rows: [ChangedRow], placedByStep: Set<ItemID>, cameLater: Set<ItemID>,
        positionsAsLeft: [ItemID: Int], recordedMoves: StepMoves?
    ) {
        self.current = current
        self.cameLater = cameLater
        let here = Set(current)
        let stayingRows = rows.filter { $0.changesPositionAlone && here.contains($0.id) && $0.old.position != nil }
        let leavingRows = rows.filter { row in
            switch row.kind {
            case .delete: row.old.parent == parent
            case .update: row.oldParent == parent && row.newParent != nil && row.newParent != parent
            case .insert: false
            }
        }
        let leaving = Set(leavingRows.map(\.id))
        // The places the items held in the list as the step (or the last undo or redo of it)
        // left it: an item with no row kept its number through the step, the number it has now,
        // or the one it had when a later step numbered it again first.
        let untouched = current.enumerated().filter { !placedByStep.contains($1) && !cameLater.contains($1) }
            .map { (id: $1, place: positionsAsLeft[$1] ?? $0 + 1) }
        let free = untouched.map(\.place).sorted()
        var kept = Dictionary(untouched.map { ($0.id, $0.place) }, uniquingKeysWith: { first, _ in first })
        var movedWithin: Set<ItemID>
        if let recordedMoves {
            movedWithin = Set(stayingRows.map(\.id).filter(recordedMoves.includes))
        } else {
            // Not said: a row moved its item on purpose when it passed an item the step did not
            // move, or changed its order among the rows it did not: what is left of the list's
            // rows, in the order the step found them, keeps a longest increasing run of the
            // places it gave.
            let inOrder = stayingRows.filter {
                Self.count(below: $0.old.position!, in: free) == Self.count(below: $0.new.position!, in: free)
            }
            .sorted { $0.old.position! < $1.old.position! }
            let shifted = Set(
                ResultsDiff.longestIncreasingSubsequence(inOrder.map { $0.new.position! }).map { inOrder[$0].id })
            movedWithin = Set(stayingRows.map(\.id)).subtracting(shifted)
        }
        var placed: [ItemID: Int?] = [:]
        // An item the command moved that ended at the number it had has no row: it goes back
        // to that number, as the step found it, and not by the order of the items it passed.
        for (id, _) in untouched where recordedMoves?.includes(id) == true {
            placed[id] = kept.removeValue(forKey: id)
            movedWithin.insert(id)
        }
        for row in stayingRows {
            if movedWithin.contains(row.id) {
                placed[row.id] = row.new.position
            } else {
                kept[row.id] = row.new.position!
            }
        }
        for row in rows where row.kind != .delete && row.newParent == parent && row.oldParent != parent {
            let place: Int? = row.new.position ?? positionsAsLeft[row.id]
            placed[row.id] = .some(place)
        }
        self.leaving = leaving
        self.placed = placed
        self.kept = kept
        self.movedWithin = movedWithin
    }

    /// The list's order once the step is applied: `now`, its children then, with their
    /// positions, give the places the rows named none for, and which items are still there.
    func order(now: [(id: ItemID, position: Int)]) -> [ItemID] {
        let present = Set(now.map(\.id))
        let positions = Dictionary(now.map { ($0.id, $0.position) }, uniquingKeysWith: { first, _ in first })
        let stays = { (id: ItemID) in present.contains(id) && !leaving.contains(id) }
        let others = current.filter { stays($0) && placed[$0] == nil && !cameLater.contains($0) }
        // The list as the step puts it back, of the items still in it: each placed item goes
        // right after the one that stands before it there, wherever that one stands now.
        var goingBack = Set<ItemID>()
        var byPlace: [(place: Int, id: ItemID)] = others.compactMap { id in kept[id].map { ($0, id) } }
        for (id, place) in placed where present.contains(id) {
            goingBack.insert(id)
            byPlace.append((place ?? positions[id] ?? Int.max, id))
        }
        byPlace.sort { ($0.place, $0.id) < ($1.place, $1.id) }
        var after: [ItemID?: [ItemID]] = [:]
        var previous: ItemID?
        for (_, id) in byPlace {
            if goingBack.contains(id) { after[previous, default: []].append(id) }
            previous = id
        }
        // An item that came later stays right after the item it followed, before what the step
        // puts back after that one (a sort puts every item back, one after another: the item
        // would go to the end of them); it stays first if it followed none, and last if it
        // followed all of them.
        var following: [ItemID?: [ItemID]] = [:]
        var sinceLastPlaced: [ItemID] = []
        var lastPlaced: ItemID?
        for id in current where stays(id) {
            guard cameLater.contains(id), placed[id] == nil else {
                following[lastPlaced, default: []] += sinceLastPlaced
                sinceLastPlaced = []
                lastPlaced = id
                continue
            }
            sinceLastPlaced.append(id)
        }
        var order = following[nil] ?? []
        func append(_ id: ItemID) {
            order.append(id)
            order += following[id] ?? []
            for next in after[id] ?? [] { append(next) }
        }
        for id in after[nil] ?? [] { append(id) }
        for id in others { append(id) }
        order += sinceLastPlaced
        // Items the rows brought that no list held before (none, unless the tree changed under
        // the step) keep their order at the end.
        let ordered = Set(order)
        return order + now.map(\.id).filter { !ordered.contains($0) }
    }

    /// How many of `sorted`, in increasing order, are below `value`.
    static func count(below value: Int, in sorted: [Int]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
