/// Which lines of one text a line diff counts as changed, with the sliding of groups of changed
/// lines that makes the diff the one git shows.
struct ChangeMarks {
    /// One flag a line, with an unchanged line before the first and after the last, so that a
    /// run of changed lines always ends inside the storage.
    private var flags: [Bool]

    /// How many lines the text has.
    let count: Int

    /// No line changed, in a text of `count` lines.
    init(count: Int) {
        self.count = count
        flags = [Bool](repeating: false, count: count + 2)
    }

    /// Whether line `line` changed; line -1 and line `count` read as unchanged.
    subscript(line: Int) -> Bool {
        get { flags[line + 1] }
        set { flags[line + 1] = newValue }
    }

    /// A run of changed lines, `start..<end`, perhaps empty: the place between two unchanged
    /// lines. The groups of two texts are walked side by side, the k-th of one facing the k-th
    /// of the other, since both have as many unchanged lines.
    private struct Group {
        var start: Int
        var end: Int
    }

    /// The first group: the changed lines before the first unchanged one.
    private func firstGroup() -> Group {
        var end = 0
        while self[end] { end += 1 }
        return Group(start: 0, end: end)
    }

    /// The group after `group`; false at the end of the text.
    private func next(_ group: inout Group) -> Bool {
        guard group.end < count else { return false }
        group.start = group.end + 1
        group.end = group.start
        while self[group.end] { group.end += 1 }
        return true
    }

    /// The group before `group`; false at the start of the text.
    private func previous(_ group: inout Group) -> Bool {
        guard group.start > 0 else { return false }
        group.end = group.start - 1
        group.start = group.end
        while self[group.start - 1] { group.start -= 1 }
        return true
    }

    /// Moves `group` to the next or previous group, as the group it faces in the other text
    /// moved; both texts have as many groups, so the move always exists.
    private func follow(_ group: inout Group, forward: Bool) {
        let moved = forward ? next(&group) : previous(&group)
        assert(moved, "the groups of two texts go in step")
    }

    /// Moves `group` one line down where the line after it equals its first line, taking in a
    /// group it then meets; false when it cannot move.
    private mutating func slideDown(_ group: inout Group, lines: [Int]) -> Bool {
        guard group.end < count && lines[group.start] == lines[group.end] else { return false }
        self[group.start] = false
        self[group.end] = true
        group.start += 1
        group.end += 1
        while self[group.end] { group.end += 1 }
        return true
    }

    /// Moves `group` one line up where the line before it equals its last line, taking in a
    /// group it then meets; false when it cannot move.
    private mutating func slideUp(_ group: inout Group, lines: [Int]) -> Bool {
        guard group.start > 0 && lines[group.start - 1] == lines[group.end - 1] else { return false }
        group.start -= 1
        group.end -= 1
        self[group.start] = true
        self[group.end] = false
        while self[group.start - 1] { group.start -= 1 }
        return true
    }

    /// Slides each group of changed lines of `lines` as far down as it goes, merging groups it
    /// meets, then back up to the last place where it faces changed lines of `other`, if it
    /// passed one: the placement xdiff makes (without its indent heuristic, which
    /// `git merge-file` does not use). The other text's marks only follow along.
    mutating func compact(lines: [Int], other: ChangeMarks) {
        var group = firstGroup()
        var facing = other.firstGroup()
        while true {
            if group.end > group.start {
                var size: Int
                var highestEnd: Int
                // Whether the group, somewhere on its way, faced changed lines of the other text.
                var facedChanges: Bool
                repeat {
                    size = group.end - group.start
                    while slideUp(&group, lines: lines) { other.follow(&facing, forward: false) }
                    highestEnd = group.end
                    facedChanges = facing.end > facing.start
                    while slideDown(&group, lines: lines) {
                        other.follow(&facing, forward: true)
                        facedChanges = facedChanges || facing.end > facing.start
                    }
                    // A group that took in another while sliding slides again as a whole.
                } while size != group.end - group.start
                if group.end != highestEnd && facedChanges {
                    while facing.end == facing.start {
                        let moved = slideUp(&group, lines: lines)
                        assert(moved, "a group that passed changes of the other text can slide back to them")
                        other.follow(&facing, forward: false)
                    }
                }
            }
            guard next(&group) else { break }
            other.follow(&facing, forward: true)
        }
    }
}
