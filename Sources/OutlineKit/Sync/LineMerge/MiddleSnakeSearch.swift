/// Myers' O((N+M)·D) search for a shortest line diff ("An O(ND) Difference Algorithm and Its
/// Variations", 1986), divided at the middle snake as xdiff divides it, with xdiff's ways of
/// giving up on a costly search for a short enough one, so that the lines it marks are the ones
/// git marks.
struct MiddleSnakeSearch {
    /// The lines of the base text, as numbers.
    let base: [Int]
    /// The lines of the new text, as numbers.
    let new: [Int]
    /// The furthest base line reached on each diagonal (base line minus new line), searching
    /// forward; a diagonal `d` is stored at `d + diagonalOffset`.
    private var forward: [Int]
    /// The same, searching backward: the nearest base line reached.
    private var backward: [Int]
    private let diagonalOffset: Int
    /// The cost past which a search is cut short and the furthest-reaching point taken.
    private let costLimit: Int

    /// A cost past which a long snake found may end the search early.
    private static let heuristicCost = 256
    /// How long a snake must be for that.
    static let longSnake = 20

    /// A search between `base` and `new`.
    init(_ base: [Int], _ new: [Int]) {
        self.base = base
        self.new = new
        let diagonals = base.count + new.count + 3
        forward = [Int](repeating: 0, count: diagonals)
        backward = [Int](repeating: 0, count: diagonals)
        diagonalOffset = new.count + 1
        costLimit = max(LineDiff.roughSquareRoot(diagonals), 256)
    }

    /// A rectangle of the edit graph still to be searched: base lines `base`, new lines `new`.
    private struct Box {
        /// Its base lines.
        var base: Range<Int>
        /// Its new lines.
        var new: Range<Int>
        /// Whether the search in it may not give up early.
        var minimal: Bool
    }

    /// The point where a box is divided, and whether each half must be searched in full.
    struct Split {
        /// The base line where the second half starts.
        var baseLine: Int
        /// The new line where the second half starts.
        var newLine: Int
        /// Whether the first half must be searched in full.
        var minimalBefore: Bool
        /// Whether the second half must be searched in full.
        var minimalAfter: Bool
    }

    /// The lines of each text that the diff marks as changed.
    mutating func changedLines() -> (base: [Int], new: [Int]) {
        var changedBase: [Int] = []
        var changedNew: [Int] = []
        // A stack rather than recursion: a long diff divides many times, and tests run on
        // threads with small stacks. The halves are independent, so their order is free.
        var boxes = [Box(base: 0..<base.count, new: 0..<new.count, minimal: false)]
        while var box = boxes.popLast() {
            while !box.base.isEmpty && !box.new.isEmpty && base[box.base.lowerBound] == new[box.new.lowerBound] {
                box.base = (box.base.lowerBound + 1)..<box.base.upperBound
                box.new = (box.new.lowerBound + 1)..<box.new.upperBound
            }
            while !box.base.isEmpty && !box.new.isEmpty
                && base[box.base.upperBound - 1] == new[box.new.upperBound - 1]
            {
                box.base = box.base.lowerBound..<(box.base.upperBound - 1)
                box.new = box.new.lowerBound..<(box.new.upperBound - 1)
            }
            if box.base.isEmpty {
                changedNew.append(contentsOf: box.new)
            } else if box.new.isEmpty {
                changedBase.append(contentsOf: box.base)
            } else {
                let split = self.split(box)
                boxes.append(
                    Box(
                        base: box.base.lowerBound..<split.baseLine, new: box.new.lowerBound..<split.newLine,
                        minimal: split.minimalBefore))
                boxes.append(
                    Box(
                        base: split.baseLine..<box.base.upperBound, new: split.newLine..<box.new.upperBound,
                        minimal: split.minimalAfter))
            }
        }
        return (changedBase, changedNew)
    }

    /// The furthest base line the forward search reached on `diagonal`.
    subscript(forward diagonal: Int) -> Int {
        get { forward[diagonal + diagonalOffset] }
        set { forward[diagonal + diagonalOffset] = newValue }
    }

    /// The nearest base line the backward search reached on `diagonal`.
    subscript(backward diagonal: Int) -> Int {
        get { backward[diagonal + diagonalOffset] }
        set { backward[diagonal + diagonalOffset] = newValue }
    }

    /// Where to divide `box`: where the forward and backward searches meet, or, when the search
    /// grows costly, a point with a long snake or the furthest one reached.
    private mutating func split(_ box: Box) -> Split {
        let (off1, lim1, off2, lim2) = (
            box.base.lowerBound, box.base.upperBound, box.new.lowerBound, box.new.upperBound
        )
        let lowest = off1 - lim2
        let highest = lim1 - off2
        let forwardMiddle = off1 - off2
        let backwardMiddle = lim1 - lim2
        let odd = (forwardMiddle - backwardMiddle) & 1 != 0
        var (forwardLow, forwardHigh) = (forwardMiddle, forwardMiddle)
        var (backwardLow, backwardHigh) = (backwardMiddle, backwardMiddle)
        self[forward: forwardMiddle] = off1
        self[backward: backwardMiddle] = lim1

        var cost = 1
        while true {
            var gotSnake = false
            // Widen the diagonals searched by one each way, or narrow them at the box's edge;
            // the new outer neighbours read as unreachable.
            if forwardLow > lowest {
                forwardLow -= 1
                self[forward: forwardLow - 1] = -1
            } else {
                forwardLow += 1
            }
            if forwardHigh < highest {
                forwardHigh += 1
                self[forward: forwardHigh + 1] = -1
            } else {
                forwardHigh -= 1
            }
            for diagonal in stride(from: forwardHigh, through: forwardLow, by: -2) {
                var i1 =
                    self[forward: diagonal - 1] >= self[forward: diagonal + 1]
                    ? self[forward: diagonal - 1] + 1 : self[forward: diagonal + 1]
                let start = i1
                var i2 = i1 - diagonal
                while i1 < lim1 && i2 < lim2 && base[i1] == new[i2] {
                    i1 += 1
                    i2 += 1
                }
                if i1 - start > Self.longSnake { gotSnake = true }
                self[forward: diagonal] = i1
                if odd && backwardLow <= diagonal && diagonal <= backwardHigh && self[backward: diagonal] <= i1 {
                    return Split(baseLine: i1, newLine: i2, minimalBefore: true, minimalAfter: true)
                }
            }

            if backwardLow > lowest {
                backwardLow -= 1
                self[backward: backwardLow - 1] = Int.max
            } else {
                backwardLow += 1
            }
            if backwardHigh < highest {
                backwardHigh += 1
                self[backward: backwardHigh + 1] = Int.max
            } else {
                backwardHigh -= 1
            }
            for diagonal in stride(from: backwardHigh, through: backwardLow, by: -2) {
                var i1 =
                    self[backward: diagonal - 1] < self[backward: diagonal + 1]
                    ? self[backward: diagonal - 1] : self[backward: diagonal + 1] - 1
                let start = i1
                var i2 = i1 - diagonal
                while i1 > off1 && i2 > off2 && base[i1 - 1] == new[i2 - 1] {
                    i1 -= 1
                    i2 -= 1
                }
                if start - i1 > Self.longSnake { gotSnake = true }
                self[backward: diagonal] = i1
                if !odd && forwardLow <= diagonal && diagonal <= forwardHigh && i1 <= self[forward: diagonal] {
                    return Split(baseLine: i1, newLine: i2, minimalBefore: true, minimalAfter: true)
                }
            }

            if !box.minimal {
                let reach = Reach(
                    box: (off1, lim1, off2, lim2), forward: (forwardLow, forwardHigh, forwardMiddle),
                    backward: (backwardLow, backwardHigh, backwardMiddle))
                if gotSnake && cost > Self.heuristicCost, let split = longSnakeSplit(reach, cost: cost) {
                    return split
                }
                if cost >= costLimit { return furthestSplit(reach) }
            }
            cost += 1
        }
    }

    /// The box and the diagonals searched so far, for the ways of giving up early.
    struct Reach {
        /// The box's first base line and the one past it, then the same of the new lines.
        var box: (off1: Int, lim1: Int, off2: Int, lim2: Int)
        /// The diagonals the forward search covers, and the one it started on.
        var forward: (low: Int, high: Int, middle: Int)
        /// The diagonals the backward search covers, and the one it started on.
        var backward: (low: Int, high: Int, middle: Int)
    }
}
