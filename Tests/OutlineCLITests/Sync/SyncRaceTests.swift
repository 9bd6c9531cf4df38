import Foundation
import OutlineTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// sync with processes that race, die, and reach the remote over a network.
@Suite("sync races, kills and networks")
struct SyncRaceTests: SyncMachines {
    let folder = TemporaryDirectory()
    func joined(_ remote: String) throws -> (Machine, Machine) {
        let laptop = machine("laptop")
        let desktop = machine("desktop")
        try laptop.run(["add", "Inbox"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        #expect(try desktop.run(["sync", "init", remote]).status == 0)
        return (laptop, desktop)
    }

    func bareRemote() throws -> String {
        let remote = folder.file("remote.git")
        let made = try OutlineProcess.run(
            ["init", "--quiet", "--bare", remote], input: nil, executable: "/usr/bin/git")
        #expect(made.status == 0)
        return remote
    }

    /// Two machines sync at the same moment, and two rounds of one machine run at once beside
    /// its other commands: every round ends well, and nothing any of them added is lost.
    @Test(.tags(.soak), .enabled(if: Soak.isOn, Soak.skipped)) func roundsAtTheSameMomentFromTwoMachinesAndFromOne()
        throws
    {
        let (laptop, desktop) = try joined(try bareRemote())
        for round in 1...4 {
            try laptop.run(["add", "laptop \(round)", "--under", "Inbox"])
            try desktop.run(["add", "desktop \(round)", "--under", "Inbox"])
            let racers = [
                try start(laptop, ["sync"]), try start(desktop, ["sync"]), try start(desktop, ["sync"]),
                try start(laptop, ["add", "during \(round)"]),
            ]
            for racer in racers {
                racer.waitUntilExit()
                #expect(racer.terminationStatus == 0, "round \(round)")
            }
        }
        for _ in 0..<2 {
            try laptop.run(["sync"])
            try desktop.run(["sync"])
        }
        let titles = try laptop.titles()
        #expect(try desktop.titles() == titles)
        for round in 1...4 {
            #expect(titles.contains("  laptop \(round)") && titles.contains("  desktop \(round)"))
            #expect(titles.contains("during \(round)"))
        }
        #expect(try laptop.run(["check"]).status == 0 && desktop.run(["check"]).status == 0)
    }

    /// Records a push in flight, as a round killed after it began to push leaves it.
    static func noteAPushInFlight(_ machine: Machine) throws {
        let sqlite = try OutlineProcess.run(
            [machine.database, "INSERT INTO sync_config (name, value) VALUES ('pushing', '0123456789abcdef')"],
            input: nil, executable: "/usr/bin/sqlite3")
        #expect(sqlite.status == 0, "\(sqlite)")
    }

    /// A round killed after it began to push is recorded as pushing that commit until the next
    /// round finds it; status says so, since its count of changes to send may hold what was sent.
    @Test func statusSaysWhenTheLastRoundWasCutShort() throws {
        let (laptop, _) = try joined(try bareRemote())
        try laptop.run(["add", "Work"])
        try Self.noteAPushInFlight(laptop)
        let status = try laptop.run(["sync", "status"])
        #expect(
            status.lines.contains(
                "the last round was cut short, and what it sent may be counted below; 'outline sync' finishes it"),
            "\(status)")
        #expect(
            try laptop.run(["sync", "status", "--json"]).stdout.contains(
                #""last_round_unfinished":true,"round_running":false,"conflicts":0}"#))
        // The commit it was pushing never reached the remote: the next round sends the change.
        #expect(try laptop.run(["sync"]).stdout.hasSuffix("sent 1 change\n"))
        #expect(!(try laptop.run(["sync", "status"]).stdout.contains("cut short")))
    }

    /// While a round holds the lock, status says a round runs now, not that the last one was cut
    /// short (following that advice only waited on the lock).
    @Test func statusSaysWhenARoundRunsNow() throws {
        let (laptop, _) = try joined(try bareRemote())
        try laptop.run(["add", "Work"])
        try Self.noteAPushInFlight(laptop)
        // A round's lock, held as a round holds it (flock: another open of the file, the
        // status's, finds it taken).
        let lock = open(laptop.database + ".sync/outline-sync.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
        defer { close(lock) }
        let status = try laptop.run(["sync", "status"])
        #expect(
            status.lines.contains {
                $0.hasPrefix("a round runs now") && $0.hasSuffix(": what it sends may still be counted below")
            },
            "\(status)")
        #expect(!status.stdout.contains("cut short"))
        #expect(try laptop.run(["sync", "status", "--json"]).stdout.contains(#""round_running":true"#))
    }

    /// A round killed at any moment (SIGKILL) leaves the file sound; the next round finishes the
    /// work, and both machines end with every item either added.
    @Test(.tags(.soak), .enabled(if: Soak.isOn, Soak.skipped)) func aKilledRoundIsFinishedByTheNext() throws {
        let (laptop, desktop) = try joined(try bareRemote())
        var rng = SeededGenerator(seed: 16)
        var added: [String] = []
        for attempt in 1...12 {
            let title = "item \(attempt)"
            try (attempt.isMultiple(of: 2) ? laptop : desktop).run(["add", title, "--under", "Inbox"])
            added.append("  " + title)
            try laptop.run(["mv", "Inbox/item \(max(1, attempt - 1))", "--at", "1"])
            let victim = attempt.isMultiple(of: 3) ? desktop : laptop
            let process = try start(victim, ["sync"])
            usleep(useconds_t(Int.random(in: 0...250_000, using: &rng)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(try victim.run(["check"]).status == 0, "attempt \(attempt)")
        }
        for _ in 0..<2 {
            #expect(try laptop.run(["sync"]).status == 0)
            #expect(try desktop.run(["sync"]).status == 0)
        }
        let titles = try laptop.titles()
        #expect(try desktop.titles() == titles)
        #expect(Set(added).isSubset(of: Set(titles)), "\(titles)")
        #expect(titles.count == added.count + 1)
    }

    /// The remote is a `git daemon` on the loopback interface, reached as git://: a real network
    /// transport, not a path.
    @Test(.tags(.soak), .enabled(if: Soak.isOn, Soak.skipped)) func overTheNetworkThroughGitDaemon() throws {
        _ = try bareRemote()
        let daemon = try GitDaemon(serving: folder.path)
        defer { withExtendedLifetime(daemon) {} }
        let url = daemon.url
        let (laptop, desktop) = try joined(url)
        try desktop.run(["add", "Over the wire", "--under", "Inbox"])
        #expect(try desktop.run(["sync"]).stdout == "synced with '\(url)': sent 1 change\n")
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(url)': brought 1 change (1 added here)\n")
        #expect(try laptop.titles() == ["Inbox", "  Over the wire"])
    }
}
