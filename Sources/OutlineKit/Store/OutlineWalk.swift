/// Nodes of a `SearchTree` in outline order: depth-first from the root, each node's children in
/// position order. A sequence rather than a function that takes closures, so that its users keep
/// their state in local variables (captured ones cost a run-time exclusivity check each access).
struct OutlineWalk {
    /// One node: its slot, its depth (1 for a top-level item), and whether it is a result.
    struct Step {
        let slot: Int
        let depth: Int
        let isFound: Bool
    }

    /// Children lists in one array, each node's a slice from `starts[node]` to
    /// `starts[node + 1]`, sorted by position.
    private var children: [Int32]
    private var starts: [Int]
    private let wanted: [Bool]
    /// Slots left out with their subtrees (done items, for `find --open`); empty for none.
    private let skipped: [Bool]
    private let subtree: Int
    /// An explicit stack, since a hand-edited file may nest deeper than recursion should go.
    private var stack: [(slot: Int, depth: Int, inside: Bool)] = []

    /// A walk over the slots marked `needed`, whose parents (the slot after the last for the
    /// root) and positions are given; the `wanted` slots below `subtree` are found, and the
    /// `skipped` ones below `subtree` are left out with everything below them (as `ls REF
    /// --open` lists REF's open descendants whatever REF and its ancestors are).
    init(
        needed: [Bool], parents: UnsafeMutableBufferPointer<Int32>, positions: UnsafeMutableBufferPointer<Int64>,
        wanted: [Bool], skipped: [Bool] = [], subtree: Int
    ) {
        let count = needed.count
        var starts = [Int](repeating: 0, count: count + 2)
        for slot in 0..<count where needed[slot] { starts[Int(parents[slot]) + 1] += 1 }
        for slot in 0...count { starts[slot + 1] += starts[slot] }
        var children = [Int32](repeating: 0, count: starts[count + 1])
        // Filling moves each list's start to its end, which is the next list's start: shifting
        // the starts up by one afterwards restores them, without a second array.
        for slot in 0..<count where needed[slot] {
            let parent = Int(parents[slot])
            children[starts[parent]] = Int32(slot)
            starts[parent] += 1
        }
        for parent in stride(from: count, to: 0, by: -1) { starts[parent] = starts[parent - 1] }
        starts[0] = 0
        for parent in 0...count where starts[parent + 1] - starts[parent] > 1 {
            children[starts[parent]..<starts[parent + 1]].sort { positions[Int($0)] < positions[Int($1)] }
        }
        self.children = children
        self.starts = starts
        self.wanted = wanted
        self.skipped = skipped
        self.subtree = subtree
        let root = count
        pushChildren(of: root, depth: 1, inside: subtree == root)
    }

    private mutating func pushChildren(of parent: Int, depth: Int, inside: Bool) {
        var index = starts[parent + 1]
        while index > starts[parent] {
            index -= 1
            let child = Int(children[index])
            if inside, !skipped.isEmpty, skipped[child] { continue }
            stack.append((child, depth, inside))
        }
    }

    /// The next node, or nil after the last.
    mutating func next() -> Step? {
        guard let (slot, depth, inside) = stack.popLast() else { return nil }
        pushChildren(of: slot, depth: depth + 1, inside: inside || slot == subtree)
        return Step(slot: slot, depth: depth, isFound: inside && wanted[slot])
    }
}
