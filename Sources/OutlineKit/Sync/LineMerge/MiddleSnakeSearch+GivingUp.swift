/// xdiff's two ways of ending a costly search before the forward and backward searches meet: a
/// point where a long snake shows the texts agree for a while, or, once the cost passes its
/// limit, the point furthest from the box's corner. The diff is then no longer the shortest, as
/// in git, but the search stays fast on texts that differ a lot.
extension MiddleSnakeSearch {
    /// A point reached forward (or else backward) that lies at the end (or start) of a long
    /// snake and far enough along for its cost; nil when none does.
    func longSnakeSplit(_ reach: Reach, cost: Int) -> Split? {
        let (off1, lim1, off2, lim2) = reach.box
        let snake = Self.longSnake
        var best = 0
        var found: (Int, Int)?
        for diagonal in stride(from: reach.forward.high, through: reach.forward.low, by: -2) {
            let i1 = self[forward: diagonal]
            let i2 = i1 - diagonal
            let progress = (i1 - off1) + (i2 - off2) - abs(diagonal - reach.forward.middle)
            guard
                progress > 4 * cost && progress > best && off1 + snake <= i1 && i1 < lim1
                    && off2 + snake <= i2 && i2 < lim2
            else { continue }
            if (1...snake).allSatisfy({ base[i1 - $0] == new[i2 - $0] }) {
                best = progress
                found = (i1, i2)
            }
        }
        if let (i1, i2) = found { return Split(baseLine: i1, newLine: i2, minimalBefore: true, minimalAfter: false) }

        best = 0
        for diagonal in stride(from: reach.backward.high, through: reach.backward.low, by: -2) {
            let i1 = self[backward: diagonal]
            let i2 = i1 - diagonal
            let progress = (lim1 - i1) + (lim2 - i2) - abs(diagonal - reach.backward.middle)
            guard
                progress > 4 * cost && progress > best && off1 < i1 && i1 <= lim1 - snake
                    && off2 < i2 && i2 <= lim2 - snake
            else { continue }
            if (0..<snake).allSatisfy({ base[i1 + $0] == new[i2 + $0] }) {
                best = progress
                found = (i1, i2)
            }
        }
        if let (i1, i2) = found { return Split(baseLine: i1, newLine: i2, minimalBefore: false, minimalAfter: true) }
        return nil
    }

    /// The point furthest from its corner, of those the forward and the backward search reached
    /// (the backward one where they tie), clipped to the box.
    func furthestSplit(_ reach: Reach) -> Split {
        let (off1, lim1, off2, lim2) = reach.box
        var forwardBest = -1
        var forwardLine = -1
        for diagonal in stride(from: reach.forward.high, through: reach.forward.low, by: -2) {
            var i1 = min(self[forward: diagonal], lim1)
            var i2 = i1 - diagonal
            if lim2 < i2 {
                i1 = lim2 + diagonal
                i2 = lim2
            }
            if forwardBest < i1 + i2 {
                forwardBest = i1 + i2
                forwardLine = i1
            }
        }
        var backwardBest = Int.max
        var backwardLine = Int.max
        for diagonal in stride(from: reach.backward.high, through: reach.backward.low, by: -2) {
            var i1 = max(off1, self[backward: diagonal])
            var i2 = i1 - diagonal
            if i2 < off2 {
                i1 = off2 + diagonal
                i2 = off2
            }
            if i1 + i2 < backwardBest {
                backwardBest = i1 + i2
                backwardLine = i1
            }
        }
        if (lim1 + lim2) - backwardBest < forwardBest - (off1 + off2) {
            return Split(
                baseLine: forwardLine, newLine: forwardBest - forwardLine, minimalBefore: true, minimalAfter: false)
        }
        return Split(
            baseLine: backwardLine, newLine: backwardBest - backwardLine, minimalBefore: false, minimalAfter: true)
    }
}
