import Foundation
import GRDB
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// Several machines sharing one outline through a bare git repository: whatever each does
/// offline, and in whatever order they sync, they end with the same outline.
@Suite struct SyncConvergenceTests {
    /// A bare repository for the replicas to share.
    static func makeRemote(in directory: TemporaryDirectory) throws -> String {
        let remote = directory.file("remote.git")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "init", "--quiet", "--bare", remote]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return remote
    }

    /// The outline without local ids: its workflow, then one line an item, depth, title, done
    /// time, note and the other attributes.
    static func canonical(_ store: OutlineStore) throws -> [String] {
        var lines = ["workflow \(try store.read { db in try SyncTables.localWorkflow(db) } ?? "none")"]
        var entries: [(ItemID, String)] = []
        try store.walk { entry in
            let done = entry.item.doneAt.map { "\($0.timeIntervalSince1970)" } ?? "open"
            entries.append((entry.id, "\(entry.depth)\t\(entry.item.title)\t\(done)\t\(entry.item.note ?? "")"))
        }
        try store.read { db in
            for (id, line) in entries {
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(SyncAttributes.columns) FROM item WHERE id = ?", arguments: [id])!
                lines.append(line + "\t" + SyncAttributes(row: row, startingAt: 0).json)
            }
        }
        for conflict in try store.conflicts() {
            lines.append(
                "conflict \(conflict.number) \(conflict.what): \(String(describing: conflict.kept)) / "
                    + "\(String(describing: conflict.setAside))")
        }
        return lines
    }

    /// The log's outline as `canonical` writes an outline.
    static func canonical(_ tree: SyncTree) -> [String] {
        let children = tree.childrenByParent()
        var lines = ["workflow \(tree.workflow ?? "none")"]
        func visit(_ uid: String, _ depth: Int) {
            for child in children[uid] ?? [] {
                let node = tree[child]!
                let done = node.doneAt.map { "\(Date(timeIntervalSince1970: $0).timeIntervalSince1970)" } ?? "open"
                lines.append(
                    "\(depth)\t\(node.title)\t\(done)\t\(node.note ?? "")\t\(node.attributes.json)")
                visit(child, depth + 1)
            }
        }
        visit(SyncTree.rootUID, 1)
        for conflict in tree.conflicts {
            // Listed with the value the item shows now, as `conflicts` lists it.
            var kept = conflict.kept
            if let node = tree[conflict.uid], node.isLive {
                // An item removed elsewhere that is back shows its title.
                kept = conflict.what == "removed" ? node.title : SyncConflicts.Value(conflict.what, of: node).shown
            }
            lines.append(
                "conflict \(conflict.number) \(conflict.what): \(String(describing: kept)) / "
                    + "\(String(describing: conflict.setAside))")
        }
        return lines
    }

    /// The global ids of the items a store holds.
    static func liveUIDs(_ store: OutlineStore) throws -> Set<String> {
        try store.read { db in
            Set(try String.fetchAll(db, sql: "SELECT uid FROM sync_uid JOIN item USING (id)"))
        }
    }

    /// Runs git; whether it exited 0.
    @discardableResult
    static func runGit(_ arguments: [String]) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=someone", "-c", "user.email=someone@example.com"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Someone commits a README in a clone of the remote made earlier, merges the remote's main
    /// with `git pull`, and pushes the merge.
    static func mergeIntoRemote(_ remote: String, in directory: TemporaryDirectory, step: Int) throws {
        let clone = directory.file("clone\(step)")
        #expect(try runGit(["clone", "--quiet", "--branch", "main", remote, clone]))
        // From the commit before the last, so that the pull makes a merge (the log's first commit
        // has none before it: then the README lies on top).
        try runGit(["-C", clone, "reset", "--quiet", "--hard", "HEAD~1"])
        try "step \(step)\n".write(toFile: clone + "/README", atomically: true, encoding: .utf8)
        #expect(try runGit(["-C", clone, "add", "README"]))
        #expect(try runGit(["-C", clone, "commit", "--quiet", "-m", "readme"]))
        #expect(try runGit(["-C", clone, "pull", "--quiet", "--no-rebase", "--no-edit", "origin", "main"]))
        #expect(try runGit(["-C", clone, "push", "--quiet", "origin", "HEAD:main"]))
    }

    /// Every item the log's operations removed.
    static func removedInLog(_ store: OutlineStore) throws -> Set<String> {
        let git = GitRemote(cache: store.syncCache, remote: try store.syncStatus().remote)
        guard let head = try git.fetch() else { return [] }
        var removed: Set<String> = []
        for case .batch(let batch) in try git.entries(try git.commits(after: nil, upTo: head), head: head).map(\.entry)
        {
            for case .delete(let uid) in batch.operations { removed.insert(uid) }
        }
        return removed
    }

    @Test func twoMachinesSendAndBringEachOthersChanges() throws {
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let groceries = try laptop.add(["Groceries"]).ids[0]
        try laptop.add(["Milk", "Eggs"], under: groceries)
        let first = try laptop.startSyncing(with: remote)
        #expect(first.sent == 3)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        let adopted = try desktop.startSyncing(with: remote)
        #expect(adopted.brought == 3 && adopted.added == 3)
        #expect(try Self.canonical(desktop) == Self.canonical(laptop))
        // The same item has one global id on both machines, and its own local id on each.
        let milkHere = try laptop.children(of: groceries)[0].id
        let desktopGroceries = try desktop.children()[0].id
        let milkThere = try desktop.children(of: desktopGroceries)[0].id
        #expect(try laptop.globalID(of: milkHere) == desktop.globalID(of: milkThere))

        try desktop.edit(milkThere, title: "Oat milk")
        try laptop.add(["Bread"], under: groceries)
        _ = try desktop.sync()
        let round = try laptop.sync()
        #expect(round.brought == 1 && round.sent == 1)
        _ = try desktop.sync()
        #expect(try Self.canonical(desktop) == Self.canonical(laptop))
        #expect(try laptop.children(of: groceries).map(\.title) == ["Oat milk", "Eggs", "Bread"])
    }

    /// Undo reverts this machine's own steps: a sync's step is passed over, a step whose items a
    /// sync changed since is refused with a message that says so, and an undo that goes through
    /// is sent as new operations.
    @Test func undoPassesOverSyncsAndIsRefusedWhereTheyChangedItsItems() throws {
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let milk = try laptop.add(["Milk"]).ids[0]
        let eggs = try laptop.add(["Eggs"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        try desktop.edit(try desktop.children()[0].id, title: "Oat milk")
        _ = try desktop.sync()
        let brought = try laptop.sync()
        #expect(brought.step != nil)
        #expect(try laptop.undoManager.undoActionName == #"add "Eggs""#)
        try laptop.undoManager.undo()
        #expect(try !laptop.exists(eggs))
        #expect(throws: OutlineError.historyChangedBySync(verb: "undo", step: #"add "Milk""#)) {
            try laptop.undoManager.undo()
        }
        #expect(try laptop.item(milk).title == "Oat milk")
        _ = try laptop.sync()
        _ = try desktop.sync()
        #expect(try desktop.children().map(\.title) == ["Oat milk"])
    }

    /// Commands that run while a round pushes are kept: an item sent and then removed stays
    /// removed, a title sent and then changed back keeps the change back, and an edit of an item
    /// that the round brings the removal of does not bring it back.
    @Test func whatChangesWhileARoundPushesIsKept() throws {
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let milk = try laptop.add(["Milk"]).ids[0]
        let eggs = try laptop.add(["Eggs"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        try desktop.remove([try desktop.children()[1].id])
        _ = try desktop.sync()

        let temporary = try laptop.add(["Temporary"]).ids[0]
        try laptop.edit(milk, title: "Oat milk")
        laptop.syncRoundDidPush = {
            try laptop.remove([temporary])
            try laptop.edit(milk, title: "Milk")
            try laptop.edit(eggs, title: "Brown eggs")
        }
        let round = try laptop.sync()
        laptop.syncRoundDidPush = nil
        #expect(round.sent > 0 && round.brought == 1)
        #expect(try Self.canonical(laptop) == ["workflow none", "1\tMilk\topen\t\t{}"])
        // `sync status` lists the steps made while the round ran, not only counts them.
        let waiting = try laptop.syncStatus()
        #expect(waiting.pendingOperations > 0)
        #expect(waiting.unsentSteps.count == 3, "\(waiting.unsentSteps)")
        _ = try laptop.sync()
        _ = try desktop.sync()
        #expect(try Self.canonical(desktop) == ["workflow none", "1\tMilk\topen\t\t{}"])
        #expect(try laptop.syncStatus().pendingOperations == 0)
    }

    /// A round that dies after its push and before it records it: the next round finds its batch
    /// in the log and does not send it again, so what other machines did since stands.
    @Test func aRoundKilledAfterItsPushDoesNotSendItsBatchAgain() throws {
        struct Killed: Error {}
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let x = try laptop.add(["X"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        try laptop.add(["Y"])
        try laptop.setNote(x, to: "laptop note")
        laptop.syncRoundDidPush = { throw Killed() }
        #expect(throws: Killed.self) { try laptop.sync() }
        laptop.syncRoundDidPush = nil
        _ = try desktop.sync()
        try desktop.remove([try desktop.children()[1].id])
        try desktop.setNote(try desktop.children()[0].id, to: "desktop note")
        _ = try desktop.sync()
        let recovery = try laptop.sync()
        #expect(recovery.sent == 0)
        _ = try desktop.sync()
        #expect(try Self.canonical(laptop) == ["workflow none", "1\tX\topen\tdesktop note\t{}"])
        #expect(try Self.canonical(desktop) == Self.canonical(laptop))
    }

    /// Two machines add an item at the end of one list at once, so the two share a key. A later
    /// add beside them sends no move of the other machine's item, which would undo a move made
    /// elsewhere since.
    @Test func anAddNeverMovesAnotherMachinesItemBack() throws {
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let x = try laptop.add(["X"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        let a = try laptop.add(["A"]).ids[0]
        try desktop.add(["B"])
        _ = try laptop.sync()
        _ = try desktop.sync()
        _ = try laptop.sync()
        try laptop.move([a], under: x)
        _ = try laptop.sync()
        try desktop.add(["C"])
        #expect(try desktop.syncStatus().pendingOperations == 1)
        _ = try desktop.sync()
        _ = try laptop.sync()
        #expect(try laptop.children(of: x).map(\.title) == ["A"])
        #expect(try Self.canonical(desktop) == Self.canonical(laptop))
    }

    @Test func aMoveIntoAnItemRemovedElsewhereGoesToItsParent() throws {
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        let one = try OutlineStore(path: directory.file("one.db"))
        let work = try one.add(["Work"]).ids[0]
        let launch = try one.add(["Launch"], under: work).ids[0]
        try one.add(["Notes"])
        _ = try one.startSyncing(with: remote)
        let two = try OutlineStore(path: directory.file("two.db"))
        _ = try two.startSyncing(with: remote)
        // One removes Launch; the other moves Notes into it, then both sync.
        try one.remove([launch])
        let twoLaunch = try two.children(of: try two.children()[0].id)[0].id
        let twoNotes = try two.children()[1].id
        try two.move([twoNotes], under: twoLaunch)
        _ = try one.sync()
        _ = try two.sync()
        _ = try one.sync()
        #expect(try Self.canonical(one) == Self.canonical(two))
        #expect(try one.children(of: work).map(\.title) == ["Notes"])
        #expect(try one.check().isHealthy && two.check().isHealthy)
    }

    /// One machine moves an item to another list, the other moves it within its list: the
    /// second move has no place in the list the item left, and its round says so (it was
    /// dropped without a word). The same when the move is one of several (a `mv` of two items,
    /// or another move after it in the same round), or passes only its neighbour: the round
    /// names the item it could not move (it named none, or the neighbour, which had not moved).
    @Test(arguments: 0..<4)
    func aMoveWithinAListTheItemLeftElsewhereIsSaid(variant: Int) throws {
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        let one = try OutlineStore(path: directory.file("one.db"))
        let first = try one.add(["First", "Second"]).ids
        let items = try one.add(["x", "y", "z"], under: first[0]).ids
        _ = try one.startSyncing(with: remote)
        let two = try OutlineStore(path: directory.file("two.db"))
        _ = try two.startSyncing(with: remote)
        try one.move([items[0]], under: first[1])
        let (x, y, z) = try {
            let ids = try two.children(of: first[0]).map(\.id)
            return (ids[0], ids[1], ids[2])
        }()
        switch variant {
        case 0:
            try two.move([x], placement: .after(z))
        case 1:
            try two.move([x, y], placement: .after(z))
        case 2:
            try two.move([x], placement: .after(z))
            try two.move([y], placement: .before(x))
        default:
            try two.move([x], placement: .after(y))
        }
        _ = try one.sync()
        let second = try two.sync()
        #expect(second.skipped == ["a move of \"x\" within a list another machine had moved it out of"])
        _ = try one.sync()
        #expect(try Self.canonical(one) == Self.canonical(two))
        #expect(try one.children(of: first[1]).map(\.title) == ["x"])
    }

    @Test func movesThatMakeACycleTogetherLeaveATree() throws {
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        let one = try OutlineStore(path: directory.file("one.db"))
        let a = try one.add(["A"]).ids[0]
        let b = try one.add(["B"]).ids[0]
        _ = try one.startSyncing(with: remote)
        let two = try OutlineStore(path: directory.file("two.db"))
        _ = try two.startSyncing(with: remote)
        try one.move([a], under: b)
        let twoIDs = try two.children().map(\.id)
        try two.move([twoIDs[1]], under: twoIDs[0])
        _ = try one.sync()
        let second = try two.sync()
        #expect(second.skipped.count == 1)
        _ = try one.sync()
        #expect(try Self.canonical(one) == Self.canonical(two))
        #expect(try Self.canonical(one) == ["workflow none", "1\tB\topen\t\t{}", "2\tA\topen\t\t{}"])
        #expect(try one.check().isHealthy && two.check().isHealthy)
    }

    /// Whether the random convergence test of `seed` loses the remote's log midway: every seed
    /// with `OUTLINE_SYNC_LOSE_LOG=1`, the even seeds in the soak run.
    static func losesTheLog(seed: UInt64) -> Bool {
        ProcessInfo.processInfo.environment["OUTLINE_SYNC_LOSE_LOG"] == "1" || (Soak.isOn && seed % 2 == 0)
    }

    /// Three machines make random commands (undo and redo included) offline and sync in a random
    /// order. After every round that sent everything, the machine's outline is the log's; an item
    /// that a round took away was removed by some machine; and at the end all three hold the
    /// same outline. Faults come in among the rounds (issue 30): a round killed before its push,
    /// whose push lands later, after other rounds; someone who commits to the remote and merges
    /// with `git pull`, which every round refuses until the remote is put back as the error
    /// says; machines that join midway, and an outline that holds items refused as it tries.
    /// Commands set every attribute too, and a ledger (`SyncValueLedger`) checks at the end that
    /// no value typed on any machine was lost.
    /// In the soak run's even seeds (every seed with `OUTLINE_SYNC_LOSE_LOG=1`), at step 90 the
    /// remote loses its log and a machine starts it again (`sync republish`). Not in the default
    /// run, which keeps within three minutes.
    /// Four seeds by default, twelve in the soak run (CI): each takes a few seconds, and the
    /// default tests keep within three minutes.
    @Test(arguments: Soak.isOn ? 1...12 : 1...4)
    func randomCommandsOnThreeMachinesConverge(seed: UInt64) throws {
        let directory = TemporaryDirectory()
        let remote = try Self.makeRemote(in: directory)
        var rng = SeededGenerator(seed: seed)
        let first = try OutlineStore(path: directory.file("r0.db"))
        try first.add(["Inbox", "Work", "Home"])
        _ = try first.startSyncing(with: remote)
        var replicas = [first]
        for index in 1..<3 {
            let replica = try OutlineStore(path: directory.file("r\(index).db"))
            _ = try replica.startSyncing(with: remote)
            replicas.append(replica)
        }
        var log: [String] = []
        var takenAway: Set<String> = []
        var ledger = SyncValueLedger()
        // Pushes left running by killed rounds: the cache that holds the commit, and the commit.
        var orphans: [(cache: String, commit: String)] = []
        for step in 0..<120 {
            let index = Int.random(in: 0..<replicas.count, using: &rng)
            let store = replicas[index]
            if !orphans.isEmpty, Int.random(in: 0..<3, using: &rng) == 0 {
                // It lands if it is still a fast-forward, and is turned away like any late push if not.
                let orphan = orphans.removeFirst()
                let landed = try Self.runGit([
                    "-C", orphan.cache, "push", "--quiet", remote, orphan.commit + ":refs/heads/main",
                ])
                log.append("an orphaned push \(landed ? "lands" : "is turned away")")
            }
            if Int.random(in: 0..<40, using: &rng) == 0 {
                try Self.mergeIntoRemote(remote, in: directory, step: step)
                log.append("someone merges into the remote")
                do {
                    _ = try store.sync()
                    Issue.record("a merge in the remote was read after \(log)")
                } catch let SyncFailure.foreignCommit(_, _, _, _, _, _, lastOutlineCommit?) {
                    #expect(try Self.runGit(["-C", remote, "update-ref", "refs/heads/main", lastOutlineCommit]))
                    log.append("the remote is put back on \(lastOutlineCommit.prefix(7))")
                }
                continue
            }
            if step == 90, Self.losesTheLog(seed: seed) {
                // The remote loses its log (a new, empty repository at its address); pushes still
                // on their way went to the old one. A machine starts the log again from its outline,
                // and every other one moves onto it at its next round.
                orphans.removeAll()
                try FileManager.default.removeItem(atPath: remote)
                #expect(try Self.runGit(["init", "--quiet", "--bare", remote]))
                let republisher = Int.random(in: 0..<replicas.count, using: &rng)
                let before = try SyncValueLedger.values(replicas[republisher])
                let republished = try replicas[republisher].republishSyncLog()
                log.append("the remote loses its log; r\(republisher): sync republish (\(republished.items) items)")
                ledger.noteRound(
                    on: republisher, sent: true, before: before,
                    after: try SyncValueLedger.values(replicas[republisher]), log.last!)
                continue
            }
            if step == 60 {
                let joining = try OutlineStore(path: directory.file("r\(replicas.count).db"))
                _ = try joining.startSyncing(with: remote)
                replicas.append(joining)
                let holding = try OutlineStore(path: directory.file("holding\(seed).db"))
                try holding.add(["Mine"])
                // Refused while the remote's outline holds items; joined when every item was
                // removed, and then it holds its own item alone.
                _ = try? holding.startSyncing(with: remote)
                #expect(try holding.children().map(\.title) == ["Mine"])
                log.append("r\(replicas.count - 1) joins")
                continue
            }
            if Int.random(in: 0..<4, using: &rng) == 0 {
                let before = try Self.liveUIDs(store)
                let valuesBeforeRound = try SyncValueLedger.values(store)
                defer {
                    if let after = try? SyncValueLedger.values(store) {
                        let context = log.last ?? ""
                        ledger.noteRound(
                            on: index, sent: !context.contains("killed"), before: valuesBeforeRound, after: after,
                            context)
                    }
                }
                if Int.random(in: 0..<8, using: &rng) == 0 {
                    // Killed once its commit is made and noted; its push goes on, and lands later.
                    struct Killed: Error {}
                    var killed = false
                    store.syncRoundWillPush = { commit in
                        orphans.append((store.syncCache, commit))
                        killed = true
                        throw Killed()
                    }
                    defer { store.syncRoundWillPush = nil }
                    do {
                        _ = try store.sync()
                        log.append("r\(index): sync (nothing to send)")
                    } catch is Killed where killed {
                        log.append("r\(index): sync killed before its push")
                        continue
                    }
                } else if Int.random(in: 0..<6, using: &rng) == 0 {
                    _ = try store.compactSyncLog()
                    log.append("r\(index): sync compact")
                } else {
                    _ = try store.sync()
                    log.append("r\(index): sync")
                }
                takenAway.formUnion(before.subtracting(try Self.liveUIDs(store)))
                if try store.syncStatus().pendingOperations == 0 {
                    let base = try store.read { db in try SyncTables.base(db) }
                    #expect(
                        try Self.canonical(store) == Self.canonical(base), "r\(index) is not the log's after \(log)")
                }
                continue
            }
            // What this machine's own command wrote and replaced goes into the ledger.
            let valuesBefore = try SyncValueLedger.values(store)
            // Someone takes or dismisses an open conflict, or reverts an older step alone.
            if Int.random(in: 0..<12, using: &rng) == 0 {
                let open = try store.read { db in try SyncTables.listedConflicts(db) }
                if let conflict = open.randomElement(using: &rng) {
                    if Bool.random(using: &rng) {
                        let taken = (try? store.takeConflict(conflict.number)) != nil
                        if taken { ledger.noteResolved(conflict) }
                        log.append(
                            "r\(index): conflicts take \(conflict.number) (\(conflict.what) of \(conflict.uid.prefix(8)))"
                                + (taken ? "" : " (refused)"))
                    } else {
                        try store.dismissConflict(conflict.number)
                        ledger.noteResolved(conflict)
                        log.append(
                            "r\(index): conflicts dismiss \(conflict.number) (\(conflict.what) of \(conflict.uid.prefix(8)))"
                        )
                    }
                    ledger.noteCommand(
                        on: index, before: valuesBefore, after: try SyncValueLedger.values(store), log.last!)
                    continue
                }
                if let step = try store.undoManager.history(limit: 6).filter({ !$0.isUndone }).randomElement(
                    using: &rng)
                {
                    let reverted = (try? store.undoManager.revert(step: step.number)) != nil
                    log.append("r\(index): undo --step \(step.number)\(reverted ? "" : " (refused)")")
                    ledger.noteCommand(
                        on: index, before: valuesBefore, after: try SyncValueLedger.values(store), log.last!,
                        restoring: true)
                    continue
                }
            }
            var ids: [ItemID] = []
            try store.walk { ids.append($0.id) }
            var command = RandomCommand.random(existing: ids, nextID: try store.largestID() + 1, using: &rng)
            // Every attribute too: a fifth of the commands set some on one or two items.
            if let id = ids.randomElement(using: &rng), Int.random(in: 0..<5, using: &rng) == 0 {
                let targets = Bool.random(using: &rng) ? [id] : [id, ids.randomElement(using: &rng)!]
                command = .set(targets, SetOptions.random(using: &rng))
            }
            log.append("r\(index): \(command)")
            switch command {
            case .undo(let steps): _ = try? store.undoManager.undo(steps: steps)
            case .redo(let steps): _ = try? store.undoManager.redo(steps: steps)
            default: _ = command.run(on: store)
            }
            let restoring: Bool
            switch command {
            case .undo, .redo: restoring = true
            default: restoring = false
            }
            ledger.noteCommand(
                on: index, before: valuesBefore, after: try SyncValueLedger.values(store), log.last!,
                restoring: restoring)
        }
        for _ in 0..<2 {
            for (index, store) in replicas.enumerated() {
                let before = try SyncValueLedger.values(store)
                _ = try store.sync()
                ledger.noteRound(
                    on: index, sent: true, before: before, after: try SyncValueLedger.values(store),
                    "r\(index): last sync")
            }
        }
        // An item a round took away was removed by some machine: the removal is in the log, or
        // (once the log was lost) it was in the commits the lost log held and a machine that
        // still had the item sent it again, so it is back (the price of losing the log).
        var unexplained = takenAway.subtracting(try Self.removedInLog(replicas[0]))
        if Self.losesTheLog(seed: seed) { unexplained.subtract(try Self.liveUIDs(replicas[0])) }
        #expect(unexplained.isEmpty, "taken away without a removal: \(unexplained.sorted()) after \(log)")
        // A machine that joins now starts from the last snapshot, if any, and holds the same.
        let newcomer = try OutlineStore(path: directory.file("new.db"))
        _ = try newcomer.startSyncing(with: remote)
        replicas.append(newcomer)
        let expected = try Self.canonical(replicas[0])
        for (index, store) in replicas.enumerated() {
            let lines = try Self.canonical(store)
            #expect(
                lines == expected,
                "replica \(index) differs: \(lines.filter { !expected.contains($0) }) where r0 holds \(expected.filter { !lines.contains($0) }) after \(log)"
            )
            let report = try store.check()
            #expect(report.isHealthy, "replica \(index): \(report.problems)")
            #expect(try store.syncStatus().pendingOperations == 0)
        }
        // Nothing typed is lost: every value written is in the outline, set aside, replaced by
        // a machine that showed it, or in a conflict taken or dismissed.
        let lost = ledger.lost(
            final: try SyncValueLedger.values(replicas[0]),
            open: try replicas[0].read { db in try SyncTables.listedConflicts(db) })
        #expect(lost.isEmpty, "values lost (seed \(seed)):\n\(lost.joined(separator: "\n"))\nafter \(log)")
    }
}
