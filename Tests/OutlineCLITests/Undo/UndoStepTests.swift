import Foundation
import OutlineTestSupport
import Testing

/// `undo --step N` reverts one older step alone, as a new step (SPEC, "Sync": as `git revert`
/// does), when its own items are as it left them.
@Suite struct UndoStepTests {
    let outline = OutlineProcess()

    @Test func anOlderStepIsRevertedAloneAsANewStep() throws {
        try outline.run(["add", "A", "B", "C"])
        try outline.run(["edit", "A", "A2"])
        try outline.run(["add", "D"])
        try outline.run(["rm", "B"])
        let reverted = try outline.run(["undo", "--step", "2"])
        #expect(reverted.stdout == "reverted step 2: edit \"A\" to \"A2\"\n")
        #expect(try outline.run(["ls", "--tsv"]).lines.map { $0.split(separator: "\t")[4] } == ["A", "C", "D"])
        #expect(try outline.run(["history", "--limit", "1"]).stdout.contains("undo --step 2: edit \"A\" to \"A2\""))
        // The revert is a step like any: undo brings the edit back.
        #expect(try outline.run(["undo"]).status == 0)
        #expect(try outline.run(["ls", "--tsv"]).lines.map { $0.split(separator: "\t")[4] } == ["A2", "C", "D"])
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func aStepWhoseItemsChangedSinceIsRefusedAndBlocksNothingElse() throws {
        try outline.run(["add", "A", "B"])
        try outline.run(["edit", "A", "A2"])
        try outline.run(["edit", "A2", "A3"])
        try outline.run(["edit", "B", "B2"])
        let before = try outline.sqlite(".dump")
        let refused = try outline.run(["undo", "--step", "2"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: cannot undo step 2 alone: its items changed since"))
        #expect(try outline.sqlite(".dump") == before)
        // An older step of other items still goes.
        try outline.run(["add", "E"])
        #expect(try outline.run(["undo", "--step", "5"]).status == 0)
        #expect(try outline.run(["ls", "--tsv"]).lines.map { $0.split(separator: "\t")[4] } == ["A3", "B2"])
    }

    @Test(arguments: [
        (["undo", "--step", "9"], 1, "error: cannot undo step 9 alone: the history holds no such step"),
        (["undo", "--step", "1", "--dry-run"], 64, "error: --step reverts one step: give it without N or --dry-run"),
        (["undo", "2", "--step", "1"], 64, "error: --step reverts one step: give it without N or --dry-run"),
    ])
    func badStepsAreRefused(arguments: [String], status: Int32, message: String) throws {
        try outline.run(["add", "A"])
        let result = try outline.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func anUndoneStepIsNotRevertedAgain() throws {
        try outline.run(["add", "A"])
        try outline.run(["undo"])
        let refused = try outline.run(["undo", "--step", "1"])
        #expect(refused.stderr == "error: cannot undo step 1 alone: it is undone already (redo brings it back)\n")
    }

    /// A `sort` reverted alone after later steps: an item a later step added keeps its place
    /// after the item it followed, an item the sort did not move (the middle of three) keeps
    /// its own; one that a later step moved to another list refuses the revert (it said
    /// "nothing changed" and left the list reversed).
    @Test func aSortIsRevertedAloneBesideLaterSteps() throws {
        func titles(_ parent: String) throws -> [String] {
            try outline.run(["ls", parent, "--tsv"]).lines.map { String($0.split(separator: "\t")[4]) }
        }
        try outline.run(["add", "L", "M"])
        try outline.run(["add", "x1", "x2", "x3", "--under", "L"])
        try outline.run(["sort", "L", "--reverse"])
        try outline.run(["add", "y", "--under", "L"])
        #expect(try titles("L") == ["x3", "x2", "x1", "y"])
        let reverted = try outline.run(["undo", "--step", "3"])
        #expect(reverted.status == 0, "\(reverted)")
        #expect(try titles("L") == ["x1", "x2", "x3", "y"])
        #expect(try outline.run(["undo"]).status == 0)
        #expect(try titles("L") == ["x3", "x2", "x1", "y"])

        try outline.run(["mv", "L/x1", "--under", "M"])
        let before = try outline.sqlite(".dump")
        let refused = try outline.run(["undo", "--step", "3"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("was moved to another list since"), "\(refused.stderr)")
        #expect(try outline.sqlite(".dump") == before)
    }

    /// A `mv` reverted alone after later steps moved or removed a sibling over its item: the
    /// item goes right after the one it followed (first, when that one is gone), and only a
    /// later move of the item itself refuses (a sibling's move over it did, as "moved since").
    @Test func aMoveIsRevertedAloneBesideSiblingsMovedOverIt() throws {
        func titles() throws -> [String] {
            try outline.run(["ls", "L", "--tsv"]).lines.map { String($0.split(separator: "\t")[4]) }
        }
        try outline.run(["add", "L"])
        try outline.run(["add", "a", "b", "c", "d", "e", "--under", "L"])
        try outline.run(["mv", "L/b", "--after", "L/d"])
        try outline.run(["mv", "L/a", "--after", "L/b"])
        #expect(try titles() == ["c", "d", "b", "a", "e"])
        let reverted = try outline.run(["undo", "--step", "3"])
        #expect(reverted.status == 0, "\(reverted)")
        #expect(try titles() == ["c", "d", "a", "b", "e"])
        #expect(try outline.run(["undo"]).status == 0)
        try outline.run(["rm", "L/a"])
        #expect(try outline.run(["undo", "--step", "3"]).status == 0)
        #expect(try titles() == ["b", "c", "d", "e"])
        #expect(try outline.run(["undo"]).status == 0)
        try outline.run(["mv", "L/b", "--before", "L/c"])
        let before = try outline.sqlite(".dump")
        let refused = try outline.run(["undo", "--step", "3"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("was moved since"), "\(refused.stderr)")
        #expect(try outline.sqlite(".dump") == before)
    }

    /// A sort reverted alone after a later step moved any of its items within the list (one it
    /// had left in order among the others too) is refused: the revert left the list in neither
    /// order.
    @Test func aSortIsNotRevertedAfterALaterMoveOfOneOfItsItems() throws {
        try outline.run(["add", "L"])
        try outline.run(["add", "a", "b", "c", "d", "e", "--under", "L"])
        try outline.run(["mv", "L/c", "--after", "L/a"])
        try outline.run(["sort", "L", "--reverse"])
        try outline.run(["mv", "L/b", "--after", "L/e"])
        let before = try outline.sqlite(".dump")
        let refused = try outline.run(["undo", "--step", "4"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("was moved since"), "\(refused.stderr)")
        #expect(try outline.sqlite(".dump") == before)
    }

    /// A later step that moved one of the sort's items out of the list, and was undone, moved
    /// nothing: the sort is reverted alone.
    @Test func aSortIsRevertedAfterALaterMoveThatWasUndone() throws {
        func titles() throws -> [String] {
            try outline.run(["ls", "L", "--tsv"]).lines.map { String($0.split(separator: "\t")[4]) }
        }
        try outline.run(["add", "L", "M"])
        try outline.run(["add", "a", "b", "c", "--under", "L"])
        try outline.run(["sort", "L", "--reverse"])
        try outline.run(["mv", "L/b", "--under", "M"])
        #expect(try outline.run(["undo"]).status == 0)
        let reverted = try outline.run(["undo", "--step", "3"])
        #expect(reverted.status == 0, "\(reverted)")
        #expect(try titles() == ["a", "b", "c"])
    }
}
