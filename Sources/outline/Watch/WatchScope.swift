import OutlineKit

/// The part of the outline a watch shows: the subtree of `start`, down to `maxDepth` levels.
///
/// A change belongs to it when its parent's children are on view: the parent is `start` or lies
/// below it, less than `maxDepth` levels down. `--json` writes only such changes, and the screen
/// marks and names only their items, so that both speak of the same items.
final class WatchScope {
    let start: ItemID
    /// Levels shown below `start` (1: its children alone); nil for all.
    let maxDepth: Int?
    private let store: OutlineStore
    /// Answers for the current state of the tree; `forget()` drops them when it changes.
    private var known: [ItemID: Bool] = [:]

    init(store: OutlineStore, start: ItemID, maxDepth: Int?) {
        self.store = store
        self.start = start
        self.maxDepth = maxDepth
    }

    /// False when every change is in scope: the whole outline, every level.
    var narrows: Bool { start != .root || maxDepth != nil }

    /// Drops what was learnt about the tree, which has changed since.
    func forget() { known = [:] }

    /// Whether the children of `parent`, as the tree is now, are on view. False for a parent
    /// that no longer exists.
    func showsChildren(of parent: ItemID) throws -> Bool {
        if !narrows || parent == start { return true }
        if let answer = known[parent] { return answer }
        let answer: Bool
        if let maxDepth {
            answer = try isWithin(levels: maxDepth - 1, below: start, parent)
        } else {
            answer = try store.isInSubtree(parent, of: start)
        }
        known[parent] = answer
        return answer
    }

    /// Whether `start` is among the first `levels` ancestors of `id`: climbs no further, so a
    /// shallow watch of a deep tree stays cheap.
    private func isWithin(levels: Int, below start: ItemID, _ id: ItemID) throws -> Bool {
        var current = id
        for _ in 0..<max(0, levels) {
            guard current != .root else { return false }
            do {
                current = try store.item(current).parentID
            } catch OutlineError.unknownItem {
                return false
            }
            if current == start { return true }
        }
        return false
    }
}
