import Foundation
import Testing

/// A command that must wait for another process's lock says so on standard error within about
/// a second, and goes on waiting; one that meets no lock, or a short one, says nothing. From the
/// adversarial trial of issue 30: `ls` under a lock held in `sqlite3` waited in silence.
@Suite("Waiting for another process's lock")
struct LockWaitTests {
    let outline = OutlineProcess()

    init() throws {
        try outline.run(["add", "a", "b"])
    }

    var notice: String {
        "another process has database '\(outline.database)' locked; waiting for it (up to 120 seconds)\n"
    }

    /// A change waits for a write lock held in the sqlite3 shell for 2.5 s, says so once, and is
    /// made when the lock goes.
    @Test func aChangeThatWaitsSaysSoAndIsMade() throws {
        let holder = try LockHolder(outline.database, sql: "BEGIN IMMEDIATE; UPDATE item SET title = title;", for: 2.5)
        let result = try outline.run(["add", "c"])
        holder.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "3\n")
        #expect(result.stderr == notice)
    }

    /// A read waits for a connection in SQLite's exclusive locking mode, which keeps readers out
    /// even in WAL mode, and says so the same way.
    @Test func aReadThatWaitsSaysSo() throws {
        let holder = try LockHolder(
            outline.database, sql: "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE item SET title = title;",
            for: 2.5)
        let result = try outline.run(["ls", "--tsv"])
        holder.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.lines == ["1\t0\t1\t1\ta\t0", "2\t0\t2\t1\tb\t0"])
        #expect(result.stderr == notice)
    }

    /// The usual waits of concurrent commands, and no wait at all, print nothing.
    @Test func aShortWaitOrNoneSaysNothing() throws {
        let holder = try LockHolder(outline.database, sql: "BEGIN IMMEDIATE; UPDATE item SET title = title;", for: 0.3)
        let waited = try outline.run(["add", "c"])
        holder.finish()
        #expect(waited.status == 0 && waited.stderr == "", "\(waited)")
        let free = try outline.run(["add", "d"])
        #expect(free.status == 0 && free.stderr == "", "\(free)")
    }
}

/// A sqlite3 shell that holds a lock on a database for a while: it runs `sql` (which takes the
/// lock), sleeps, then commits. `init` returns once the lock is held.
private struct LockHolder {
    let process: Process

    init(_ database: String, sql: String, for seconds: Double) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let script =
            "{ printf '%s\\n' \"$1\"; sleep \"$2\"; printf 'COMMIT;\\n'; } | sqlite3 -cmd '.timeout 5000' \"$0\""
        process.arguments = ["-c", script, database, sql, String(seconds)]
        try process.run()
        // Ready once a write cannot start without waiting.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let probe = try OutlineProcess.run(
                ["-cmd", "PRAGMA busy_timeout = 0", database, "BEGIN IMMEDIATE; ROLLBACK;"], input: nil,
                executable: "/usr/bin/sqlite3")
            if probe.status != 0 { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("the sqlite3 shell did not take the lock")
    }

    /// Waits for the shell to commit and exit.
    func finish() { process.waitUntilExit() }
}
