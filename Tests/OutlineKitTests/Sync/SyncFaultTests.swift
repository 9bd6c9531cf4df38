import Foundation
import GRDB
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// Faults an adversarial trial found in sync (issue 30): a push that lands after the next round
/// fetched, two `sync init` racing into one empty remote, hand-made snapshots, damaged sync
/// tables. Each once lost or mixed up what someone typed.
@Suite struct SyncFaultTests {
    typealias Fixture = SyncConvergenceTests
    struct Killed: Error {}

    /// Runs git with `arguments`; its status must be 0.
    static func git(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    /// A round is killed while its push still runs; the push lands only after the next round has
    /// fetched, and after another machine retitled and removed what it sent. The next round
    /// knows the batch as its own by replica and number, though its record of the push in
    /// flight was overwritten: it sends nothing twice, and the other machine's changes stand.
    @Test func aPushThatLandsAfterTheNextRoundFetchedIsNotSentAgain() throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let x = try laptop.add(["X", "Y"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        try laptop.edit(x, title: "A")
        try laptop.add(["Z"])

        var orphan = ""
        laptop.syncRoundWillPush = { commit in
            orphan = commit
            throw Killed()
        }
        #expect(throws: Killed.self) { try laptop.sync() }
        // A commit of the same batch on the same parent in the same second would be the very
        // same commit, and the fault would not show.
        sleep(1)
        // The next round fetches, then the orphan lands, and the desktop changes what it sent.
        laptop.syncRoundWillPush = { _ in
            laptop.syncRoundWillPush = nil
            let cache = laptop.syncCache
            try Self.git(["-C", cache, "push", "--quiet", remote, "\(orphan):refs/heads/main"])
            _ = try desktop.sync()
            let a = try desktop.children().first { $0.title == "A" }!
            let z = try desktop.children().first { $0.title == "Z" }!
            try desktop.edit(a.id, title: "B")
            try desktop.remove([z.id])
            _ = try desktop.sync()
        }
        let second = try laptop.sync()
        #expect(second.sent == 0)
        _ = try desktop.sync()
        #expect(try Fixture.canonical(laptop) == ["workflow none", "1\tB\topen\t\t{}", "1\tY\topen\t\t{}"])
        #expect(try Fixture.canonical(desktop) == Fixture.canonical(laptop))
        #expect(try laptop.check().isHealthy)
    }

    /// A database restored from a backup finds its own later batches in the log, numbered
    /// higher than any it remembers writing: it brings them, as another machine's, and numbers
    /// its next batch after them.
    @Test func aRestoredBackupBringsTheBatchesItSentAfterTheBackup() throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let path = directory.file("laptop.db")
        var laptop: OutlineStore? = try OutlineStore(path: path)
        try laptop!.add(["Plan"])
        _ = try laptop!.startSyncing(with: remote)
        laptop = nil
        let backup = directory.file("backup.db")
        try FileManager.default.copyItem(atPath: path, toPath: backup)
        laptop = try OutlineStore(path: path)
        try laptop!.add(["Sent after the backup"])
        _ = try laptop!.sync()
        laptop = nil
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: backup, toPath: path)
        let restored = try OutlineStore(path: path)
        _ = try restored.sync()
        #expect(try restored.children().map(\.title) == ["Plan", "Sent after the backup"])
        try restored.add(["After the restore"])
        #expect(try restored.sync().sent == 1)
        let joined = try OutlineStore(path: directory.file("joined.db"))
        _ = try joined.startSyncing(with: remote)
        #expect(try joined.children().map(\.title) == ["Plan", "Sent after the backup", "After the restore"])
    }

    /// A database copied to a second machine that syncs too: both write batches as the same
    /// replica, and their numbers collide. The copy's round, whose push lost to the original's
    /// batch of the same number, reads that batch as another machine's (its commit is not the
    /// one it noted), so the original's retitle is not undone by the copy's note.
    @Test func aCopiedDatabaseDoesNotTakeTheOriginalsBatchForItsOwn() throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let path = directory.file("laptop.db")
        var original: OutlineStore? = try OutlineStore(path: path)
        let x = try original!.add(["X"]).ids[0]
        _ = try original!.startSyncing(with: remote)
        original = nil
        try FileManager.default.copyItem(atPath: path, toPath: directory.file("copy.db"))
        let laptop = try OutlineStore(path: path)
        let copy = try OutlineStore(path: directory.file("copy.db"))
        try copy.setNote(x, to: "the copy's note")
        copy.syncRoundWillPush = { _ in
            copy.syncRoundWillPush = nil
            try laptop.edit(x, title: "X2")
            _ = try laptop.sync()
        }
        _ = try copy.sync()
        _ = try laptop.sync()
        #expect(try Fixture.canonical(copy) == ["workflow none", "1\tX2\topen\tthe copy's note\t{}"])
        #expect(try Fixture.canonical(laptop) == Fixture.canonical(copy))
    }

    /// Two `sync init` of outlines that both hold items, into one empty remote at once: the
    /// first to push joins; the second finds the remote no longer empty, refuses as `sync init`
    /// refuses two outlines, and is left untied, its items as they were.
    @Test func twoStartsIntoOneEmptyRemoteAtOnceDoNotMix() throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        try laptop.add(["Laptop's"])
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        try desktop.add(["Desktop's", "Second"])
        // The desktop starts while the laptop's first round is about to push.
        laptop.syncRoundWillPush = { _ in
            laptop.syncRoundWillPush = nil
            _ = try desktop.startSyncing(with: remote)
        }
        #expect(throws: SyncFailure.bothHoldItems(remote: remote, localItems: 1, remoteItems: 2)) {
            try laptop.startSyncing(with: remote)
        }
        #expect(throws: SyncFailure.notSetUp) { try laptop.syncStatus() }
        #expect(try laptop.children().map(\.title) == ["Laptop's"])
        let joined = try OutlineStore(path: directory.file("joined.db"))
        _ = try joined.startSyncing(with: remote)
        #expect(try joined.children().map(\.title) == ["Desktop's", "Second"])
    }

    /// Writes `snapshot` as a commit on the remote's main, as a person with push access could.
    static func pushSnapshot(_ snapshot: String, to remote: String, in directory: TemporaryDirectory) throws {
        let work = directory.file("hand-made")
        try Self.git(["clone", "--quiet", "--branch", "main", remote, work])
        try FileManager.default.removeItem(atPath: work + "/batch.json")
        try? FileManager.default.removeItem(atPath: work + "/snapshot.json")
        try snapshot.write(toFile: work + "/snapshot.json", atomically: true, encoding: .utf8)
        let identity = ["-c", "user.name=someone", "-c", "user.email=someone@example.com"]
        try Self.git(["-C", work, "add", "-A"])
        try Self.git(["-C", work] + identity + ["commit", "--quiet", "-m", "outline: hand-made snapshot"])
        try Self.git(["-C", work, "push", "--quiet", "origin", "HEAD:main"])
        try FileManager.default.removeItem(atPath: work)
    }

    static func snapshot(_ items: [(uid: String, parent: String, live: Bool)]) -> String {
        let lines = items.map { item in
            "{\"uid\": \"\(item.uid)\", \"parent\": \"\(item.parent)\", \"key\": \"m\", \"title\": \"\(item.uid)\", "
                + "\"done\": null, \"note\": null, \"live\": \(item.live)}"
        }
        return "{\"format\": 1, \"snapshot\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// A hand-made snapshot is held to the rules every batch leaves the log in: a cycle, a
    /// parent it does not hold, a live item under a removed one are refused, naming the commit,
    /// and a machine that joins is left untied.
    @Test(arguments: [
        ("a cycle", [("a", "b", true), ("b", "a", true)], "its snapshot holds a cycle"),
        ("a missing parent", [("a", "nowhere", true)], "its snapshot names a parent it does not hold"),
        ("a live item under a removed one", [("a", "root", false), ("b", "a", true)], "under a removed one"),
    ])
    func aHandMadeSnapshotThatIsNotATreeIsRefused(
        kind: String, items: [(String, String, Bool)], reason: String
    ) throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        try laptop.add(["First"])
        _ = try laptop.startSyncing(with: remote)
        try Self.pushSnapshot(
            Self.snapshot(items.map { (uid: $0.0, parent: $0.1, live: $0.2) }), to: remote, in: directory)
        let joining = try OutlineStore(path: directory.file("joining.db"))
        do {
            _ = try joining.startSyncing(with: remote)
            Issue.record("a snapshot with \(kind) was taken")
        } catch let SyncFailure.badLog(_, said) {
            #expect(said.contains(reason), "\(said)")
        }
        #expect(throws: SyncFailure.notSetUp) { try joining.syncStatus() }
        #expect(throws: SyncFailure.self) { try laptop.sync() }
        #expect(try laptop.children().map(\.title) == ["First"])
    }

    /// A snapshot that leaves out an item the log before it holds would remove it from every
    /// machine without a word: a machine that knows the log refuses it.
    @Test func aSnapshotThatLeavesOutALiveItemIsRefused() throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        try laptop.add(["Kept", "Left out"])
        _ = try laptop.startSyncing(with: remote)
        let kept = try #require(try laptop.globalID(of: try laptop.children()[0].id))
        try Self.pushSnapshot(Self.snapshot([(kept, "root", true)]), to: remote, in: directory)
        do {
            _ = try laptop.sync()
            Issue.record("a snapshot that leaves out a live item was taken")
        } catch let SyncFailure.badLog(_, said) {
            #expect(said == "its snapshot leaves out 1 live item of the log before it, \"Left out\" among them")
        }
        #expect(try laptop.children().map(\.title) == ["Kept", "Left out"])
    }

    /// An outside edit gives an item the root's global id, or takes its global id away: `check`
    /// names it, and a round refuses before it sends anything, so the remote stays usable by
    /// every other machine.
    @Test(arguments: [
        ("UPDATE sync_uid SET uid = 'root' WHERE id = 2", "sync: item 2 has the root's global id 'root'"),
        ("DELETE FROM sync_uid WHERE id = 2", "sync: item 2 has no global id"),
        ("UPDATE sync_uid SET uid = '' WHERE id = 2", "sync: item 2 has an empty global id"),
        (
            "UPDATE sync_uid SET uid = 'zzzz' WHERE id = 2",
            "sync: item 2 has a global id that outline does not make, 'zzzz'"
        ),
        ("UPDATE sync_base SET key = ''", "sync: the log's copy of item"),
        (
            "UPDATE sync_config SET value = '--output=x' WHERE name = 'last_commit'",
            "sync: the last commit synced '--output=x' is not a commit id"
        ),
    ])
    func damagedSyncTablesAreNamedAndNothingIsSent(edit: String, problem: String) throws {
        let directory = TemporaryDirectory()
        let remote = try Fixture.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let ids = try laptop.add(["A", "B", "C"]).ids
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        try laptop.write { db in try db.execute(sql: edit) }
        try laptop.edit(ids[1], title: "B2")
        #expect(try laptop.check().problems.map(\.description).contains { $0.hasPrefix(problem) })
        #expect(throws: SyncFailure.self) { try laptop.sync() }
        try desktop.add(["Desktop's"])
        #expect(try desktop.sync().sent == 1)
        let joined = try OutlineStore(path: directory.file("joined.db"))
        _ = try joined.startSyncing(with: remote)
        #expect(try joined.children().map(\.title) == ["A", "B", "C", "Desktop's"])
    }

    /// The writer reads its batch back by the readers' rules before it pushes.
    @Test func aBatchThatReadersRefuseIsNeverWritten() throws {
        let batch = SyncBatch(replica: "r", sequence: 1, operations: [.setTitle(uid: SyncTree.rootUID, title: "x")])
        #expect(throws: SyncFailure.unsendable(reason: "operation 1: an operation on the root")) {
            try batch.requireReadable()
        }
        let sound = SyncBatch(replica: "r", sequence: 2, operations: [.setTitle(uid: "abc", title: "x")])
        try sound.requireReadable()
        #expect(try SyncBatch.decoded(sound.encoded()).sequence == 2)
    }

    /// The commit a moving machine's batch carries reads back; one that is not a commit id (git
    /// would read `--upload-pack=…` as an option) makes the batch unreadable.
    @Test func aBatchCarriesOnlyACommitID() throws {
        let carrying = SyncBatch(
            replica: "r", sequence: 1, carries: "0123abcdef", operations: [.setTitle(uid: "abc", title: "x")])
        try carrying.requireReadable()
        #expect(try SyncBatch.decoded(carrying.encoded()).carries == "0123abcdef")
        let text = String(decoding: carrying.encoded(), as: UTF8.self)
            .replacingOccurrences(of: "0123abcdef", with: "--upload-pack=touch x")
        let refused = #expect(throws: SyncLogError.self) { try SyncBatch.decoded(Data(text.utf8)) }
        #expect(refused?.reason == "its carries is not a commit id")
    }
}
