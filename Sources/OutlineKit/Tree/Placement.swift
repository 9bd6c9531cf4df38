import GRDB

/// Where new or moved items go: under a parent, at a position or next to a sibling.
public enum Placement: Equatable, Sendable {
    /// Last under the parent (the root when no parent is named).
    case end
    /// At this 1-based position among the parent's children, counted after the move.
    case at(Int)
    /// Just before this sibling.
    case before(ItemID)
    /// Just after this sibling.
    case after(ItemID)
}

/// A placement resolved for `add`: the parent, and the 0-based index at which the new items go.
struct ResolvedPlacement: Equatable {
    var parent: ItemID
    var index: Int
}

extension Placement {
    /// The parent the items go under (nil: the root, or the anchor's parent), checked.
    ///
    /// - Parameter moving: the items being moved; they cannot be anchors.
    /// - Throws: `unknownItem`, `rootNotAllowed`, `anchorIsMoved`, `anchorNotUnderParent`.
    func destination(_ db: Database, parent: ItemID?, moving: Set<ItemID> = []) throws -> ItemID {
        try target(db, parent: parent, moving: moving).parent
    }

    /// Resolves the placement of `count` new items. Positions are read from the index, so an
    /// `add` never reads the whole list of siblings.
    ///
    /// The positions that new items are numbered from are checked first (`malformedItem`): the
    /// siblings after the place shift by `count`, and the new items follow the anchor, so a
    /// position stored by hand as text, or at the end of SQLite's integers, would number them
    /// wrongly or overflow.
    ///
    /// - Throws: what `destination` throws, `malformedItem`, and `positionOutOfRange`.
    func resolve(_ db: Database, parent: ItemID?, count: Int) throws -> ResolvedPlacement {
        let (parent, anchor) = try target(db, parent: parent, moving: [])
        let last = try TreeQueries.lastPosition(db, under: parent, roomFor: count)
        switch self {
        case .before:
            return ResolvedPlacement(parent: parent, index: try TreeQueries.anchorPosition(db, of: anchor!.id) - 1)
        case .after: return ResolvedPlacement(parent: parent, index: try TreeQueries.anchorPosition(db, of: anchor!.id))
        case .end: return ResolvedPlacement(parent: parent, index: last)
        case .at(let position):
            return ResolvedPlacement(parent: parent, index: try Self.checked(position, count: last, parent: parent))
        }
    }

    /// Where moved items go in `remaining`, the destination's children without them. Placing by
    /// the list itself rather than stored positions keeps a move right on a file whose positions
    /// were left with gaps by an outside edit; the move then renumbers the list 1...n.
    ///
    /// - Throws: `positionOutOfRange`.
    func index(in remaining: [ItemID], parent: ItemID) throws -> Int {
        switch self {
        case .before(let anchor), .after(let anchor):
            // Only an outside edit leaves an item out of the list of the parent it names.
            guard let index = remaining.firstIndex(of: anchor) else {
                throw OutlineError.missingParent(item: anchor, parent: parent)
            }
            if case .after = self { return index + 1 }
            return index
        case .end: return remaining.count
        case .at(let position): return try Self.checked(position, count: remaining.count, parent: parent)
        }
    }

    /// The parent, and for `.before` and `.after` the anchor, checked once for both uses.
    private func target(_ db: Database, parent: ItemID?, moving: Set<ItemID>) throws -> (parent: ItemID, anchor: Item?)
    {
        switch self {
        case .end, .at:
            let parent = parent ?? .root
            try TreeQueries.requireParent(db, parent)
            return (parent, nil)
        case .before(let anchor), .after(let anchor):
            if anchor == .root { throw OutlineError.rootNotAllowed(operation: "used as a sibling") }
            if moving.contains(anchor) { throw OutlineError.anchorIsMoved(anchor) }
            let anchorItem = try TreeQueries.item(db, anchor)
            if let parent, parent != anchorItem.parentID {
                try TreeQueries.requireParent(db, parent)
                throw OutlineError.anchorNotUnderParent(anchor: anchor, parent: parent)
            }
            return (anchorItem.parentID, anchorItem)
        }
    }

    /// The 0-based index for a 1-based position among `count` siblings: 1 to one past the last.
    private static func checked(_ position: Int, count: Int, parent: ItemID) throws -> Int {
        guard (1...count + 1).contains(position) else {
            throw OutlineError.positionOutOfRange(position: position, parent: parent, validRange: 1...count + 1)
        }
        return position - 1
    }
}
