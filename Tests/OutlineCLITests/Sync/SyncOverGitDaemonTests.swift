import Foundation
import OutlineTestSupport
import Testing

/// The cases of SPEC's "Sync" over a `git daemon` on loopback (git://), as the path-remote
/// suites run them: a value changed on two machines set aside and taken, a compacted log joined
/// from its snapshot, a lost log started again, and a repository that is not an outline's left
/// alone. Soak tests: each starts a daemon.
@Suite("sync over git daemon", .tags(.soak), .enabled(if: Soak.isOn, Soak.skipped))
struct SyncOverGitDaemonTests: SyncMachines {
    let folder = TemporaryDirectory()

    /// A bare repository at the folder's `remote.git`, made anew.
    func freshRemote() throws {
        let path = folder.file("remote.git")
        try? FileManager.default.removeItem(atPath: path)
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", path])
    }

    /// The laptop's Plan and Notes, adopted by the desktop, over `url`.
    func twoMachines(_ url: String) throws -> (Machine, Machine) {
        let laptop = machine("laptop")
        let desktop = machine("desktop")
        try laptop.run(["add", "Plan", "Notes"])
        #expect(try laptop.run(["sync", "init", url]).status == 0)
        #expect(try desktop.run(["sync", "init", url]).status == 0)
        return (laptop, desktop)
    }

    @Test func aConflictIsSetAsideAndACompactedLogIsJoinedFromItsSnapshot() throws {
        try freshRemote()
        let daemon = try GitDaemon(serving: folder.path)
        defer { withExtendedLifetime(daemon) {} }
        let (laptop, desktop) = try twoMachines(daemon.url)
        try laptop.run(["edit", "Plan", "Plan (laptop)"])
        try desktop.run(["edit", "Plan", "Plan (desktop)"])
        #expect(try laptop.run(["sync"]).status == 0)
        let round = try desktop.run(["sync"])
        #expect(round.lines.contains { $0.hasPrefix("conflict 1: the title of /Plan (desktop)") }, "\(round)")
        #expect(try laptop.run(["sync"]).status == 0)
        for each in [laptop, desktop] {
            #expect(
                try each.run(["conflicts"]).stdout
                    == "1  /Plan (desktop)  title  \"Plan (desktop)\"  \"Plan (laptop)\"\n")
        }
        #expect(try laptop.run(["conflicts", "take", "1"]).status == 0)
        #expect(try laptop.run(["sync", "compact"]).lines.last == "wrote a snapshot of 2 items")
        try desktop.run(["add", "After the snapshot"])
        #expect(try desktop.run(["sync"]).status == 0)

        let newcomer = machine("newcomer")
        let joined = try newcomer.run(["sync", "init", daemon.url])
        #expect(joined.status == 0, "\(joined)")
        #expect(try newcomer.titles() == ["Plan (laptop)", "Notes", "After the snapshot"])
        #expect(try newcomer.run(["conflicts"]).stdout == "")
        // The history before the snapshot came too, over the network.
        #expect(!FileManager.default.fileExists(atPath: newcomer.database + ".sync/shallow"))
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try laptop.titles() == newcomer.titles())
        for each in [laptop, desktop, newcomer] { #expect(try each.run(["check"]).status == 0) }
    }

    @Test func aLostLogIsStartedAgainAndTheOtherMachineMovesOntoIt() throws {
        try freshRemote()
        let daemon = try GitDaemon(serving: folder.path)
        defer { withExtendedLifetime(daemon) {} }
        let (laptop, desktop) = try twoMachines(daemon.url)
        try desktop.run(["add", "Sent then lost"])
        #expect(try desktop.run(["sync"]).status == 0)
        try desktop.run(["edit", "Plan", "Plan (desktop)"])
        try laptop.run(["edit", "Plan", "Plan (laptop)"])
        try freshRemote()

        let before = try dump(laptop)
        let refused = try laptop.run(["sync"])
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.contains("run 'outline sync republish'"), "\(refused.stderr)")
        #expect(try dump(laptop) == before)
        let republished = try laptop.run(["sync", "republish"])
        #expect(republished.status == 0, "\(republished)")
        let moved = try desktop.run(["sync"])
        #expect(moved.status == 0, "\(moved)")
        #expect(moved.stdout.hasPrefix("the remote's log was started again on another machine"), "\(moved)")
        #expect(moved.stdout.contains("set aside \"Plan (laptop)\""), "\(moved)")
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try laptop.titles() == ["Plan (desktop)", "Notes", "Sent then lost"])
        #expect(try desktop.titles() == laptop.titles())
        #expect(try laptop.run(["conflicts", "--json"]).stdout == desktop.run(["conflicts", "--json"]).stdout)
    }

    @Test func aProjectAtTheAddressIsLeftAlone() throws {
        try freshRemote()
        let remote = folder.file("remote.git")
        let work = folder.file("project")
        try gitAsSomeone(["init", "--quiet", "-b", "main", work])
        try "# A project\n".write(toFile: work + "/README.md", atomically: true, encoding: .utf8)
        try gitAsSomeone(["add", "README.md"], in: work)
        try gitAsSomeone(["commit", "--quiet", "-m", "readme"], in: work)
        try gitAsSomeone(["push", "--quiet", remote, "main"], in: work)
        let head = try gitAsSomeone(["--git-dir=" + remote, "rev-parse", "main"]).stdout
        let daemon = try GitDaemon(serving: folder.path)
        defer { withExtendedLifetime(daemon) {} }

        let laptop = machine("laptop")
        try laptop.run(["add", "Plan"])
        let before = try dump(laptop)
        let refused = try laptop.run(["sync", "init", daemon.url])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: '\(daemon.url)' is not an outline remote"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try dump(laptop) == before)
        #expect(try gitAsSomeone(["--git-dir=" + remote, "rev-parse", "main"]).stdout == head)
        // A new file refused the same way is not left behind.
        let newcomer = machine("newcomer")
        #expect(try newcomer.run(["sync", "init", daemon.url]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: newcomer.database))
    }
}
