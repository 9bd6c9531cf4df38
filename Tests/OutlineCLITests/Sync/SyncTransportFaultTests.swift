import Foundation
import OutlineTestSupport
import Testing

/// sync when the transport misbehaves: a server that takes the connection and never answers, a
/// round that waits for another's lock, a git child that a killed round left running, a remote
/// that cannot be written. Bounds are generous: the machine may be loaded, and no test asserts
/// speed, only that nothing waits for ever and that the user is told.
@Suite("sync transport faults")
struct SyncTransportFaultTests: TiedSyncMachine {
    let folder = TemporaryDirectory()

    /// `outline --db DATABASE ARGUMENTS` started and not waited for; standard error goes to a
    /// file, read while it runs.
    func start(_ machine: Machine, _ arguments: [String], environment: [String: String] = [:], stderr: String)
        throws -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: OutlineProcess.binary)
        process.arguments = ["--db", machine.database] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: stderr)
        try process.run()
        return process
    }

    /// Waits up to `seconds` for `condition`; whether it came true.
    func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    /// Whether process `pid` runs: it exists and is not a zombie (an orphan's zombie stays until
    /// whoever adopted it reaps it, and some containers' first process never does).
    func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
            let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.endIndex
        else { return false }
        return ![UInt8(ascii: "Z"), UInt8(ascii: "X")].contains(stat[close + 2])
    }

    /// A git:// server that takes the connection and never says a word: the kernel accepts the
    /// connection on the listening socket, and nobody reads or writes it.
    @Test func aServerThatNeverAnswersIsGivenUpOnAfterTheTimeout() throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let url = "git://127.0.0.1:\(listener.port)/remote.git"
        let environment = ["OUTLINE_SYNC_TIMEOUT": "2"]
        let (laptop, _) = try tiedMachine()
        // `sync remote` asks the new remote what it holds, and waits the same timeout for it.
        let moved = try OutlineProcess.run(
            ["--db", laptop.database, "sync", "remote", url], input: nil, environment: environment, timeout: 90)
        #expect(moved.status == 0)
        #expect(moved.stderr.hasPrefix("note: cannot reach '\(url)' now (it did not answer within 2 s)"), "\(moved)")
        let before = try dump(laptop)
        let round = try OutlineProcess.run(
            ["--db", laptop.database, "sync"], input: nil, environment: environment, timeout: 90)
        #expect(!round.timedOut, "sync hung on a server that never answers")
        #expect(round.status == 1, "\(round)")
        #expect(
            round.stderr
                == "error: cannot reach '\(url)': it did not answer within 2 s; nothing was lost, sync again later\n",
            "\(round)")
        #expect(try dump(laptop) == before)

        let fresh = machine("fresh")
        try fresh.run(["add", "Work"])
        let start = try OutlineProcess.run(
            ["--db", fresh.database, "sync", "init", url], input: nil, environment: environment, timeout: 90)
        #expect(!start.timedOut, "sync init hung on a server that never answers")
        #expect(
            start.stderr
                == "error: cannot reach '\(url)': it did not answer within 2 s; the outline was not tied to it; "
                + "run 'outline sync init REMOTE' again when it can be reached\n", "\(start)")
        #expect(try fresh.run(["sync", "status"]).status == 1)
    }

    /// A push into a local remote whose hook never ends: git push, the `git-receive-pack` it
    /// runs and the hook are all stopped at the timeout (git alone would leave the other two
    /// running), and the next round sends the change.
    @Test func aPushHeldByTheRemotesHookIsStoppedWithWhatItStarted() throws {
        let (laptop, remote) = try tiedMachine()
        let hookPID = folder.file("hook.pid")
        let hook = remote + "/hooks/pre-receive"
        try "#!/bin/sh\necho $$ > '\(hookPID)'\nsleep 60\n".write(toFile: hook, atomically: true, encoding: .utf8)
        #expect(chmod(hook, 0o755) == 0)
        let round = try OutlineProcess.run(
            ["--db", laptop.database, "sync"], input: nil, environment: ["OUTLINE_SYNC_TIMEOUT": "3"], timeout: 90)
        #expect(round.status == 1, "\(round)")
        #expect(
            round.stderr
                == "error: cannot reach '\(remote)': it did not answer within 3 s; nothing was lost, sync again later\n",
            "\(round)")
        let hookProcess = try #require(
            pid_t(
                String(decoding: FileManager.default.contents(atPath: hookPID) ?? Data(), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)), "the hook never ran")
        #expect(eventually(within: 30) { !isRunning(hookProcess) }, "the remote's hook still runs")
        try FileManager.default.removeItem(atPath: hook)
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(remote)': sent 1 change\n")
    }

    @Test func aTimeoutThatIsNotANumberOfSecondsIsRefused() throws {
        let (laptop, _) = try tiedMachine()
        let before = try dump(laptop)
        for value in ["abc", "0", "-3", "nan", "inf", "12s"] {
            for command in [["sync"], ["sync", "compact"]] {
                let refused = try OutlineProcess.run(
                    ["--db", laptop.database] + command, input: nil, environment: ["OUTLINE_SYNC_TIMEOUT": value])
                #expect(refused.status == 1, "\(value) \(command): \(refused)")
                #expect(
                    refused.stderr
                        == "error: OUTLINE_SYNC_TIMEOUT must be a number of seconds above 0 (such as 120 or 0.5), not '\(value)'\n",
                    "\(value) \(command): \(refused)")
            }
        }
        #expect(try dump(laptop) == before)
        let fresh = machine("fresh")
        let start = try OutlineProcess.run(
            ["--db", fresh.database, "sync", "init", folder.file("remote.git")], input: nil,
            environment: ["OUTLINE_SYNC_TIMEOUT": "soon"])
        #expect(start.status == 1, "\(start)")
        #expect(!FileManager.default.fileExists(atPath: fresh.database))
        // A fraction of a second is a number of seconds.
        #expect(
            try OutlineProcess.run(
                ["--db", laptop.database, "sync"], input: nil, environment: ["OUTLINE_SYNC_TIMEOUT": "30.5"]
            ).status == 0)
    }

    /// A round that finds another holding the lock says so, then waits for it, and runs.
    @Test func aRoundThatWaitsForAnothersLockSaysSo() throws {
        let (laptop, remote) = try tiedMachine()
        // This test holds the lock, as a round would.
        let lock = open(laptop.database + ".sync/outline-sync.lock", O_RDWR | O_CREAT, 0o644)
        try #require(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let errors = folder.file("waiter.err")
        let waiter = try start(laptop, ["sync"], stderr: errors)
        let said = {
            String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
        }
        let told = eventually(within: 60) { said().hasSuffix("\n") }
        #expect(told, "nothing said while waiting for the lock")
        #expect(
            said().wholeMatch(
                of: /another sync round of this outline( \(process \d+\))? holds its lock; waiting for it to finish\n/)
                != nil, "\(said())")
        // It waits rather than give up.
        #expect(waiter.isRunning)
        #expect(flock(lock, LOCK_UN) == 0)
        waiter.waitUntilExit()
        #expect(waiter.terminationStatus == 0, "\(said())")
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(remote)': nothing to bring or send\n")
    }

    /// A `git` first on PATH that runs the real one, but for `push` (or the command
    /// `$SLOWGIT_VERB` names) first writes its process id to `$SLOWPUSH_MARK` and sleeps
    /// `$SLOWPUSH` seconds: a push on a slow link.
    func slowGit() throws -> String {
        let bin = folder.file("slow-bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            for word in "$@"; do
                if [ "$word" = "${SLOWGIT_VERB:-push}" ] && [ -n "$SLOWPUSH" ]; then
                    echo $$ > "$SLOWPUSH_MARK.part" && mv "$SLOWPUSH_MARK.part" "$SLOWPUSH_MARK"
                    sleep "$SLOWPUSH"
                fi
            done
            exec /usr/bin/git "$@"

            """
        try script.write(toFile: bin + "/git", atomically: true, encoding: .utf8)
        #expect(chmod(bin + "/git", 0o755) == 0)
        return bin
    }

    /// A round killed (SIGKILL) while its `git push` runs leaves that git running. The next round
    /// finds it, says so, and waits for it to end before it fetches, so that it never reads the
    /// remote while the push it may hold is still on its way; no git of the killed round
    /// outlives the next round.
    @Test func aGitLeftRunningByAKilledRoundIsWaitedFor() throws {
        let (laptop, remote) = try tiedMachine()
        let bin = try slowGit()
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let mark = folder.file("push.pid")
        let killed = try start(
            laptop, ["sync"], environment: ["PATH": path, "SLOWPUSH": "8", "SLOWPUSH_MARK": mark],
            stderr: folder.file("killed.err"))
        let pushing = eventually(within: 60) { FileManager.default.fileExists(atPath: mark) }
        try #require(pushing, "the round never began to push")
        let child = try #require(
            pid_t(
                String(decoding: FileManager.default.contents(atPath: mark)!, as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        // Not Foundation's waitUntilExit, which here returned only once the orphaned git had
        // ended too: the process is dead once it is a zombie.
        kill(killed.processIdentifier, SIGKILL)
        #expect(eventually(within: 60) { !isRunning(killed.processIdentifier) })
        #expect(isRunning(child), "the killed round's git ended with it; the test proves nothing")

        let next = try OutlineProcess.run(
            ["--db", laptop.database, "sync"], input: nil, environment: ["PATH": path], timeout: 120)
        #expect(next.status == 0, "\(next)")
        #expect(
            next.stderr
                == "waiting for git (process \(child)), which a sync round that was cut short left running, "
                + "to finish (at most 120 s)\n", "\(next)")
        #expect(!isRunning(child), "the killed round's git still runs after the next round")
        // The push the killed round began went through once: the next round sent nothing again.
        let count = try OutlineProcess.run(
            ["-C", remote, "rev-list", "--count", "main"], input: nil, executable: "/usr/bin/git")
        #expect(count.stdout == "2\n", "\(count)")
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(remote)': nothing to bring or send\n")
        killed.waitUntilExit()
    }

    /// A `sync init` of a new file killed (SIGKILL) in the middle of its fetch leaves no
    /// database behind: the outline is built under a hidden name and linked into place at the
    /// end. The next `sync init`, refused or not, removes what the killed one left.
    @Test func aStartKilledWhileItJoinsLeavesNoDatabase() throws {
        let (laptop, remote) = try tiedMachine()
        try laptop.run(["sync"])
        let bin = try slowGit()
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let mark = folder.file("fetch.pid")
        let fresh = machine("fresh-join")
        let killed = try start(
            fresh, ["sync", "init", remote],
            environment: ["PATH": path, "SLOWPUSH": "3", "SLOWPUSH_MARK": mark, "SLOWGIT_VERB": "fetch"],
            stderr: folder.file("join.err"))
        let fetching = eventually(within: 60) { FileManager.default.fileExists(atPath: mark) }
        try #require(fetching, "the start never began to fetch")
        let folderPath = (fresh.database as NSString).deletingLastPathComponent
        let name = (fresh.database as NSString).lastPathComponent
        func joiningFiles() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folderPath).filter { $0.hasPrefix(".\(name).joining-") }
        }
        #expect(try !joiningFiles().isEmpty, "the start built no file aside; the test proves nothing")
        kill(killed.processIdentifier, SIGKILL)
        #expect(eventually(within: 60) { !isRunning(killed.processIdentifier) })
        #expect(!FileManager.default.fileExists(atPath: fresh.database), "the killed start left a database")
        // A start killed sooner leaves the file the joining file is made from (as
        // `DatabaseFile.create` names it); it goes too.
        let madeFrom = folderPath + "/..\(name).joining-0123abcd.new-1-2"
        #expect(FileManager.default.createFile(atPath: madeFrom, contents: Data()))
        #expect(FileManager.default.createFile(atPath: madeFrom + "-wal", contents: Data()))
        // A refused start takes away what the killed one left: its file and its cache.
        let refused = try OutlineProcess.run(
            ["--db", fresh.database, "sync", "init", folder.file("nowhere.git")], input: nil, timeout: 120)
        #expect(refused.status == 1)
        #expect(try joiningFiles().isEmpty)
        #expect(
            !FileManager.default.fileExists(atPath: madeFrom)
                && !FileManager.default.fileExists(atPath: madeFrom + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: fresh.database + ".sync"))

        let next = try OutlineProcess.run(["--db", fresh.database, "sync", "init", remote], input: nil, timeout: 120)
        #expect(next.status == 0, "\(next)")
        #expect(try fresh.run(["ls", "Groceries"]).stdout.contains("Milk"), "the second start did not join")
        #expect(try joiningFiles().isEmpty, "what the killed start left is still there")
        killed.waitUntilExit()
    }

    /// A refused start of a new file in folders that did not exist takes the folders away too.
    @Test func aRefusedStartIntoNewFoldersLeavesNoFolder() throws {
        let database = folder.file("new/deeper/outline.db")
        let refused = try OutlineProcess.run(
            ["--db", database, "sync", "init", folder.file("nowhere.git")], input: nil)
        #expect(refused.status == 1, "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("new")))
    }

    /// A `sync init` of an outline that holds items, killed (SIGKILL) while it pushes, leaves
    /// the outline tied with no round behind it. If another outline reaches the empty remote
    /// meanwhile, the next round refuses to mix the two, as the start would have, and unties
    /// the outline again (it merged them before).
    @Test func aStartKilledWhileItPushesDoesNotMixWithAnotherOutline() throws {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        try laptop.run(["add", "Mine"])
        let bin = try slowGit()
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let mark = folder.file("start-push.pid")
        let killed = try start(
            laptop, ["sync", "init", remote], environment: ["PATH": path, "SLOWPUSH": "4", "SLOWPUSH_MARK": mark],
            stderr: folder.file("start.err"))
        try #require(eventually(within: 60) { FileManager.default.fileExists(atPath: mark) }, "it never pushed")
        kill(killed.processIdentifier, SIGKILL)
        #expect(eventually(within: 60) { !isRunning(killed.processIdentifier) })
        let other = machine("other")
        try other.run(["add", "Theirs"])
        #expect(try other.run(["sync", "init", remote]).status == 0)

        let before = try laptop.titles()
        let round = try laptop.run(["sync"])
        #expect(round.status == 1)
        // After the line that says it waits for the killed start's git.
        #expect(
            round.stderr.split(separator: "\n").last?.hasPrefix(
                "error: this outline's 'sync init' was cut short before its first round ended, and another "
                    + "outline (1 item) reached '\(remote)' meanwhile; this one (1 item) was untied again") == true,
            "\(round)")
        #expect(try laptop.titles() == before)
        #expect(try laptop.run(["sync", "status"]).stderr.contains("does not sync with a remote yet"))
        #expect(try other.run(["sync"]).status == 0)
        #expect(try other.titles() == ["Theirs"])
        killed.waitUntilExit()
    }

    /// A read-only remote (its objects or its refs cannot be written) refuses the push; the
    /// error keeps git's reason. It said "unpacker error" for the one, and "other machines
    /// pushed first 20 times in a row" for the other, which it took for a race.
    @Test func aReadOnlyRemoteRefusesWithGitsReason() throws {
        let (laptop, remote) = try tiedMachine()
        let runner = try BadFileRunner.asAnotherUser(sharing: folder.path)
        if getuid() == 0 {
            // The files are the other user's, as they would be on their machine (git also refuses
            // a repository that belongs to someone else).
            let owned = try OutlineProcess.run(
                ["-R", "65534:65534", folder.path], input: nil, executable: "/bin/chown")
            #expect(owned.status == 0, "\(owned)")
        }
        func chmod(_ mode: String, _ path: String) throws {
            let changed = try OutlineProcess.run(["-R", mode, path], input: nil, executable: "/bin/chmod")
            #expect(changed.status == 0, "\(changed)")
        }
        let cases = [
            ("objects", "remote unpack failed: unable to create temporary object directory"),
            ("refs", "cannot lock ref 'refs/heads/main': Unable to create '"),
        ]
        /// The file, but for the number and commit of the last batch this machine wrote (a
        /// refused push keeps the number it used and its commit, since a push that failed on the
        /// way may still have landed: see `OwnBatches`), and for when the round ran and the step
        /// it covered (`sync status` says them).
        func dumpButTheBatchNumber() throws -> String {
            try dump(laptop).split(separator: "\n").filter {
                !$0.contains("'sequence'") && !$0.contains("'batch:") && !$0.contains("'last_round'")
                    && !$0.contains("'sent_through_step'")
            }
            .joined(separator: "\n")
        }
        for (part, reason) in cases {
            try chmod("a-w", remote + "/" + part)
            let before = try dumpButTheBatchNumber()
            let refused = try runner.run(["--db", laptop.database, "sync"])
            try chmod("u+w", remote + "/" + part)
            #expect(refused.status == 1, "\(part): \(refused)")
            #expect(
                refused.stderr.hasPrefix("error: '\(remote)' refused this machine's changes: \(reason)"),
                "\(part): \(refused)")
            #expect(refused.stderr.hasSuffix("; they are kept for the next sync\n"), "\(part): \(refused)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(part): \(refused)")
            #expect(try dumpButTheBatchNumber() == before, "\(part)")
        }
        #expect(try runner.run(["--db", laptop.database, "sync"]).stdout == "synced with '\(remote)': sent 1 change\n")
    }
}

/// A TCP socket on the loopback interface that listens and never accepts: the kernel completes
/// the connections, and nothing ever answers them.
final class SilentListener {
    private var descriptor: Int32
    let port: UInt16

    init() throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listening >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listening, socketAddress, length) == 0 && listen(listening, 16) == 0
                    && getsockname(listening, socketAddress, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(listening)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        descriptor = listening
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}
