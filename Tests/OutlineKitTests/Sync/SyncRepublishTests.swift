import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// `republishSyncLog` and the rounds after it: a remote that lost its log is started again from
/// one machine, and every other machine moves onto it without losing what it held.
@Suite struct SyncRepublishTests {
    typealias Fixture = SyncConvergenceTests

    /// The remote is replaced by an empty repository after the desktop sent an item the laptop
    /// never fetched. Both machines hold unsent edits of the same title. The laptop republishes;
    /// the desktop's next round moves onto the new log and sends its lost item and its edit; the
    /// laptop's value is set aside as a conflict, the same on both machines.
    @Test func aRepublishedLogKeepsWhatEveryMachineHeld() throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let plan = try laptop.add(["Plan", "Notes"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        try desktop.add(["Sent then lost"])
        _ = try desktop.sync()
        let desktopPlan = try desktop.children().first { $0.title == "Plan" }!.id
        try desktop.edit(desktopPlan, title: "Plan (desktop)")
        try laptop.edit(plan, title: "Plan (laptop)")
        try laptop.add(["Laptop's own"])

        try FileManager.default.removeItem(atPath: remote)
        _ = try Fixture.makeRemote(in: directory)
        #expect(throws: SyncFailure.remoteRewritten(remote: remote, lastCommit: try laptop.syncStatus().lastCommit!)) {
            try laptop.sync()
        }
        let published = try laptop.republishSyncLog()
        #expect(published.items == 3)
        #expect(published.sent == 2)
        #expect(throws: SyncFailure.republishNeedless(remote: remote, neverSynced: false)) {
            try laptop.republishSyncLog()
        }
        #expect(throws: SyncFailure.alreadyRepublished(remote: remote)) { try desktop.republishSyncLog() }

        let moved = try desktop.sync()
        #expect(moved.movedToRepublishedLog)
        #expect(moved.conflicts.map(\.setAside) == ["Plan (laptop)"])
        let back = try laptop.sync()
        #expect(!back.movedToRepublishedLog)
        let expected = [
            "1\tLaptop's own\topen\t\t{}", "1\tNotes\topen\t\t{}", "1\tPlan (desktop)\topen\t\t{}",
            "1\tSent then lost\topen\t\t{}",
            "conflict 1 title: Optional(\"Plan (desktop)\") / Optional(\"Plan (laptop)\")",
            "workflow none",
        ]
        let laptopLines = try Fixture.canonical(laptop)
        #expect(laptopLines.sorted() == expected, "\(laptopLines)")
        #expect(try Fixture.canonical(desktop).sorted() == expected)
        #expect(try laptop.conflicts().map(\.setAside) == ["Plan (laptop)"])
        #expect(try desktop.conflicts().map(\.number) == laptop.conflicts().map(\.number))
        #expect(try laptop.check().isHealthy)
        #expect(try desktop.check().isHealthy)
    }

    /// The republishing machine's open conflicts go with its snapshot, and a conflict another
    /// machine raised in the part of the log that was lost is raised again on the new log.
    @Test func openConflictsSurviveARepublish() throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let plan = try laptop.add(["Plan"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        let desktopPlan = try desktop.children()[0].id
        try laptop.edit(plan, title: "Laptop 1")
        _ = try laptop.sync()
        try desktop.edit(desktopPlan, title: "Desktop 1")
        // The desktop's round raises a conflict in the log; the laptop never fetches it.
        #expect(try desktop.sync().conflicts.count == 1)

        try FileManager.default.removeItem(atPath: remote)
        _ = try Fixture.makeRemote(in: directory)
        _ = try laptop.republishSyncLog()
        #expect(try desktop.sync().movedToRepublishedLog)
        _ = try laptop.sync()
        #expect(
            try Fixture.canonical(laptop) == [
                "workflow none", "1\tDesktop 1\topen\t\t{}",
                "conflict 1 title: Optional(\"Desktop 1\") / Optional(\"Laptop 1\")",
            ])
        #expect(try Fixture.canonical(desktop) == Fixture.canonical(laptop))
        #expect(try laptop.conflicts().map(\.setAside) == ["Laptop 1"])
        #expect(try desktop.conflicts().map(\.setAside) == ["Laptop 1"])
    }

    /// What another thread's `sync remote` found, handed back.
    final class FoundMove: @unchecked Sendable {
        var move: OutlineStore.RemoteMove?
        var error: Error?
    }

    /// `sync remote COPY` run while a round pushes waits for it, then compares the copy with
    /// the commit that round ended on: the copy lacks it, so the move is parted, and the next
    /// round sends it again (it compared with the commit before, and the next round was refused
    /// as a lost log).
    @Test func aRemoteMovedToWhileARoundPushesIsComparedWithThatRound() throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let plan = try laptop.add(["Plan"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let copy = directory.file("copy.git")
        try SyncFaultTests.git(["clone", "--quiet", "--bare", remote, copy])
        try laptop.edit(plan, title: "Plan 2")
        let path = laptop.path
        let found = FoundMove()
        let moved = DispatchSemaphore(value: 0)
        laptop.syncRoundWillPush = { _ in
            laptop.syncRoundWillPush = nil
            Thread {
                do {
                    found.move = try OutlineStore(path: path).moveSyncRemote(to: copy)
                } catch { found.error = error }
                moved.signal()
            }.start()
            // Long enough for the move to read the outline and wait on the round's lock.
            usleep(500_000)
        }
        #expect(try laptop.sync().sent == 1)
        moved.wait()
        #expect(found.error == nil)
        guard case .parted = found.move else {
            Issue.record("the move was \(String(describing: found.move))")
            return
        }
        let round = try laptop.sync()
        #expect(round.movedToCopiedLog && round.sent == 1)
        let joined = try OutlineStore(path: directory.file("joined.db"))
        _ = try joined.startSyncing(with: copy)
        #expect(try joined.children().map(\.title) == ["Plan 2"])
    }
}
