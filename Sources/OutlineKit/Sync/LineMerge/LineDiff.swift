/// One place where a text differs from the text it was made from: `baseCount` lines of the base,
/// from line `baseStart`, became `newCount` lines of the new text, from line `newStart`.
struct LineHunk: Equatable {
    /// The first line of the base that the hunk replaces (or, when it replaces none, the line it
    /// inserts before).
    var baseStart: Int
    /// How many lines of the base it replaces.
    var baseCount: Int
    /// The first line of the new text that it puts in their place.
    var newStart: Int
    /// How many lines of the new text it puts in their place.
    var newCount: Int

    /// The line of the base just past the lines the hunk replaces.
    var baseEnd: Int { baseStart + baseCount }
}

/// The line differences between two texts, made the way git's xdiff makes them with its default
/// (Myers) algorithm, so that a three-way merge built on them meets the same overlaps as
/// `git merge-file`: many line differences are equally short, and which one is chosen decides
/// whether two machines' edits touch.
///
/// Lines are numbers here (equal numbers for equal lines), so that comparing two lines is cheap.
/// The steps, in xdiff's order: lines common to both ends are set aside; lines that have no
/// match in the other text (and lines with very many matches that sit among them) are marked
/// changed outright; Myers' search marks the rest; then each group of changed lines is slid as
/// far down as it can go, or back up to meet a group in the other text.
enum LineDiff {
    /// The hunks that turn `base` into `new`, in order.
    static func hunks(from base: [Int], to new: [Int]) -> [LineHunk] {
        var baseChanged = ChangeMarks(count: base.count)
        var newChanged = ChangeMarks(count: new.count)
        let shorter = min(base.count, new.count)
        var prefix = 0
        while prefix < shorter && base[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && base[base.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let baseKept = keptLines(
            of: base, within: prefix..<(base.count - suffix), other: new, marking: &baseChanged)
        let newKept = keptLines(of: new, within: prefix..<(new.count - suffix), other: base, marking: &newChanged)

        var search = MiddleSnakeSearch(baseKept.map { base[$0] }, newKept.map { new[$0] })
        let changed = search.changedLines()
        for index in changed.base { baseChanged[baseKept[index]] = true }
        for index in changed.new { newChanged[newKept[index]] = true }
        baseChanged.compact(lines: base, other: newChanged)
        newChanged.compact(lines: new, other: baseChanged)
        return script(baseChanged, newChanged)
    }

    /// The lines of `lines` within `range` that Myers' search is to look at; the others are
    /// marked changed. A line with no match in `other` is changed whatever the search finds. A
    /// line with many matches (blank lines, braces) is too, when it stands among such lines, as
    /// xdiff decides: the search is then shorter, and its result the one git shows.
    private static func keptLines(
        of lines: [Int], within range: Range<Int>, other: [Int], marking changed: inout ChangeMarks
    ) -> [Int] {
        var occurrences: [Int: Int] = [:]
        for line in other { occurrences[line, default: 0] += 1 }
        let many = min(roughSquareRoot(lines.count), 1024)
        var kinds = [MatchKind](repeating: .none, count: lines.count)
        for index in range {
            let count = occurrences[lines[index]] ?? 0
            kinds[index] = count == 0 ? .none : count >= many ? .many : .some
        }
        var kept: [Int] = []
        for index in range {
            switch kinds[index] {
            case .some: kept.append(index)
            case .many where !standsAmongUnmatched(kinds, at: index, within: range): kept.append(index)
            default: changed[index] = true
            }
        }
        return kept
    }

    /// How many times a line occurs in the other text, as far as the search cares.
    private enum MatchKind { case none, some, many }

    /// Whether the line at `index`, one with many matches, sits in a run of lines with no match
    /// or many, with lines that have none on both sides and making up more than three quarters
    /// of the run. Only 100 lines either way are looked at, so that a long run costs little.
    private static func standsAmongUnmatched(_ kinds: [MatchKind], at index: Int, within range: Range<Int>) -> Bool {
        func run(_ step: Int) -> (unmatched: Int, many: Int) {
            var unmatched = 0
            var many = 0
            var other = index + step
            while range.contains(other) && abs(other - index) <= 100 {
                switch kinds[other] {
                case .none: unmatched += 1
                case .many: many += 1
                case .some: return (unmatched, many)
                }
                other += step
            }
            return (unmatched, many)
        }
        let before = run(-1)
        guard before.unmatched > 0 else { return false }
        let after = run(1)
        guard after.unmatched > 0 else { return false }
        // xdiff counts the line itself in both runs.
        let many = before.many + after.many + 2
        return many * 4 < many + before.unmatched + after.unmatched
    }

    /// xdiff's quick square root: a power of two between the root and four times it.
    static func roughSquareRoot(_ value: Int) -> Int {
        var root = 1
        var rest = value
        while rest > 0 {
            root <<= 1
            rest >>= 2
        }
        return root
    }

    /// The hunks that the marks make: each run of changed lines in either text, with the unchanged
    /// lines between runs paired in order.
    private static func script(_ base: ChangeMarks, _ new: ChangeMarks) -> [LineHunk] {
        var hunks: [LineHunk] = []
        var baseLine = 0
        var newLine = 0
        while baseLine < base.count || newLine < new.count {
            guard base[baseLine] || new[newLine] else {
                baseLine += 1
                newLine += 1
                continue
            }
            let baseStart = baseLine
            let newStart = newLine
            while base[baseLine] { baseLine += 1 }
            while new[newLine] { newLine += 1 }
            hunks.append(
                LineHunk(
                    baseStart: baseStart, baseCount: baseLine - baseStart, newStart: newStart,
                    newCount: newLine - newStart))
        }
        return hunks
    }
}
