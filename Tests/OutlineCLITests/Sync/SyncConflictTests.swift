import Foundation
import OutlineTestSupport
import Testing

/// Nothing typed is lost (SPEC, "Sync"): of two changes to one value made before either machine
/// saw the other's, the outline shows the later in the remote's order and sets the other aside,
/// listed by `outline conflicts` on every machine under one number until taken or dismissed.
@Suite struct SyncConflictTests: TiedSyncMachine {
    let folder = TemporaryDirectory()

    /// Two machines holding `Plan` (with a note) and `Other`, both synced.
    private func twoMachines() throws -> (Machine, Machine) {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        try laptop.run(["add", "Plan", "Other"])
        try laptop.run(["note", "Plan", "first line\nsecond line\nthird line"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        let desktop = machine("desktop")
        #expect(try desktop.run(["sync", "init", remote]).status == 0)
        return (laptop, desktop)
    }

    @Test func twoRetitlesKeepTheLaterAndListTheOtherOnEveryMachine() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["edit", "Plan", "Plan (A)"])
        try desktop.run(["edit", "Plan", "Plan (B)"])
        #expect(try laptop.run(["sync"]).status == 0)
        let round = try desktop.run(["sync"])
        #expect(round.status == 0)
        // The desktop's batch comes later: its title is the one shown, the laptop's is set aside.
        #expect(
            round.lines.contains(
                "conflict 1: the title of /Plan (B): kept \"Plan (B)\", set aside \"Plan (A)\" "
                    + "('outline conflicts take 1' puts it back)"), "\(round.stdout)")
        let laptopRound = try laptop.run(["sync"])
        #expect(laptopRound.lines.contains { $0.hasPrefix("conflict 1: the title of /Plan (B)") })
        for machine in [laptop, desktop] {
            #expect(try machine.titles() == ["Plan (B)", "Other"])
            #expect(try machine.run(["conflicts"]).stdout == "1  /Plan (B)  title  \"Plan (B)\"  \"Plan (A)\"\n")
            let json = try machine.run(["conflicts", "--json"])
            let list = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
            #expect(list.count == 1)
            #expect(list[0]["n"] as? Int == 1 && list[0]["what"] as? String == "title")
            #expect(list[0]["kept"] as? String == "Plan (B)" && list[0]["set_aside"] as? String == "Plan (A)")
            #expect(list[0]["path"] as? String == "/Plan (B)")
        }

        // Taken on the laptop: a step of its own, which the next rounds carry to the desktop.
        let take = try laptop.run(["conflicts", "take", "1"])
        #expect(take.stdout == "took conflict 1: the title of \"Plan (B)\"\n")
        #expect(try laptop.titles() == ["Plan (A)", "Other"])
        #expect(try laptop.run(["conflicts"]).stdout == "")
        #expect(try laptop.run(["history", "--limit", "1"]).stdout.contains("conflicts take 1"))
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try desktop.run(["sync"]).status == 0)
        #expect(try desktop.titles() == ["Plan (A)", "Other"])
        #expect(try desktop.run(["conflicts"]).stdout == "")
        #expect(try desktop.run(["conflicts", "take", "1"]).stderr.contains("no open conflict 1"))
    }

    /// A conflict lists the value the outline shows now: an edit after the conflict was found,
    /// here or on another machine, is what it lists as kept; the value set aside stays.
    @Test func theKeptValueIsTheOneTheOutlineShowsNow() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["note", "Plan", "the laptop's note"])
        try desktop.run(["note", "Plan", "the desktop's note"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        #expect(try desktop.run(["conflicts"]).stdout.contains("\"the desktop's note\"  \"the laptop's note\""))
        try desktop.run(["note", "Plan", "a third note"])
        #expect(try desktop.run(["conflicts"]).stdout == "1  /Plan  note  \"a third note\"  \"the laptop's note\"\n")
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        let json = try laptop.run(["conflicts", "--json"])
        let list = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        #expect(
            list.first?["kept"] as? String == "a third note"
                && list.first?["set_aside"] as? String == "the laptop's note")
    }

    /// Edits to different lines of one note merge line by line; edits to the same line do not,
    /// and the other note is set aside whole.
    @Test func notesMergeLineByLineAndConflictOnTheSameLine() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["note", "Plan", "first line, laptop\nsecond line\nthird line"])
        try desktop.run(["note", "Plan", "first line\nsecond line\nthird line, desktop"])
        try laptop.run(["sync"])
        #expect(!(try desktop.run(["sync"]).stdout.contains("conflict")))
        try laptop.run(["sync"])
        let merged = "first line, laptop\nsecond line\nthird line, desktop\n"
        #expect(try laptop.run(["note", "Plan"]).stdout == merged)
        #expect(try desktop.run(["note", "Plan"]).stdout == merged)

        try laptop.run(["note", "Plan", "first line, laptop\nsecond line: A\nthird line, desktop"])
        try desktop.run(["note", "Plan", "first line, laptop\nsecond line: B\nthird line, desktop"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        #expect(try laptop.run(["note", "Plan"]).stdout.contains("second line: B"))
        #expect(
            try laptop.run(["conflicts"]).lines == [
                // The line where the two notes part (both began alike, and read the same).
                "1  /Plan  note  ...\"second line: B\"...  ...\"second line: A\"..."
            ])
        let json = try laptop.run(["conflicts", "--json"]).stdout
        #expect(json.contains(#""set_aside":"first line, laptop\nsecond line: A\nthird line, desktop""#), "\(json)")
        #expect(json.hasSuffix("]\n"))
    }

    @Test func aDismissedConflictIsForgottenEverywhereAndTheOutlineKeepsItsValue() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["set", "Plan", "--priority", "A", "--property", "owner=ann"])
        try desktop.run(["set", "Plan", "--priority", "C", "--property", "owner=bob"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        let listed = try laptop.run(["conflicts"]).lines
        #expect(listed == ["1  /Plan  priority  C  A", "2  /Plan  property owner  \"bob\"  \"ann\""])
        #expect(try desktop.run(["conflicts"]).lines == listed)
        #expect(try desktop.run(["conflicts", "dismiss", "1"]).status == 0)
        #expect(try desktop.run(["conflicts"]).lines == ["2  /Plan  property owner  \"bob\"  \"ann\""])
        try desktop.run(["sync"])
        // The round says what it did here: the conflict left the list (it said "nothing changed").
        #expect(try laptop.run(["sync"]).stdout.hasSuffix("brought 1 change (1 conflict closed here)\n"))
        #expect(try laptop.run(["conflicts"]).lines == ["2  /Plan  property owner  \"bob\"  \"ann\""])
        #expect(try laptop.run(["show", "Plan", "--json"]).stdout.contains("\"priority\":\"C\""))
        // A number that is not open is refused in one line, and nothing changes.
        let before = try dump(laptop)
        let refused = try laptop.run(["conflicts", "dismiss", "1"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: no open conflict 1: the open ones are 2 (outline conflicts lists them)\n")
        #expect(try dump(laptop) == before)
    }

    @Test func anEditOfAnItemRemovedElsewhereBringsItBackWithItsSubtreeWhenTaken() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["add", "Step 1", "Step 2", "--under", "Plan"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["rm", "Plan"])
        try desktop.run(["edit", "Plan", "Plan, edited"])
        try laptop.run(["sync"])
        let round = try desktop.run(["sync"])
        #expect(
            round.lines.contains(
                "conflict 1: /Plan was removed on one machine and changed on another: removed, set aside "
                    + "\"Plan, edited\" with its changes ('outline conflicts take 1' puts it back)"), "\(round.stdout)")
        // A removal wins over an edit.
        #expect(try desktop.titles() == ["Other"])
        #expect(try desktop.run(["conflicts"]).lines == ["1  /Plan  removed  removed  \"Plan, edited\""])
        try laptop.run(["sync"])
        #expect(try laptop.run(["conflicts"]).lines == ["1  /Plan  removed  removed  \"Plan, edited\""])
        #expect(
            try laptop.run(["conflicts", "take", "1"]).stdout == "took conflict 1: brought back \"Plan, edited\"\n")
        #expect(try laptop.titles() == ["Plan, edited", "  Step 1", "  Step 2", "Other"])
        #expect(try laptop.run(["note", "Plan, edited"]).stdout == "first line\nsecond line\nthird line\n")
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        #expect(try desktop.titles() == ["Plan, edited", "  Step 1", "  Step 2", "Other"])
        #expect(try desktop.run(["check"]).status == 0)
    }

    /// An item removed on one machine and edited on another, whose removal its remover then
    /// undid: taking the conflict makes the edits set aside to the item where it is now, and
    /// leaves what was changed since (the take said it brought the item back and changed
    /// nothing; then it put the item's old values back over later ones).
    @Test func takingAnEditOfAnItemThatCameBackSetsItsValues() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["add", "Kid", "--under", "Plan"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["rm", "Plan"])
        try laptop.run(["sync"])
        try desktop.run(["edit", "Plan/Kid", "Kid edited"])
        try desktop.run(["note", "Plan/Kid edited", "typed on the desktop"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        #expect(try laptop.run(["undo"]).stdout.hasPrefix("undone: rm"))
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        // Back on every machine, and listed with the title it shows now; changed since.
        let listed = "1  /Plan/Kid  removed  \"Kid\"  \"Kid edited\"\n"
        for machine in [laptop, desktop] {
            #expect(try machine.titles() == ["Plan", "  Kid", "Other"])
            #expect(try machine.run(["conflicts"]).stdout == listed)
        }
        try laptop.run(["set", "Plan/Kid", "--tag", "later", "--priority", "A"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        // The changes set aside are made to it; what was changed since stays.
        #expect(try desktop.run(["conflicts", "take", "1"]).stdout == "took conflict 1: the changes of \"Kid\"\n")
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        for machine in [laptop, desktop] {
            let shown = try machine.run(["show", "Plan/Kid edited"]).stdout
            #expect(shown.contains("later") && shown.contains("priority"), "\(shown)")
            #expect(try machine.titles() == ["Plan", "  Kid edited", "Other"])
            #expect(try machine.run(["note", "Plan/Kid edited"]).stdout == "typed on the desktop\n")
            #expect(try machine.run(["conflicts"]).stdout == "")
            #expect(try machine.run(["check"]).status == 0)
        }
        // The take is a step: its undo lists the conflict again and puts the values back.
        #expect(try desktop.run(["undo"]).status == 0)
        #expect(try desktop.titles() == ["Plan", "  Kid", "Other"])
        #expect(try desktop.run(["conflicts"]).stdout == listed)
    }

    /// The edited items of a removed subtree are each a conflict: taken child first, each comes
    /// back with its changes, and the parent's take puts the children back under it.
    @Test func aRemovedSubtreeTakenChildFirstComesBackWhole() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["add", "Kid", "--under", "Plan"])
        try laptop.run(["add", "G", "--under", "Plan/Kid"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["rm", "Plan"])
        try laptop.run(["sync"])
        try desktop.run(["edit", "Plan", "Plan2"])
        try desktop.run(["edit", "Plan2/Kid", "Kid2"])
        try desktop.run(["edit", "Plan2/Kid2/G", "G2"])
        try desktop.run(["sync"])
        #expect(try desktop.run(["conflicts"]).lines.count == 3)
        for number in ["3", "2", "1"] { #expect(try desktop.run(["conflicts", "take", number]).status == 0) }
        #expect(try desktop.titles() == ["Plan2", "  Kid2", "    G2", "Other"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        #expect(try laptop.titles() == desktop.titles())
        #expect(try laptop.run(["check"]).status == 0)
    }

    /// An item added (or moved) under one that another machine removed and then compacted away
    /// goes to the nearest ancestor still there, on every machine and on one that joins later:
    /// the machine that sends it names that ancestor, which the others no longer know. (The
    /// compacting machine put it under the ancestor it still knew while the others put it at
    /// the top level; then every machine put it at the top level.)
    @Test func anItemAddedUnderOneCompactedAwayGoesToTheSamePlaceEverywhere() throws {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        try laptop.run(["add", "Plan", "Other"])
        try laptop.run(["add", "Old", "--under", "Plan"])
        try laptop.run(["add", "Deep", "--under", "Plan/Old"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        let desktop = machine("desktop")
        #expect(try desktop.run(["sync", "init", remote]).status == 0)
        try desktop.run(["add", "Late idea", "--under", "Plan/Old/Deep"])
        try desktop.run(["mv", "Other", "--under", "Plan/Old"])
        try laptop.run(["rm", "Plan/Old"])
        try laptop.run(["sync", "compact"])
        let round = try desktop.run(["sync"])
        #expect(
            round.lines.contains("2 items moved to /Plan: their parents were removed on another machine"),
            "\(round.stdout)")
        try laptop.run(["sync"])
        let joining = machine("joining")
        #expect(try joining.run(["sync", "init", remote]).status == 0)
        let expected = try laptop.titles()
        #expect(Set(expected) == ["Plan", "  Late idea", "  Other"])
        for machine in [laptop, desktop, joining] {
            #expect(try machine.titles() == expected, "\(machine.database)")
            #expect(try machine.run(["sync"]).stdout.hasSuffix("nothing to bring or send\n"))
            #expect(try machine.run(["check"]).status == 0)
        }
    }

    @Test func anItemAddedUnderOneRemovedElsewhereIsMovedUpAndTheRoundSaysSo() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["rm", "Plan"])
        try desktop.run(["add", "Late idea", "--under", "Plan"])
        try laptop.run(["sync"])
        // With --json, the change report names it too ("rescued"), and the line is still said.
        let round = try desktop.run(["sync", "--json"])
        #expect(round.stdout.contains(#""rescued":[{"count":1,"to":"/"}]"#), "\(round.stdout)")
        #expect(round.stderr == "1 item moved to the top level: its parent was removed on another machine\n")
        // It keeps its order key, here before Other's.
        #expect(try desktop.titles() == ["Late idea", "Other"])
        #expect(try desktop.run(["conflicts"]).stdout == "")
    }

    @Test func theSameValueSetOnBothMachinesIsNoConflict() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["edit", "Plan", "Plan 2"])
        try desktop.run(["edit", "Plan", "Plan 2"])
        try laptop.run(["done", "Other"])
        try desktop.run(["done", "Other"])
        try laptop.run(["sync"])
        #expect(!(try desktop.run(["sync"]).stdout.contains("conflict")))
        #expect(try desktop.run(["conflicts"]).stdout == "")
    }

    @Test func syncStatusNamesTheOpenConflicts() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["edit", "Plan", "A"])
        try desktop.run(["edit", "Plan", "B"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        let status = try desktop.run(["sync", "status"])
        #expect(status.lines.suffix(2) == ["1 open conflict:", "1  /B  title  \"B\"  \"A\""])
        #expect(try desktop.run(["sync", "status", "--json"]).stdout.contains("\"conflicts\":1"))
    }

    /// A trial's finds: a move of an item that another machine removed, and a removal of an
    /// item that another machine moved first, are set aside, not lost.
    @Test func aMoveAndARemovalOfOneItemSetTheMoveAside() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["add", "K1", "K2", "--under", "Plan"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try desktop.run(["mv", "Plan/K2", "--under", "0"])
        try desktop.run(["sync"])
        try laptop.run(["rm", "Plan"])
        let round = try laptop.run(["sync"])
        #expect(round.lines.contains { $0.hasPrefix("conflict 1: /K2 was removed") }, "\(round.stdout)")
        try desktop.run(["sync"])
        for machine in [laptop, desktop] {
            #expect(try machine.titles() == ["Other"])
            #expect(try machine.run(["conflicts"]).lines == ["1  /K2  removed  removed  \"K2\""])
        }
        #expect(try desktop.run(["conflicts", "take", "1"]).status == 0)
        #expect(try desktop.titles() == ["Other", "K2"])

        // The other order: removed first, then moved on a machine that had not seen it.
        try laptop.run(["add", "Box", "Shelf"])
        try laptop.run(["add", "Thing", "--under", "Box"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["rm", "Box"])
        try laptop.run(["sync"])
        try desktop.run(["mv", "Box/Thing", "--under", "Shelf"])
        let second = try desktop.run(["sync"])
        #expect(second.lines.contains { $0.hasPrefix("conflict 2: /Box/Thing was removed") }, "\(second.stdout)")
        #expect(try desktop.run(["conflicts", "take", "2"]).status == 0)
        #expect(try desktop.titles().suffix(2) == ["Shelf", "  Thing"])
    }

    /// Undo of a take lists the conflict again (before and after a round sent the take), and a
    /// take of a value whose item was removed here is refused, keeping the conflict.
    @Test func anUndoneTakeListsTheConflictAgain() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["edit", "Plan", "A"])
        try desktop.run(["edit", "Plan", "B"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        let listed = try desktop.run(["conflicts"]).stdout
        #expect(listed == "1  /B  title  \"B\"  \"A\"\n")
        try desktop.run(["conflicts", "take", "1"])
        #expect(try desktop.run(["undo"]).status == 0)
        #expect(try desktop.run(["conflicts"]).stdout == listed)
        #expect(try desktop.titles() == ["B", "Other"])
        // Taken and sent, then undone: raised again, under a new number, on every machine.
        try desktop.run(["conflicts", "take", "1"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        #expect(try laptop.run(["conflicts"]).stdout == "")
        #expect(try desktop.run(["undo"]).status == 0)
        #expect(try desktop.run(["conflicts"]).stdout == listed)
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        let raised = "2  /B  title  \"B\"  \"A\"\n"
        #expect(try desktop.run(["conflicts"]).stdout == raised)
        #expect(try laptop.run(["conflicts"]).stdout == raised)
        // The take's redo is refused as a sync's doing (the conflict is raised again), not as an
        // outside edit, naming the new number, which takes it.
        let redo = try desktop.run(["redo"])
        #expect(redo.status == 1)
        #expect(
            redo.stderr.hasSuffix(
                ": its undo was sent, and the conflict is listed again as conflict 2; nothing was changed; "
                    + "'outline conflicts take 2' takes it\n"), "\(redo.stderr)")
        #expect(try desktop.run(["conflicts"]).stdout == raised)
        // Its item removed here: refused, and still listed.
        try desktop.run(["rm", "B"])
        let refused = try desktop.run(["conflicts", "take", "2"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: conflict 2 is about \"B\", which was removed since:"))
        #expect(try desktop.run(["conflicts"]).stdout == raised)
    }

    /// A removed item taken back on two machines comes back once: the second take does not
    /// undo what was changed after the first.
    @Test func aSecondTakeOfARemovedItemKeepsLaterChanges() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["add", "G", "--under", "Plan"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["rm", "Plan"])
        try desktop.run(["edit", "Plan", "Plan B"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        try laptop.run(["conflicts", "take", "1"])
        try laptop.run(["edit", "Plan B/G", "G by laptop"])
        try laptop.run(["sync"])
        try desktop.run(["conflicts", "take", "1"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        for machine in [laptop, desktop] {
            #expect(try machine.titles() == ["Plan B", "  G by laptop", "Other"])
            #expect(try machine.run(["conflicts"]).stdout == "")
        }
    }

    /// A keyword given on one machine while another drops it from the workflow stays in the
    /// workflow, so that `check` passes everywhere.
    @Test func aKeywordInUseStaysInTheWorkflow() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["workflow", "TODO NEXT WAIT | DONE"])
        try laptop.run(["sync"])
        // A round that brings a workflow alone says it changed here.
        #expect(try desktop.run(["sync"]).stdout.hasSuffix("brought 1 change (the workflow changed here)\n"))
        try desktop.run(["set", "Other", "--state", "WAIT"])
        try laptop.run(["workflow", "TODO NEXT | DONE CANCELLED"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        for machine in [laptop, desktop] {
            #expect(try machine.run(["workflow"]).stdout == "TODO NEXT WAIT | DONE CANCELLED\n")
            #expect(try machine.run(["check"]).status == 0)
        }
    }

    /// No value (a priority removed) is null in JSON and `none` in a line, so that it cannot be
    /// taken for a text that says "none".
    @Test func noValueIsNullInJSON() throws {
        let (laptop, desktop) = try twoMachines()
        try laptop.run(["set", "Plan", "--priority", "B"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try laptop.run(["set", "Plan", "--priority", "A"])
        try desktop.run(["set", "Plan", "--priority", "none"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        #expect(try desktop.run(["conflicts"]).lines == ["1  /Plan  priority  none  A"])
        let json = try desktop.run(["conflicts", "--json"]).stdout
        #expect(json.contains(#""kept":null,"set_aside":"A""#), "\(json)")
    }

    @Test func conflictsOfAnOutlineThatDoesNotSyncAreNone() throws {
        let alone = machine("alone")
        try alone.run(["add", "X"])
        let listed = try alone.run(["conflicts"])
        #expect(listed.status == 0 && listed.stdout == "")
        let taken = try alone.run(["conflicts", "take", "1"])
        #expect(taken.status == 1 && taken.stderr.hasPrefix("error: this outline does not sync with a remote yet;"))
        #expect(try alone.run(["conflicts", "take", "one"]).status == 64)
        // Listing never creates a database.
        let missing = machine("missing")
        #expect(try missing.run(["conflicts"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: missing.database))
    }
}

/// `sync compact` writes the live outline alone (SPEC, "Sync"): a machine that joins reads about
/// as much as the outline holds, and a machine that still holds changes to an item the snapshot
/// left out has them set aside as conflicts.
@Suite struct SyncCompactionTests: TiedSyncMachine {
    let folder = TemporaryDirectory()

    @Test func theSnapshotHoldsTheLiveOutlineAndAChangeToALeftOutItemIsSetAside() throws {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        try laptop.run(["add", "Keep", "Old"])
        try laptop.run(["add", "-", "--under", "Old"], input: (1...40).map { "old \($0)" }.joined(separator: "\n"))
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        let desktop = machine("desktop")
        #expect(try desktop.run(["sync", "init", remote]).status == 0)
        // The laptop removes most of the outline and compacts; the desktop, not yet synced,
        // changes an item that is gone.
        try laptop.run(["rm", "Old"])
        #expect(try laptop.run(["sync", "compact"]).lines.last == "wrote a snapshot of 1 item")
        let snapshot = try gitAsSomeone(["show", "main:snapshot.json"], in: remote).stdout
        #expect(snapshot.components(separatedBy: "\"uid\"").count - 1 == 1, "\(snapshot)")
        let newcomer = machine("newcomer")
        let joined = try newcomer.run(["sync", "init", remote])
        #expect(joined.stdout.contains("brought 1 change (1 added here)"), "\(joined.stdout)")
        #expect(try newcomer.titles() == ["Keep"])

        try desktop.run(["edit", "Old/old 7", "old 7, still wanted"])
        let round = try desktop.run(["sync"])
        #expect(round.status == 0)
        #expect(round.lines.contains { $0.hasPrefix("conflict 1: /Old/old 7 was removed") }, "\(round.stdout)")
        #expect(try desktop.run(["conflicts"]).lines == ["1  /Old/old 7  removed  removed  \"old 7, still wanted\""])
        #expect(try desktop.titles() == ["Keep"])
        #expect(try desktop.run(["conflicts", "take", "1"]).status == 0)
        // Its parent is gone: it comes back at the top level, in the place its order key gives.
        #expect(Set(try desktop.titles()) == ["Keep", "old 7, still wanted"])
        try desktop.run(["sync"])
        try newcomer.run(["sync"])
        #expect(try newcomer.titles() == desktop.titles())
        #expect(try newcomer.run(["check"]).status == 0 && desktop.run(["check"]).status == 0)
    }
}
