import Foundation
import OutlineTestSupport
import Testing

/// Undo by what a step did (SPEC, "Sync"): siblings that a sync added or removed beside a step's
/// items do not block its undo, whatever the step did to the list, and an item the sync added
/// keeps its place after the item it followed. The trial found `mv` and `sort` refused beside an
/// added sibling, as if the file had been changed outside outline, every step that numbered its
/// siblings again refused beside a removed one, and the sync's item moved by the undo.
@Suite struct SyncUndoBesideSiblingsTests: TiedSyncMachine {
    let folder = TemporaryDirectory()

    /// What the laptop does to `L` (x1 x2 x3 x4), what the desktop does to it meanwhile, and the
    /// laptop's titles under `L` once the laptop's step is undone.
    static let cases: [(step: [String], beside: [String], undone: [String])] = [
        (["mv", "L/x4", "--before", "L/x1"], ["add", "new", "--under", "L"], ["x1", "x2", "x3", "x4", "new"]),
        (["sort", "L", "--reverse"], ["add", "new", "--under", "L"], ["x1", "x2", "x3", "x4", "new"]),
        (["mv", "L/x4", "--before", "L/x1"], ["rm", "L/x3"], ["x1", "x2", "x4"]),
        (["rm", "L/x2"], ["rm", "L/x3"], ["x1", "x2", "x4"]),
        (["add", "z", "--under", "L", "--at", "2"], ["rm", "L/x3"], ["x1", "x2", "x4"]),
        // The desktop's item keeps its place after the item it followed.
        (
            ["add", "z", "--under", "L", "--at", "1"], ["add", "new", "--under", "L", "--at", "3"],
            ["x1", "x2", "new", "x3", "x4"]
        ),
        (
            ["mv", "L/x4", "--before", "L/x1"], ["add", "new", "--under", "L", "--at", "2"],
            ["x1", "new", "x2", "x3", "x4"]
        ),
        // x4, which the step did not move, keeps its place (it went after x2, the step's item
        // it followed).
        (["mv", "L/x3", "--before", "L/x2"], ["add", "new", "--under", "L"], ["x1", "x2", "x3", "x4", "new"]),
    ]

    /// The laptop and the desktop, both synced with `L` holding x1 x2 x3 x4.
    func twoMachinesSharingAList() throws -> (Machine, Machine) {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        let desktop = machine("desktop")
        try laptop.run(["add", "L"])
        try laptop.run(["add", "x1", "x2", "x3", "x4", "--under", "L"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        #expect(try desktop.run(["sync", "init", remote]).status == 0)
        return (laptop, desktop)
    }

    /// The laptop makes `step`, which reaches the desktop; the desktop makes each of `beside`,
    /// which reaches the laptop.
    func besideASyncedStep(
        _ laptop: Machine, _ desktop: Machine, step: [String], beside: [[String]]
    ) throws {
        #expect(try laptop.run(step).status == 0)
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        for command in beside { #expect(try desktop.run(command).status == 0) }
        try desktop.run(["sync"])
        try laptop.run(["sync"])
    }

    /// The laptop's undo is refused in the sync's words, and changes nothing.
    func expectUndoRefused(_ laptop: Machine) throws {
        let before = try laptop.titles()
        let undo = try laptop.run(["undo"])
        #expect(undo.status == 1, "\(undo)")
        #expect(undo.stderr.contains("a sync has since changed its items"), "\(undo.stderr)")
        #expect(try laptop.titles() == before)
    }

    @Test(arguments: cases)
    func aStepIsUndoneBesideSiblingsASyncAddedOrRemoved(step: [String], beside: [String], undone: [String]) throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        #expect(try laptop.run(step).status == 0)
        #expect(try desktop.run(beside).status == 0)
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        let undo = try laptop.run(["undo"])
        #expect(undo.status == 0, "\(undo)")
        #expect(try laptop.titles() == ["L"] + undone.map { "  " + $0 })
        #expect(try laptop.run(["check"]).status == 0)
        // Redone and undone again, the list is the same.
        #expect(try laptop.run(["redo"]).status == 0)
        #expect(try laptop.run(["undo"]).status == 0)
        #expect(try laptop.titles() == ["L"] + undone.map { "  " + $0 })
        // What the undo did reaches the other machine.
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        #expect(try desktop.titles() == laptop.titles())
    }

    /// The item a `mv` moved, moved again within its list by another machine: the undo is
    /// refused, naming the sync (it silently moved the item back, over the other's move).
    @Test func theUndoOfAMoveIsRefusedWhenASyncMovedTheSameItem() throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try besideASyncedStep(
            laptop, desktop, step: ["mv", "L/x4", "--before", "L/x1"], beside: [["mv", "L/x4", "--after", "L/x2"]])
        #expect(try laptop.titles() == ["L", "  x1", "  x2", "  x4", "  x3"])
        try expectUndoRefused(laptop)
    }

    /// A sort decides the place of every item of its list: a sync's move of any of them refuses
    /// its undo (one the sort had left in order among the others was passed over, and the undo
    /// left the list in neither order); so does a move of an item an `add` made, or one a `mv`
    /// took to another list (the undo dropped that move without a word).
    @Test(arguments: [
        (["sort", "L", "--reverse"], ["mv", "L/x2", "--after", "L/x4"]),
        (["add", "n", "--under", "L", "--at", "3"], ["mv", "L/n", "--after", "L/x4"]),
        (["mv", "L/x1", "L/x2", "--under", "M"], ["mv", "M/x2", "--before", "M/x1"]),
        // x3 keeps its number through the sort, and is the sort's all the same.
        (["sort", "L", "--reverse"], ["mv", "L/x3", "--under", "M"]),
    ])
    func theUndoIsRefusedWhenASyncMovedAnItemTheStepPlaced(step: [String], beside: [String]) throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try laptop.run(["add", "M"])
        try laptop.run(["mv", "L/x3", "--after", "L/x1"])
        try besideASyncedStep(laptop, desktop, step: step, beside: [beside])
        try expectUndoRefused(laptop)
    }

    /// A move of this machine's own, sent in the round that brings another's change, is not the
    /// round's: the round counts only what the other machine moved (it counted the siblings its
    /// own move had shifted), and the move's undo is not refused as moved since.
    @Test func aMachinesOwnMoveSentInARoundIsNotTheRounds() throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try laptop.run(["add", "M"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["mv", "L/x2", "--after", "L/x4"])
        try desktop.run(["mv", "L/x3", "--under", "M"])
        try desktop.run(["sync"])
        #expect(try laptop.run(["sync"]).stdout.hasSuffix("brought 1 change (1 changed here), sent 1 change\n"))
        #expect(try laptop.run(["undo"]).status == 0)
        #expect(try laptop.titles() == ["L", "  x1", "  x2", "  x4", "M", "  x3"])
    }

    /// `undo --step N` refused because a later step made here moved its item says so, and how
    /// to go on, though a sync came between (it said a sync had changed its items).
    @Test func aRevertStoppedByALaterStepHereSaysSoThoughASyncCameBetween() throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try laptop.run(["mv", "L/x2", "--after", "L/x4"])
        let step = try laptop.run(["history"]).lines[0].split(separator: " ")[0]
        try laptop.run(["sync"])
        try desktop.run(["add", "Elsewhere"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        try laptop.run(["mv", "L/x2", "--before", "L/x1"])
        let refused = try laptop.run(["undo", "--step", String(step)])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("its items changed since (item 3 was moved since); undo the later steps first"),
            "\(refused.stderr)")
    }

    /// The item a `mv` named is what stops its undo when a sync moves it, not the neighbour it
    /// passed: `mv x2 --after x3` (they swap) moved x2 (its undo moved x3 instead, and was
    /// refused when x3 moved).
    @Test func theUndoOfASwapIsRefusedWhenASyncMovedTheNamedItem() throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try besideASyncedStep(
            laptop, desktop, step: ["mv", "L/x2", "--after", "L/x3"], beside: [["mv", "L/x2", "--after", "L/x4"]])
        #expect(try laptop.titles() == ["L", "  x1", "  x3", "  x4", "  x2"])
        try expectUndoRefused(laptop)
    }

    /// Siblings moved over the step's item both ways, so that it keeps its number: the item
    /// still goes back right after the item it followed (it went back to its old number).
    @Test func anItemGoesBackAfterTheItemItFollowedWhateverItsNumber() throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try besideASyncedStep(
            laptop, desktop, step: ["mv", "L/x2", "--after", "L/x3"],
            beside: [["mv", "L/x4", "--before", "L/x1"], ["mv", "L/x3", "--after", "L/x2"]])
        #expect(try laptop.titles() == ["L", "  x4", "  x1", "  x2", "  x3"])
        #expect(try laptop.run(["undo"]).status == 0)
        #expect(try laptop.titles() == ["L", "  x4", "  x1", "  x2", "  x3"])
        #expect(try laptop.run(["redo"]).status == 0)
        #expect(try laptop.titles() == ["L", "  x4", "  x1", "  x3", "  x2"])
    }

    /// The change report of an undo by what the step did says what changed, not the rows it
    /// applied before putting the list in order (it reported a move of a sibling that stayed).
    @Test func theReportOfAnUndoByIntentSaysWhatChanged() throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try besideASyncedStep(laptop, desktop, step: ["rm", "L/x2"], beside: [["mv", "L/x1", "--after", "L/x4"]])
        let undo = try laptop.run(["--json", "undo"])
        #expect(undo.status == 0, "\(undo)")
        #expect(try laptop.titles() == ["L", "  x3", "  x4", "  x1", "  x2"])
        #expect(
            undo.stdout.contains(#""changes":[{"parent":1,"type":"insert","id":3,"from":null,"to":4}]"#),
            "\(undo.stdout)")
    }

    /// The items a `mv` or a `sort` moved within their list, removed by another machine: the
    /// undo is refused (it said it was done, and changed nothing).
    @Test(arguments: [
        (["mv", "L/x1", "--after", "L/x3"], ["rm", "L/x1"]),
        (["sort", "L", "--reverse"], ["rm", "L/x1", "L/x2", "L/x3", "L/x4"]),
    ])
    func theUndoOfAMoveIsRefusedWhenASyncRemovedItsItem(step: [String], beside: [String]) throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try besideASyncedStep(laptop, desktop, step: step, beside: [beside])
        try expectUndoRefused(laptop)
        #expect(try laptop.run(["history"]).stdout.contains("(undone)") == false)
    }

    /// The item a `mv` or a `sort` moved within its list, moved by another machine to another
    /// list: the undo and the redo are refused (the undo said it was done and changed nothing).
    @Test(arguments: [["mv", "L/x4", "--before", "L/x1"], ["sort", "L", "--reverse"]])
    func theUndoOfAMoveIsRefusedWhenASyncMovedTheItemToAnotherList(step: [String]) throws {
        let (laptop, desktop) = try twoMachinesSharingAList()
        try laptop.run(["add", "M"])
        try besideASyncedStep(laptop, desktop, step: step, beside: [["mv", "L/x4", "--under", "M"]])
        let moved = try laptop.titles()
        #expect(moved.contains("  x4") && moved.last == "  x4", "\(moved)")
        try expectUndoRefused(laptop)
    }

    /// Steps on L1 (a b c d e) beside L2, undone (or redone, when `redo`) after the desktop's
    /// change: what the laptop's L1 holds then. The trial found a sort's unmoved item left out
    /// of place, the last item of a list moved away and back put first, two items moved out
    /// and back swapped, a sibling's move undone by a redo, and steps refused because a sync
    /// had moved a sibling the step had only shifted.
    static let moreCases: [(step: [String], redo: Bool, beside: [String], list: [String])] = [
        (["sort", "L1", "--reverse"], false, ["add", "Z", "--after", "L1/b"], ["a", "b", "Z", "c", "d", "e"]),
        (["sort", "L1", "--reverse"], false, ["rm", "L1/a"], ["b", "c", "d", "e"]),
        (["rm", "L1/b"], false, ["mv", "L1/e", "--before", "L1/d"], ["a", "b", "c", "e", "d"]),
        (
            ["add", "N", "--under", "L1", "--at", "2"], false, ["mv", "L1/e", "--before", "L1/c"],
            ["a", "b", "e", "c", "d"]
        ),
        (["mv", "L1/b", "--under", "L2"], false, ["mv", "L1/d", "--under", "L2"], ["a", "b", "c", "e"]),
        (["mv", "L1/e", "--under", "L2"], false, ["add", "q", "--under", "L1"], ["a", "b", "c", "d", "e", "q"]),
        (["rm", "L1/e"], false, ["add", "q", "--under", "L1"], ["a", "b", "c", "d", "e", "q"]),
        (
            ["mv", "L1/a", "L1/b", "--under", "L2"], false, ["mv", "L1/e", "--under", "L2", "--at", "2"],
            ["a", "b", "c", "d"]
        ),
        (["mv", "L1/b", "--after", "L1/d"], true, ["mv", "L1/e", "--before", "L1/c"], ["a", "e", "c", "d", "b"]),
        (["rm", "L1/b"], true, ["mv", "L1/e", "--before", "L1/c"], ["a", "e", "c", "d"]),
        (["add", "N", "--under", "L1"], true, ["add", "q", "--under", "L1"], ["a", "b", "c", "d", "e", "N", "q"]),
        // The second trial: a sibling that crosses the step's item (moved over it, or removed
        // from before it) does not stop the undo; the item goes right after the item it
        // followed, wherever that one stands now; `mv c --after d` moved c, not d.
        (["mv", "L1/b", "--after", "L1/d"], false, ["mv", "L1/c", "--after", "L1/e"], ["a", "b", "d", "e", "c"]),
        (["mv", "L1/b", "--after", "L1/d"], false, ["rm", "L1/c"], ["a", "b", "d", "e"]),
        (["mv", "L1/b", "--after", "L1/d"], true, ["mv", "L1/a", "--after", "L1/c"], ["c", "a", "d", "b", "e"]),
        (["rm", "L1/c"], false, ["mv", "L1/a", "--after", "L1/e"], ["b", "c", "d", "e", "a"]),
        (
            ["mv", "L1/d", "L1/b", "--after", "L1/e"], false, ["mv", "L1/a", "--after", "L1/c"],
            ["c", "d", "a", "b", "e"]
        ),
        (["mv", "L1/c", "--after", "L1/d"], false, ["mv", "L1/d", "--after", "L1/e"], ["a", "b", "c", "e", "d"]),
        // The third trial: the two items before the step's item swapped, which left its number
        // free; it went back to the number, after the wrong one.
        (["rm", "L1/c"], false, ["mv", "L1/b", "--before", "L1/a"], ["b", "c", "a", "d", "e"]),
        (["mv", "L1/c", "--after", "L1/e"], false, ["mv", "L1/a", "--after", "L1/b"], ["b", "c", "a", "d", "e"]),
        // A sibling the step only shifted, moved to another list since, does not stop it.
        (["add", "N", "--under", "L1", "--at", "1"], false, ["mv", "L1/c", "--under", "L2"], ["a", "b", "d", "e"]),
        (["mv", "L1/a", "--after", "L1/e"], false, ["mv", "L1/c", "--under", "L2"], ["a", "b", "d", "e"]),
    ]

    @Test(arguments: moreCases)
    func aStepIsUndoneOrRedoneByWhatItDid(step: [String], redo: Bool, beside: [String], list: [String]) throws {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        let desktop = machine("desktop")
        try laptop.run(["add", "L1", "L2"])
        try laptop.run(["add", "a", "b", "c", "d", "e", "--under", "L1"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        #expect(try desktop.run(["sync", "init", remote]).status == 0)
        #expect(try laptop.run(step).status == 0)
        if redo { #expect(try laptop.run(["undo"]).status == 0) }
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        #expect(try desktop.run(beside).status == 0)
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        let travel = try laptop.run([redo ? "redo" : "undo"])
        #expect(travel.status == 0, "\(travel)")
        let children = try laptop.run(["ls", "L1", "--tsv"]).lines.map { String($0.split(separator: "\t")[4]) }
        #expect(children == list)
        #expect(try laptop.run(["check"]).status == 0)
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        #expect(try desktop.titles() == laptop.titles())
    }
}
