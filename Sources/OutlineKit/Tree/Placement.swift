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

/// A placement resolved against the database: the parent, and the 0-based index at which the
/// items go in the parent's list of children once the moved items are taken out of it.
struct ResolvedPlacement: Equatable {
    var parent: ItemID
    var index: Int
}

extension Placement {
    /// Resolves the placement for `parent` (nil: the root, or the anchor's parent).
    ///
    /// - Parameter moving: the items being moved, with their current parents and positions; they
    ///   do not count in the destination's list and cannot be anchors.
    /// - Throws: `unknownItem`, `positionOutOfRange`, `anchorIsMoved`, `anchorNotUnderParent`.
    func resolve(_ db: Database, parent: ItemID?, moving: [Item] = []) throws -> ResolvedPlacement {
        switch self {
        case .end, .at:
            let parent = parent ?? .root
            try TreeQueries.requireParent(db, parent)
            // Read from the index: an `add` at the end must not read every sibling.
            let remainingCount =
                try TreeQueries.childCount(db, of: parent) - moving.count { $0.parentID == parent }
            guard case .at(let position) = self else {
                return ResolvedPlacement(parent: parent, index: remainingCount)
            }
            guard (1...remainingCount + 1).contains(position) else {
                throw OutlineError.positionOutOfRange(
                    position: position, parent: parent, validRange: 1...remainingCount + 1)
            }
            return ResolvedPlacement(parent: parent, index: position - 1)
        case .before(let anchor), .after(let anchor):
            if anchor == .root { throw OutlineError.rootNotAllowed(operation: "used as a sibling") }
            if moving.contains(where: { $0.id == anchor }) { throw OutlineError.anchorIsMoved(anchor) }
            let anchorItem = try TreeQueries.item(db, anchor)
            if let parent, parent != anchorItem.parentID {
                try TreeQueries.requireParent(db, parent)
                throw OutlineError.anchorNotUnderParent(anchor: anchor, parent: parent)
            }
            let movedBefore = moving.count {
                $0.parentID == anchorItem.parentID && $0.position < anchorItem.position
            }
            let anchorIndex = anchorItem.position - 1 - movedBefore
            let index = if case .after = self { anchorIndex + 1 } else { anchorIndex }
            return ResolvedPlacement(parent: anchorItem.parentID, index: index)
        }
    }
}
