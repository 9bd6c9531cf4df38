import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The line-by-line merge of notes edited on two machines (issue 35), by hand and against the
/// real `git merge-file`, whose behaviour the SPEC names.
@Suite struct ThreeWayMergeTests {
    /// Merges and gives the merged text's bytes, or nil on a conflict; bytes, so that a change
    /// Swift's string comparison would not see (a precomposed accent) still shows.
    func merged(_ base: String?, _ ours: String?, _ theirs: String?) -> [UInt8]? {
        switch ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs) {
        case .merged(let text): Array(text.utf8)
        case .conflicting: nil
        }
    }

    @Test func editsToDifferentLinesMerge() {
        #expect(merged("a\nb\nc\nd\ne\n", "a\nB\nc\nd\ne\n", "a\nb\nc\nD\ne\n") == Array("a\nB\nc\nD\ne\n".utf8))
        // Whichever side the edits come from.
        #expect(merged("a\nb\nc\nd\ne\n", "a\nb\nc\nD\ne\n", "a\nB\nc\nd\ne\n") == Array("a\nB\nc\nD\ne\n".utf8))
    }

    @Test func theSameEditOnBothSidesIsTakenOnce() {
        #expect(merged("a\nb\nc\n", "a\nB\nc\n", "a\nB\nc\n") == Array("a\nB\nc\n".utf8))
        // Alongside an edit of one side only, further down.
        #expect(merged("a\nb\nc\nd\ne\n", "a\nB\nc\nd\nE\n", "a\nB\nc\nd\ne\n") == Array("a\nB\nc\nd\nE\n".utf8))
        // The same line inserted at one place on both sides.
        #expect(merged("a\nb\nc\nd\n", "a\nnew\nb\nc\nD\n", "a\nnew\nb\nc\nd\n") == Array("a\nnew\nb\nc\nD\n".utf8))
    }

    @Test func insertionsAtTheStartAndAtTheEndMerge() {
        #expect(merged("a\nb\nc\n", "first\na\nb\nc\n", "a\nb\nc\nlast\n") == Array("first\na\nb\nc\nlast\n".utf8))
    }

    @Test func aDeletionAndAnEditOfAnotherLineMerge() {
        #expect(merged("a\nb\nc\nd\ne\n", "a\nc\nd\ne\n", "a\nb\nc\nD\ne\n") == Array("a\nc\nD\ne\n".utf8))
        // Both sides removing the same line.
        #expect(merged("a\nb\nc\nd\ne\n", "a\nc\nd\ne\n", "a\nc\nd\nE\n") == Array("a\nc\nd\nE\n".utf8))
    }

    @Test func bothSidesEditingOneLineDifferentlyConflict() {
        #expect(ThreeWayMerge.merge(base: "a\nb\nc\n", ours: "a\nX\nc\n", theirs: "a\nY\nc\n") == .conflicting)
        // An edit against a removal of the same line.
        #expect(ThreeWayMerge.merge(base: "a\nb\nc\n", ours: "a\nX\nc\n", theirs: "a\nc\n") == .conflicting)
        // Two different insertions at one place.
        #expect(ThreeWayMerge.merge(base: "a\nc\n", ours: "a\nX\nc\n", theirs: "a\nY\nc\n") == .conflicting)
    }

    /// Git counts edits that touch, with no unchanged line between them, as one conflict; so
    /// does the merge, so that a note merges as `git merge-file` would merge it.
    @Test func editsToAdjacentLinesConflictAsInGit() {
        #expect(ThreeWayMerge.merge(base: "a\nb\nc\nd\n", ours: "a\nB\nc\nd\n", theirs: "a\nb\nC\nd\n") == .conflicting)
        // A line inserted just after a line the other side edited, or just before it.
        #expect(ThreeWayMerge.merge(base: "a\nb\nc\n", ours: "a\nB\nc\n", theirs: "a\nb\nnew\nc\n") == .conflicting)
        #expect(ThreeWayMerge.merge(base: "a\nb\nc\n", ours: "a\nB\nc\n", theirs: "a\nnew\nb\nc\n") == .conflicting)
        // Adjacent lines removed.
        #expect(ThreeWayMerge.merge(base: "a\nb\nc\nd\n", ours: "a\nc\nd\n", theirs: "a\nb\nd\n") == .conflicting)
        // One unchanged line between the edits is enough.
        #expect(merged("a\nb\nc\nd\n", "A\nb\nc\nd\n", "a\nb\nC\nd\n") == Array("A\nb\nC\nd\n".utf8))
    }

    @Test func aTrailingNewlineAddedOrRemovedMergesWithEditsElsewhere() {
        #expect(merged("a\nb\nc", "a\nb\nc\n", "A\nb\nc") == Array("A\nb\nc\n".utf8))
        #expect(merged("a\nb\nc\n", "A\nb\nc\n", "a\nb\nc") == Array("A\nb\nc".utf8))
        // The last line with or without its newline is one line: changing it on the other side
        // conflicts.
        #expect(ThreeWayMerge.merge(base: "a\nb\nc", ours: "a\nb\nc\n", theirs: "a\nb\nC") == .conflicting)
    }

    @Test func aMissingNoteIsTheEmptyText() {
        #expect(merged(nil, nil, "x\n") == Array("x\n".utf8))
        #expect(merged(nil, "x\n", "x\n") == Array("x\n".utf8))
        #expect(merged(nil, nil, nil) == [])
        // A note removed on one side and left alone on the other: no note.
        #expect(ThreeWayMerge.merge(base: "a\nb\n", ours: nil, theirs: "a\nb\n") == .merged(""))
        // Removed on one side, edited on the other; added differently on both.
        #expect(ThreeWayMerge.merge(base: "a\nb\n", ours: nil, theirs: "a\nB\n") == .conflicting)
        #expect(ThreeWayMerge.merge(base: nil, ours: "x", theirs: "y") == .conflicting)
        // Emptied on both sides.
        #expect(ThreeWayMerge.merge(base: "a\n", ours: "", theirs: nil) == .merged(""))
    }

    @Test func lineEndingsStayAsTheyAre() {
        let base = "a\r\nb\r\nc\r\nd\r\n"
        #expect(merged(base, "A\r\nb\r\nc\r\nd\r\n", "a\r\nb\r\nc\r\nD\n") == Array("A\r\nb\r\nc\r\nD\n".utf8))
        // A line that only lost its \r is edited.
        #expect(
            ThreeWayMerge.merge(base: base, ours: "a\nb\r\nc\r\nd\r\n", theirs: "A\r\nb\r\nc\r\nd\r\n") == .conflicting)
    }

    @Test func wideAndCombiningCharactersMergeByTheirBytes() {
        let decomposed = "e\u{301}\n"
        let precomposed = "\u{E9}\n"
        let base = "日本語\nmid\n" + decomposed + "🎉👍🏽\n"
        #expect(
            merged(base, "日本語の\nmid\n" + decomposed + "🎉👍🏽\n", "日本語\nmid\n" + precomposed + "🎉👍🏽\n")
                == Array(("日本語の\nmid\n" + precomposed + "🎉👍🏽\n").utf8))
        // Swift finds these texts equal; their bytes differ, and the changed side wins.
        #expect(merged(decomposed, precomposed, decomposed) == Array(precomposed.utf8))
        #expect(merged(decomposed, decomposed, precomposed) == Array(precomposed.utf8))
        // A combining mark on a line of its own is a line like any other.
        #expect(
            merged("a\n\u{301}\nb\nc\n", "A\n\u{301}\nb\nc\n", "a\n\u{301}\nb\nC\n") == Array("A\n\u{301}\nb\nC\n".utf8)
        )
    }

    /// A note of 5,000 lines with a few edits on each side merges as the edits say (its speed
    /// is measured, not asserted: timed tests fail on a busy machine).
    @Test func aLongNoteWithAFewEditsOnEachSideMerges() {
        let base = (0..<5000).map { "line \($0) of a long note\n" }
        var ours = base
        ours[100] = "edited here\n"
        ours.insert("inserted here\n", at: 2500)
        ours.remove(at: 4001)
        var theirs = base
        theirs[200] = "edited there\n"
        theirs.remove(at: 3000)
        theirs.append("appended there\n")
        var expected = base
        expected[100] = "edited here\n"
        expected[200] = "edited there\n"
        expected.remove(at: 4000)
        expected.remove(at: 3000)
        expected.insert("inserted here\n", at: 2500)
        expected.append("appended there\n")

        let (baseText, ourText, theirText) = (base.joined(), ours.joined(), theirs.joined())
        let outcome = ThreeWayMerge.merge(base: baseText, ours: ourText, theirs: theirText)
        #expect(outcome == .merged(expected.joined()))
    }
}
