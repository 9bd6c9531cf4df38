import Foundation
import OutlineTestSupport
import Testing

/// What an adversarial trial did to a shared remote (issue 30), end to end: a person commits to
/// it and merges with `git pull`, a round is killed while its push goes on, an outside edit
/// damages one machine's sync tables, and machines join while others sync.
@Suite("sync: a log that others touch")
struct SyncLogFaultTests: SyncMachines {
    let folder = TemporaryDirectory()
    func makeRemote() throws -> String {
        let path = folder.file("remote.git")
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", path])
        return path
    }

    /// The remote's last commit.
    func head(_ remote: String) throws -> String {
        try gitAsSomeone(["rev-parse", "main"], in: remote).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Three machines' outlines as ls --tsv titles, which must agree.
    func converged(_ machines: [Machine]) throws -> [String] {
        let titles = try machines[0].titles()
        for other in machines.dropFirst() { #expect(try other.titles() == titles, "\(other.database)") }
        return titles
    }

    /// Two `sync init` of one new file at once (a second trial found it): one adopts the
    /// remote's outline, the other is refused, and the refused one never removes the file the
    /// first filled, nor its sync cache.
    @Test func twoStartsOfOneNewFileAtOnceLeaveItTied() throws {
        let remote = try makeRemote()
        let a = machine("a")
        try a.run(["add", "A", "B", "C"])
        try a.run(["sync", "init", remote])
        for attempt in 1...3 {
            let joining = machine("joining\(attempt)")
            let starts = try (0..<2).map { _ in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: OutlineProcess.binary)
                process.arguments = ["--db", joining.database, "sync", "init", remote]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            for start in starts { start.waitUntilExit() }
            #expect(starts.map(\.terminationStatus).sorted() == [0, 1], "attempt \(attempt)")
            #expect(try joining.titles() == ["A", "B", "C"], "attempt \(attempt)")
            #expect(try joining.run(["sync"]).status == 0, "attempt \(attempt): still tied")
        }
    }

    /// `git init --bare` names `master` (git's default) as HEAD; the log goes to `main`. After
    /// `sync init`, a `git clone` of the remote checks the log out, without a warning.
    @Test func aCloneOfTheRemoteChecksOutTheLog() throws {
        let remote = folder.file("plain.git")
        try gitAsSomeone(["-c", "init.defaultBranch=master", "init", "--quiet", "--bare", remote])
        let a = machine("a")
        try a.run(["add", "Plan"])
        #expect(try a.run(["sync", "init", remote]).status == 0)
        let clone = folder.file("plain-clone")
        let cloned = try gitAsSomeone(["clone", remote, clone])
        #expect(!cloned.stderr.contains("warning"), "\(cloned.stderr)")
        #expect(FileManager.default.fileExists(atPath: clone + "/batch.json"))
        // The same through a file:// URL.
        let viaURL = folder.file("url.git")
        try gitAsSomeone(["-c", "init.defaultBranch=master", "init", "--quiet", "--bare", viaURL])
        let c = machine("c")
        try c.run(["add", "Plan"])
        #expect(try c.run(["sync", "init", "file://" + viaURL]).status == 0)
        #expect(try gitAsSomeone(["--git-dir=" + viaURL, "symbolic-ref", "HEAD"]).stdout == "refs/heads/main\n")
        // A HEAD that names a branch someone made is theirs: it is left alone. That branch,
        // the remote's only one, holds an outline's log: it is the log, whatever its name.
        let other = folder.file("other.git")
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", other])
        try gitAsSomeone(["--git-dir=" + other, "symbolic-ref", "HEAD", "refs/heads/notes"])
        try gitAsSomeone(["push", "--quiet", other, "HEAD:refs/heads/notes"], in: clone)
        let b = machine("b")
        #expect(try b.run(["sync", "init", other]).status == 0)
        #expect(try b.run(["ls", "--tsv"]).stdout.contains("\tPlan\t"))
        try b.run(["add", "Other"])
        #expect(try b.run(["sync"]).status == 0)
        #expect(try gitAsSomeone(["--git-dir=" + other, "symbolic-ref", "HEAD"]).stdout == "refs/heads/notes\n")
        #expect(try gitAsSomeone(["--git-dir=" + other, "branch", "--format=%(refname:short)"]).stdout == "notes\n")
    }

    /// `human-merge.sh`: someone commits a README to the remote and merges with `git pull`. Every
    /// machine refuses the log in one line that names the merge and says how to put the remote
    /// back, changes nothing, and after that repair all of them (and one that joins) converge.
    @Test func aMergeInTheRemoteIsRefusedUntilTheRemoteIsRepairedAsTheErrorSays() throws {
        let remote = try makeRemote()
        let a = machine("a")
        let b = machine("b")
        try a.run(["add", "A", "B", "C"])
        try a.run(["sync", "init", remote])
        try b.run(["sync", "init", remote])
        let clone = folder.file("clone")
        try gitAsSomeone(["clone", "--quiet", remote, clone])
        try a.run(["add", "X"])
        try a.run(["edit", "B", "B2"])
        try a.run(["sync"])
        try b.run(["sync"])
        try b.run(["add", "Y"])
        try b.run(["sync"])
        let outlineHead = try head(remote)
        try "hi\n".write(toFile: clone + "/README", atomically: true, encoding: .utf8)
        try gitAsSomeone(["add", "README"], in: clone)
        try gitAsSomeone(["commit", "--quiet", "-m", "readme"], in: clone)
        try gitAsSomeone(["pull", "--quiet", "--no-rebase", "--no-edit", "origin", "main"], in: clone)
        try gitAsSomeone(["push", "--quiet", "origin", "HEAD:main"], in: clone)

        let before = try a.titles()
        let refused = try a.run(["sync"])
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("which outline did not write (it is a merge of 2 commits)"), "\(refused)")
        let repair = "git -C '\(a.database).sync' push --force '\(remote)' \(outlineHead.prefix(12)):refs/heads/main"
        #expect(refused.stderr.hasSuffix(repair + "\n"), "\(refused.stderr)")
        #expect(try a.titles() == before)
        // A machine that joins keeps no cache to repair from: it is told to repair from another.
        let joining = machine("joining")
        let start = try joining.run(["sync", "init", remote])
        #expect(start.status == 1)
        #expect(
            start.stderr.hasSuffix(
                "put the remote's main back on outline's last commit from a machine that syncs with it (git -C "
                    + "'DATABASE.sync' push --force '\(remote)' \(outlineHead.prefix(12)):refs/heads/main), then run "
                    + "'outline sync init' again\n"), "\(start.stderr)")
        #expect(!FileManager.default.fileExists(atPath: joining.database))
        #expect(!FileManager.default.fileExists(atPath: joining.database + ".sync"))

        // The repair as the error gives it, run by a shell from anywhere.
        let repaired = try OutlineProcess.run(["-c", repair], input: nil, executable: "/bin/sh")
        #expect(repaired.status == 0, "\(repaired)")
        for machine in [a, b, a] { #expect(try machine.run(["sync"]).status == 0) }
        #expect(try joining.run(["sync", "init", remote]).status == 0)
        #expect(try converged([a, b, joining]) == ["A", "B2", "C", "X", "Y"])
    }

    /// A commit made on top of the log by hand (a README beside the batch, or an empty commit)
    /// is not read as a batch: its tree still holds the last batch, which would be replayed.
    @Test(arguments: ["a README", "an empty commit"])
    func aCommitThatIsNotABatchIsRefused(kind: String) throws {
        let remote = try makeRemote()
        let a = machine("a")
        try a.run(["add", "A"])
        try a.run(["sync", "init", remote])
        let clone = folder.file("clone")
        try gitAsSomeone(["clone", "--quiet", remote, clone])
        if kind == "a README" {
            try "hi\n".write(toFile: clone + "/README", atomically: true, encoding: .utf8)
            try gitAsSomeone(["add", "README"], in: clone)
            try gitAsSomeone(["commit", "--quiet", "-m", "readme"], in: clone)
        } else {
            try gitAsSomeone(["commit", "--quiet", "--allow-empty", "-m", "nothing"], in: clone)
        }
        try gitAsSomeone(["push", "--quiet", "origin", "HEAD:main"], in: clone)
        try a.run(["add", "B"])
        let refused = try a.run(["sync"])
        #expect(refused.status == 1)
        let reason = kind == "a README" ? "it holds other files than batch.json or snapshot.json" : "it changes no file"
        #expect(refused.stderr.contains("which outline did not write (\(reason))"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try a.run(["sync", "status"]).stdout.contains("1 change"), "B is still to send")
    }

    /// `poisoned-remote.sh`: an outside edit gives an item the root's global id. `check` names it;
    /// the machine's round refuses in one line before sending anything; every other machine,
    /// and one that joins, go on as before.
    @Test func aDamagedSyncTableIsNamedAndNeverReachesTheRemote() throws {
        let remote = try makeRemote()
        let a = machine("a")
        let b = machine("b")
        try a.run(["add", "A", "B", "C"])
        try a.run(["sync", "init", remote])
        try b.run(["sync", "init", remote])
        try b.run(["add", "b's work"])
        let edit = try OutlineProcess.run(
            [a.database, "UPDATE sync_uid SET uid = 'root' WHERE id = 2"], input: nil,
            executable: "/usr/bin/sqlite3")
        #expect(edit.status == 0)
        try a.run(["edit", "B", "B2"])
        let check = try a.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("sync: item 2 has the root's global id 'root'"), "\(check)")
        let before = try head(remote)
        let refused = try a.run(["sync"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: this outline's sync tables were changed outside outline: item 2 has the root's global "
                + "id 'root'; nothing was sent or changed; 'outline check' lists what is wrong\n")
        #expect(try head(remote) == before)
        #expect(try b.run(["sync"]).status == 0)
        let joining = machine("joining")
        #expect(try joining.run(["sync", "init", remote]).status == 0)
        #expect(try converged([b, joining]) == ["A", "B", "C", "b's work"])
    }

    /// `orphan-push.sh`: a round is killed while its `git push` still runs; the push lands after
    /// the next round has fetched. That round knows the batch as this machine's own: it is in
    /// the log once, and what the other machine did after it (a retitle, a removal) stands on
    /// both. A wrapper holds each `git push` at a gate the test opens, as a slow link would.
    @Test func aKilledRoundsPushThatLandsLateIsInTheLogOnce() throws {
        let remote = try makeRemote()
        let wrappers = folder.file("gated-git")
        try FileManager.default.createDirectory(atPath: wrappers, withIntermediateDirectories: true)
        let wrapper = wrappers + "/git"
        try """
        #!/bin/sh
        # Holds `git -C DIR push` until the file $PUSH_GATE exists; $PUSH_GATE.waiting says it waits.
        if [ "$1" = "-C" ] && [ "$3" = "push" ] && [ -n "$PUSH_GATE" ]; then
            touch "$PUSH_GATE.waiting"
            while [ ! -e "$PUSH_GATE" ]; do sleep 0.05; done
        fi
        exec /usr/bin/git "$@"
        """.write(toFile: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper, 0o755)
        let path = wrappers + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // Started with posix_spawn and waited for with waitpid: Foundation's Process stopped
        // starting processes after one was killed while the push it left running went on.
        func startSync(_ machine: Machine, gate: String) throws -> pid_t {
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = path
            environment["PUSH_GATE"] = gate
            let arguments = [OutlineProcess.binary, "--db", machine.database, "sync"]
            let argv = arguments.map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var pid = pid_t()
            let spawned = posix_spawn(&pid, OutlineProcess.binary, &actions, nil, argv, envp)
            try #require(spawned == 0, "posix_spawn: \(spawned)")
            return pid
        }
        /// The exit status of a process started above, once it ends.
        func exitStatus(_ pid: pid_t) -> Int32 {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
        /// Waits until `condition` holds, or `seconds` pass; whether it held.
        func waitUntil(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if try condition() { return true }
                usleep(50_000)
            }
            return try condition()
        }
        func open(_ gate: String) { FileManager.default.createFile(atPath: gate, contents: nil) }
        func batches() throws -> Int {
            Int(try gitAsSomeone(["rev-list", "--count", "main"], in: remote).stdout.dropLast())!
        }

        let r0 = machine("r0")
        let r1 = machine("r1")
        try r0.run(["add", "X", "Y"])
        try r0.run(["sync", "init", remote])
        try r1.run(["sync", "init", remote])
        try r0.run(["edit", "X", "A"])
        try r0.run(["add", "Z"])
        let first = folder.file("first-gate")
        let killed = try startSync(r0, gate: first)
        #expect(waitUntil(60) { FileManager.default.fileExists(atPath: first + ".waiting") }, "the first push started")
        kill(killed, SIGKILL)
        #expect(exitStatus(killed) == 128 + SIGKILL)
        // A commit made in the same second, of the same batch on the same parent, would be the
        // very same commit, and the fault would not show.
        sleep(1)
        // The next round fetches while the orphaned push waits, then the orphan lands.
        let second = folder.file("second-gate")
        let next = try startSync(r0, gate: second)
        _ = waitUntil(5) { FileManager.default.fileExists(atPath: second + ".waiting") }
        open(first)
        #expect(try waitUntil(60) { try batches() == 2 }, "the orphaned push landed")
        try r1.run(["sync"])
        try r1.run(["edit", "A", "B"])
        try r1.run(["rm", "Z"])
        try r1.run(["sync"])
        open(second)
        #expect(exitStatus(next) == 0)
        for _ in 0..<2 {
            try r0.run(["sync"])
            try r1.run(["sync"])
        }
        #expect(try converged([r0, r1]) == ["B", "Y"])
        #expect(try batches() == 3, "r0's first, r0's second, r1's")
    }

    /// Machines join while others sync and others join: those whose outline is empty adopt the
    /// remote's, those that hold items join only where they were first, and every other start
    /// is refused as `sync init` refuses two outlines. Nothing is mixed, and all that joined
    /// end with one outline.
    @Test func roundsBesideStartsOfOtherMachines() throws {
        let remote = try makeRemote()
        var rng = SeededGenerator(seed: 30)
        let founders = (1...3).map { machine("founder\($0)") }
        for (index, founder) in founders.enumerated() { try founder.run(["add", "Founder \(index + 1)'s"]) }
        let newcomers = (1...2).map { machine("newcomer\($0)") }
        let starts = try (founders + newcomers).map { try start($0, ["sync", "init", remote]) }
        for process in starts { process.waitUntilExit() }
        let statuses = starts.map(\.terminationStatus)
        #expect(statuses.prefix(3).filter { $0 == 0 }.count == 1, "one founder joins: \(statuses)")
        let joinedFounders = zip(founders, statuses).filter { $0.1 == 0 }.map(\.0)
        let refusedFounders = zip(founders, statuses).filter { $0.1 != 0 }.map(\.0)
        for (index, founder) in founders.enumerated()
        where refusedFounders.contains(where: { $0.database == founder.database }) {
            #expect(try founder.titles() == ["Founder \(index + 1)'s"])
            #expect(try founder.run(["sync", "status"]).status == 1, "left untied")
        }
        // Newcomers that raced ahead of every founder found an empty remote and joined with
        // nothing; the others adopted the founder's outline. Either way they sync now.
        var members = joinedFounders
        for (newcomer, status) in zip(newcomers, statuses.suffix(2)) {
            if status != 0 { #expect(try newcomer.run(["sync", "init", remote]).status == 0) }
            members.append(newcomer)
        }
        // Rounds of the members beside two more starts, one empty and one that holds items.
        let late = machine("late")
        let latecomer = machine("latecomer")
        try latecomer.run(["add", "Latecomer's"])
        for round in 1...3 {
            try members[Int.random(in: 0..<members.count, using: &rng)].run(["add", "round \(round)"])
            var racers = try members.map { try start($0, ["sync"]) }
            if round == 2 {
                racers.append(try start(late, ["sync", "init", remote]))
                racers.append(try start(latecomer, ["sync", "init", remote]))
            }
            for racer in racers { racer.waitUntilExit() }
            #expect(racers.prefix(members.count).allSatisfy { $0.terminationStatus == 0 }, "round \(round)")
            if round == 2 {
                #expect(racers[members.count].terminationStatus == 0, "an empty outline joins")
                #expect(racers[members.count + 1].terminationStatus == 1, "one that holds items is refused")
                members.append(late)
            }
        }
        for _ in 0..<2 { for member in members { #expect(try member.run(["sync"]).status == 0) } }
        let titles = try converged(members)
        #expect(titles.count == 4, "\(titles)")
        #expect(try latecomer.titles() == ["Latecomer's"])
        for member in members { #expect(try member.run(["check"]).status == 0) }
    }
}
