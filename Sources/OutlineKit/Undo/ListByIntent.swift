/// One list that a step touched, and the order `ListsByIntent` gives it once the step is
/// undone or redone by what it did.
///
/// The step moved some of the list's items on purpose: the ones it added, removed, or moved to
/// or from another list, and, among those it numbered again within the list, the ones whose
/// order it changed (a `sort`'s, the item of a `mv --before`); the siblings it only shifted up
/// or down by one keep their order. Those items go back to the places the step recorded, each
/// right after the item that stood before that place then. Every other item (one the step did
/// not move, one it only shifted, one a sync or a later step brought) keeps the order it stands
/// in, so that what a sync did to the list beside the step stays done; an item that came into
/// the list later stays after the item it followed.
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
    /// The items the step moved within the list.
    private let movedWithin: Set<ItemID>
    /// The places of the items that were in the list when the step was made, as the step (or
    /// the last undo or redo of it) left them.
    private let places: [ItemID: Int]
    /// The items that steps after this one brought into the list.
    private let cameLater: Set<ItemID>

    /// - Parameters:
    ///   - placedByStep: the items whose rows place them (`ListsByIntent`).
    ///   - cameLater: the items that steps after this one brought into its lists.
    ///   - positionsAsLeft: the numbers the step left items at that it moved to another list at
    ///     the same number (their rows name none), where later steps changed them.
    init(
        parent: ItemID, current: [ItemID], rows: [ChangedRow], placedByStep: Set<ItemID>, cameLater: Set<ItemID>,
        positionsAsLeft: [ItemID: Int]
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
        // The places the step's items held in the list as it stands now (as the step, or the
        // last undo or redo of it, left it); the items it did not move hold the others, in order.
        // A row numbered again whose item is gone (a later step removed it) held a place too.
        let goneRows = rows.filter { $0.changesPositionAlone && !here.contains($0.id) }
        let taken = Set((stayingRows + leavingRows + goneRows).compactMap(\.old.position))
        let untouched = current.filter { !placedByStep.contains($0) && !cameLater.contains($0) }
        var free: [Int] = []
        var place = 0
        while free.count < untouched.count {
            place += 1
            if !taken.contains(place) { free.append(place) }
        }
        var kept = Dictionary(uniqueKeysWithValues: zip(untouched, free))
        var places = kept
        for row in stayingRows + leavingRows { places[row.id] = row.old.position }
        // A row moved its item on purpose when it passed an item the step did not move, or
        // changed its order among the rows it did not: what is left of the list's rows, in the
        // order the step found them, keeps a longest increasing run of the places it gave.
        let inOrder = stayingRows.filter {
            Self.count(below: $0.old.position!, in: free) == Self.count(below: $0.new.position!, in: free)
        }
        .sorted { $0.old.position! < $1.old.position! }
        let shifted = ResultsDiff.longestIncreasingSubsequence(inOrder.map { $0.new.position! })
        var placed: [ItemID: Int?] = [:]
        var movedWithin: Set<ItemID> = []
        let shiftedIDs = Set(shifted.map { inOrder[$0].id })
        for row in stayingRows {
            if shiftedIDs.contains(row.id) {
                kept[row.id] = row.new.position!
            } else {
                placed[row.id] = row.new.position
                movedWithin.insert(row.id)
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
        self.places = places
    }

    /// The first item the step moved within the list that no longer stands where the step left
    /// it among the list's other items: someone moved it since (or moved others past it), and
    /// an undo by intent would silently move it back over their move.
    func firstMovedSince() -> ItemID? {
        let placedHere = current.filter { places[$0] != nil }
        let byPlace = placedHere.sorted { (places[$0]!, $0) < (places[$1]!, $1) }
        let rank = Dictionary(uniqueKeysWithValues: byPlace.enumerated().map { ($1, $0) })
        return zip(placedHere.indices, placedHere).first { index, id in
            movedWithin.contains(id) && rank[id] != index
        }?.1
    }

    /// The list's order once the step is applied: `now`, its children then, with their
    /// positions, give the places the rows named none for, and which items are still there.
    func order(now: [(id: ItemID, position: Int)]) -> [ItemID] {
        let present = Set(now.map(\.id))
        let positions = Dictionary(now.map { ($0.id, $0.position) }, uniquingKeysWith: { first, _ in first })
        let stays = { (id: ItemID) in present.contains(id) && !leaving.contains(id) }
        let others = current.filter { stays($0) && placed[$0] == nil && !cameLater.contains($0) }
        let keptByPlace = others.compactMap { id in kept[id].map { (place: $0, id: id) } }
            .sorted { ($0.place, $0.id) < ($1.place, $1.id) }
        let keptPlaces = keptByPlace.map(\.place)
        // Each placed item goes right after the kept item whose place came last before its own.
        var after: [ItemID?: [ItemID]] = [:]
        let goingBack = placed.compactMap { id, place in
            present.contains(id) ? (id: id, place: place ?? positions[id] ?? Int.max) : nil
        }.sorted { ($0.place, $0.id) < ($1.place, $1.id) }
        for item in goingBack {
            let below = Self.count(below: item.place, in: keptPlaces)
            after[below == 0 ? nil : keptByPlace[below - 1].id, default: []].append(item.id)
        }
        var placedInOrder = after[nil] ?? []
        for id in others {
            placedInOrder.append(id)
            placedInOrder += after[id] ?? []
        }
        // An item that came later follows the item it followed; it stays first if it followed
        // none, and last if it followed all of them.
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
        for id in placedInOrder {
            order.append(id)
            order += following[id] ?? []
        }
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
