/// Nodes of a `SearchTree` in outline order: depth-first from the root, each node's children in
/// position order. A sequence rather than a function that takes closures, so that its users keep
/// their state in local variables (captured ones cost a run-time exclusivity check each access).
///
/// It owns its lists in C memory and frees them when it goes (it cannot be copied): a common
/// word's walk visits many nodes, and Swift arrays' uniqueness checks and retains on each push
/// and pop were a large share of `find`'s time after the table was read (Docs/performance.md,
/// "`find` of a common word").
struct OutlineWalk: ~Copyable {
    /// One node: its slot, its depth (1 for a top-level item), and whether it is a result.
    struct Step {
        let slot: Int
        let depth: Int
        let isFound: Bool
    }

    /// A node waiting on the stack, with its depth and whether it lies inside the subtree.
    private struct Pending {
        let slot: Int32
        let depth: Int32
        let inside: Bool
    }

    /// Children lists in one run, each node's from `starts[node]` to `starts[node + 1]`, in
    /// position order.
    private let children: UnsafeMutableBufferPointer<Int32>
    private let starts: UnsafeMutableBufferPointer<Int32>
    private let wanted: [Bool]
    /// Slots left out with their subtrees (done items, for `find --open`); empty for none.
    private let skipped: [Bool]
    private let subtree: Int
    /// An explicit stack, since a hand-edited file may nest deeper than recursion should go.
    /// Each node is pushed once, by its parent, so room for every child is all it ever needs.
    private let stack: UnsafeMutablePointer<Pending>
    private var stackCount = 0

    /// A walk over the slots marked `needed`, whose parents (the slot after the last for the
    /// root) and positions are given; the `wanted` slots below `subtree` are found, and the
    /// `skipped` ones below `subtree` are left out with everything below them (as `ls REF
    /// --open` lists REF's open descendants whatever REF and its ancestors are).
    init(
        needed: [Bool], parents: UnsafeMutableBufferPointer<Int32>, positions: UnsafeMutableBufferPointer<Int64>,
        wanted: [Bool], skipped: [Bool] = [], subtree: Int
    ) {
        let count = needed.count
        precondition(count < Int(Int32.max), "too many nodes for a walk")
        let starts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count + 2)
        starts.initialize(repeating: 0)
        needed.withUnsafeBufferPointer { needed in
            for slot in 0..<count where needed[slot] { starts[Int(parents[slot]) + 1] += 1 }
        }
        for slot in 0...count { starts[slot + 1] += starts[slot] }
        let total = Int(starts[count + 1])
        let children = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(total, 1))
        // Filling moves each list's start to its end, which is the next list's start: shifting
        // the starts up by one afterwards restores them, without a second array.
        needed.withUnsafeBufferPointer { needed in
            for slot in 0..<count where needed[slot] {
                let parent = Int(parents[slot])
                children[Int(starts[parent])] = Int32(slot)
                starts[parent] += 1
            }
        }
        for parent in stride(from: count, to: 0, by: -1) { starts[parent] = starts[parent - 1] }
        starts[0] = 0
        Self.sortByPosition(children, starts: starts, positions: positions)
        self.children = children
        self.starts = starts
        self.wanted = wanted
        self.skipped = skipped
        self.subtree = subtree
        stack = .allocate(capacity: max(total, 1))
        let root = count
        pushChildren(of: root, depth: 1, inside: subtree == root)
    }

    deinit {
        children.deallocate()
        starts.deallocate()
        stack.deallocate()
    }

    /// Puts each list in position order. Lists filled in slot order are usually in position
    /// order already (items are mostly added at the end), so each is checked before it is sorted.
    private static func sortByPosition(
        _ children: UnsafeMutableBufferPointer<Int32>, starts: UnsafeMutableBufferPointer<Int32>,
        positions: UnsafeMutableBufferPointer<Int64>
    ) {
        for parent in 0..<(starts.count - 1) {
            let lower = Int(starts[parent])
            let upper = Int(starts[parent + 1])
            guard upper - lower > 1 else { continue }
            var isSorted = true
            var previous = positions[Int(children[lower])]
            for index in (lower + 1)..<upper {
                let position = positions[Int(children[index])]
                if position < previous {
                    isSorted = false
                    break
                }
                previous = position
            }
            if !isSorted {
                var list = UnsafeMutableBufferPointer(rebasing: children[lower..<upper])
                list.sort { positions[Int($0)] < positions[Int($1)] }
            }
        }
    }

    private mutating func pushChildren(of parent: Int, depth: Int, inside: Bool) {
        var index = Int(starts[parent + 1])
        let first = Int(starts[parent])
        while index > first {
            index -= 1
            let child = children[index]
            if inside, !skipped.isEmpty, skipped[Int(child)] { continue }
            stack[stackCount] = Pending(slot: child, depth: Int32(depth), inside: inside)
            stackCount += 1
        }
    }

    /// The next node, or nil after the last.
    mutating func next() -> Step? {
        guard stackCount > 0 else { return nil }
        stackCount -= 1
        let pending = stack[stackCount]
        let slot = Int(pending.slot)
        pushChildren(of: slot, depth: Int(pending.depth) + 1, inside: pending.inside || slot == subtree)
        return Step(slot: slot, depth: Int(pending.depth), isFound: pending.inside && wanted[slot])
    }
}
