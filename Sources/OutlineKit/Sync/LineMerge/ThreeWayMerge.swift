/// A three-way, line-by-line merge of two texts made from one base, as `git merge-file` makes it
/// (issue 35), for sync to merge a note that two machines edited, so that edits to different
/// lines both stay.
///
/// It agrees with `git merge-file --diff3` (git's "eager" level), which
/// `ThreeWayMergeGitReferenceTests` checks on random texts: the same clean result byte for byte,
/// and a conflict where git reports one. Without `--diff3`, git also refines each conflict and
/// drops one whose two sides turn out to hold the same lines; that rare case stays a conflict
/// here. In particular, as in git:
/// - edits on both sides that touch the same lines, or lines next to each other, conflict,
///   unless they are the very same edit;
/// - an insertion on one side conflicts with an edit of the line just before or just after it
///   on the other, and two different insertions at one place conflict;
/// - which lines count as edited is decided by git's own diff (xdiff's Myers search and its
///   sliding of changed groups), since among equally short diffs the choice decides what touches.
///
/// Lines keep their ending: a line is its bytes up to and with its `\n`, so `\r\n` lines stay as
/// they are, and a last line without `\n` differs from the same line with one. Lines are
/// compared byte for byte, not as Swift compares strings (which takes `é` and `e` with a
/// combining accent as equal).
enum ThreeWayMerge {
    /// The result of merging `ours` and `theirs`, both made from `base`.
    enum Outcome: Equatable {
        /// The texts merge cleanly into this text. An empty text means no note: the caller
        /// stores none.
        case merged(String)
        /// Both sides changed the same lines, or lines next to each other, differently.
        case conflicting
    }

    /// Merges `ours` and `theirs`, both made from `base`. A nil note is read as the empty text,
    /// so a note added on one side merges with no change on the other, and a note removed on
    /// one side and left alone on the other merges to `.merged("")`: the caller stores no note
    /// when the merged text is empty.
    static func merge(base: String?, ours: String?, theirs: String?) -> Outcome {
        let (base, ours, theirs) = (base ?? "", ours ?? "", theirs ?? "")
        // Bytes, not String's ==, which finds canonically equivalent texts equal.
        if ours.utf8.elementsEqual(theirs.utf8) || theirs.utf8.elementsEqual(base.utf8) { return .merged(ours) }
        if ours.utf8.elementsEqual(base.utf8) { return .merged(theirs) }

        var numbering = LineNumbering()
        let baseLines = numbering.lines(of: base)
        let ourLines = numbering.lines(of: ours)
        let theirLines = numbering.lines(of: theirs)
        let ourHunks = LineDiff.hunks(from: baseLines.numbers, to: ourLines.numbers)
        let theirHunks = LineDiff.hunks(from: baseLines.numbers, to: theirLines.numbers)
        guard let taken = takenHunks(ourHunks, ourLines, theirHunks, theirLines) else { return .conflicting }

        var merged: [UInt8] = []
        var baseLine = 0
        for (hunk, side) in taken {
            merged += baseLines.bytes(of: baseLine..<hunk.baseStart)
            merged += side.bytes(of: hunk.newStart..<(hunk.newStart + hunk.newCount))
            baseLine = hunk.baseEnd
        }
        merged += baseLines.bytes(of: baseLine..<baseLines.count)
        return .merged(String(decoding: merged, as: UTF8.self))
    }

    /// The hunks the merge takes, in the order of the base, each with the side its lines come
    /// from; nil when two hunks conflict.
    ///
    /// The two lists are walked side by side as git walks them: a hunk that ends before the
    /// other side's next one starts (with at least one line between them) is taken; two that
    /// meet are taken once if they are the same edit and conflict otherwise. As in git, a hunk
    /// is only held against the other side's hunks that it meets in this walk: after two equal
    /// hunks, both sides move on.
    private static func takenHunks(
        _ ours: [LineHunk], _ ourLines: NumberedLines, _ theirs: [LineHunk], _ theirLines: NumberedLines
    ) -> [(LineHunk, NumberedLines)]? {
        var taken: [(LineHunk, NumberedLines)] = []
        var (ourIndex, theirIndex) = (0, 0)
        while ourIndex < ours.count && theirIndex < theirs.count {
            let (our, their) = (ours[ourIndex], theirs[theirIndex])
            if our.baseEnd < their.baseStart {
                taken.append((our, ourLines))
                ourIndex += 1
            } else if their.baseEnd < our.baseStart {
                taken.append((their, theirLines))
                theirIndex += 1
            } else {
                let same =
                    our.baseStart == their.baseStart && our.baseCount == their.baseCount
                    && ourLines.numbers[our.newStart..<(our.newStart + our.newCount)]
                        == theirLines.numbers[their.newStart..<(their.newStart + their.newCount)]
                guard same else { return nil }
                taken.append((our, ourLines))
                ourIndex += 1
                theirIndex += 1
            }
        }
        taken += ours[ourIndex...].map { ($0, ourLines) }
        taken += theirs[theirIndex...].map { ($0, theirLines) }
        return taken
    }
}
