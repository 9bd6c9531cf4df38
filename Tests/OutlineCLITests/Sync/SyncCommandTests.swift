import Foundation
import OutlineTestSupport
import Testing

/// `outline sync` end to end: machines are files in one folder, the remote a bare repository
/// (or a `git daemon` on loopback), and the faults are made the way they happen.
@Suite("sync through a git remote")
struct SyncCommandTests: SyncMachines {
    let folder = TemporaryDirectory()

    /// One machine's outline file.
    struct Machine {
        let database: String
        @discardableResult
        func run(_ arguments: [String], input: String? = nil) throws -> RunResult {
            try OutlineProcess.run(["--db", database] + arguments, input: input.map { Data($0.utf8) })
        }
        func titles() throws -> [String] {
            try run(["ls", "--tsv"]).lines.map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                return String(repeating: "  ", count: Int(fields[3])! - 1) + fields[4]
            }
        }
    }

    @discardableResult
    func git(_ arguments: [String], input: String? = nil) throws -> RunResult {
        let result = try OutlineProcess.run(
            arguments, input: input.map { Data($0.utf8) }, environment: ["GIT_TERMINAL_PROMPT": "0"],
            executable: "/usr/bin/git")
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        return result
    }

    /// A bare repository in the folder; its path.
    func makeRemote(_ name: String = "remote.git") throws -> String {
        let path = folder.file(name)
        try git(["init", "--quiet", "--bare", path])
        return path
    }

    /// Two machines joined to one remote, the first holding Groceries with Milk and Eggs.
    func twoMachines() throws -> (Machine, Machine, String) {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        let desktop = machine("desktop")
        try laptop.run(["add", "Groceries"])
        try laptop.run(["add", "Milk", "Eggs", "--under", "Groceries"])
        #expect(try laptop.run(["sync", "init", remote]).stdout == "synced with '\(remote)': sent 3 changes\n")
        let adopted = try desktop.run(["sync", "init", remote])
        #expect(adopted.stdout == "synced with '\(remote)': brought 3 changes (3 added here)\n", "\(adopted)")
        return (laptop, desktop, remote)
    }

    /// A second `sync compact` with nothing new writes no second, identical snapshot; a machine
    /// that joins afterwards starts from the snapshot and gets the whole outline.
    @Test func compactWritesASnapshotOnlyWhenTheLogGrew() throws {
        let (laptop, _, remote) = try twoMachines()
        func commits() throws -> Int {
            Int(
                try git(["-C", remote, "rev-list", "--count", "--all"]).stdout.trimmingCharacters(
                    in: .whitespacesAndNewlines))!
        }
        let first = try laptop.run(["sync", "compact"])
        #expect(first.stdout.hasSuffix("\nwrote a snapshot of 3 items\n"), "\(first)")
        let afterFirst = try commits()
        let second = try laptop.run(["sync", "compact"])
        #expect(second.status == 0)
        #expect(second.stdout.hasSuffix("\nthe log already ends with a snapshot of 3 items\n"), "\(second)")
        #expect(try commits() == afterFirst)
        try laptop.run(["add", "Work"])
        #expect(try laptop.run(["sync", "compact"]).stdout.hasSuffix("\nwrote a snapshot of 4 items\n"))
        #expect(try commits() == afterFirst + 2)
        let newcomer = machine("newcomer")
        try newcomer.run(["sync", "init", remote])
        #expect(try newcomer.titles() == ["Groceries", "  Milk", "  Eggs", "Work"])
    }

    @Test func initSendsOrAdoptsAndARoundBringsAndSends() throws {
        let (laptop, desktop, remote) = try twoMachines()
        #expect(try desktop.titles() == ["Groceries", "  Milk", "  Eggs"])
        try desktop.run(["edit", "Groceries/Milk", "Oat milk"])
        try laptop.run(["add", "Bread", "--under", "Groceries"])
        #expect(try desktop.run(["sync"]).stdout == "synced with '\(remote)': sent 1 change\n")
        let round = try laptop.run(["sync"])
        #expect(round.stdout == "synced with '\(remote)': brought 1 change (1 changed here), sent 1 change\n")
        #expect(try desktop.run(["sync"]).stdout == "synced with '\(remote)': brought 1 change (1 added here)\n")
        #expect(try laptop.titles() == desktop.titles())
        #expect(try laptop.titles() == ["Groceries", "  Oat milk", "  Eggs", "  Bread"])
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(remote)': nothing to bring or send\n")
        // Both machines name the item by the same global id.
        let here = try laptop.run(["show", "Groceries/Bread", "--json"]).stdout
        let there = try desktop.run(["show", "Groceries/Bread", "--json"]).stdout
        let uid = try #require(here.firstMatch(of: /"uid":"([0-9a-f]{32})"/)?.1)
        #expect(there.contains("\"uid\":\"\(uid)\""))
        #expect(try laptop.run(["check"]).status == 0)
        // An item moved within its list is a change here too (the round said "nothing changed
        // here"); its siblings, numbered again, are not counted.
        try desktop.run(["mv", "Groceries/Bread", "--before", "Groceries/Oat milk"])
        try desktop.run(["sync"])
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(remote)': brought 1 change (1 changed here)\n")
        #expect(try laptop.titles() == ["Groceries", "  Bread", "  Oat milk", "  Eggs"])
    }

    @Test func statusJSONAndTheReportOfWhatARoundBrought() throws {
        let (laptop, desktop, remote) = try twoMachines()
        try laptop.run(["done", "Groceries/Milk"])
        try desktop.run(["add", "Work"])
        let status = try laptop.run(["sync", "status"])
        #expect(status.stdout.hasPrefix("remote: \(remote)\nlast synced: commit "))
        // What waits, by the steps' names.
        #expect(
            status.stdout.hasSuffix("\n1 change to send; run 'outline sync'\n  done \"Milk\"\n"), "\(status.stdout)")
        let statusJSON = try laptop.run(["sync", "status", "--json"]).stdout
        #expect(
            statusJSON.contains(
                #""pending":1,"unsent_steps":["done \"Milk\""],"last_round_unfinished":false,"round_running":false,"conflicts":0}"#
            ),
            "\(statusJSON)")
        // Keys are snake case, as everywhere else (done_at).
        #expect(statusJSON.contains(#""last_commit":""#), "\(statusJSON)")
        try laptop.run(["sync"])
        let report = try desktop.run(["sync", "--json"])
        #expect(report.status == 0)
        #expect(report.stdout.hasPrefix(#"{"step":"#))
        #expect(report.stdout.contains(#""action":"sync: 1 changed""#), "\(report)")
        #expect(report.stdout.hasSuffix("}\n") && report.lines.count == 1)
        #expect(report.stdout.contains(#""type":"update""#))
        // Nothing brought: nothing printed.
        #expect(try desktop.run(["sync", "--json"]).stdout == "")
        // The sync's step is in the history, and undo passes over it to this machine's own.
        #expect(try desktop.run(["history"]).stdout.contains("sync: 1 changed"))
        #expect(try desktop.run(["undo"]).stdout == "undone: add \"Work\"\n")
        #expect(try desktop.run(["undo"]).stderr == "error: nothing to undo\n")
    }

    @Test func mistakesAreRefusedWithOneLineAndChangeNothing() throws {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        try laptop.run(["add", "Groceries"])
        let notSetUp = try laptop.run(["sync"])
        #expect(notSetUp.status == 1)
        #expect(
            notSetUp.stderr
                == "error: this outline does not sync with a remote yet; run 'outline sync init REMOTE' (a git URL, or the path of a bare repository)\n"
        )
        let missing = try laptop.run(["sync", "init", folder.file("nowhere.git")])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: cannot reach '\(folder.file("nowhere.git"))': "), "\(missing)")
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(try laptop.run(["sync", "status"]).status == 1)
        #expect(try laptop.run(["sync", "init"]).status == 64)
        #expect(try laptop.run(["sync", "init", ""]).status == 64)
        try laptop.run(["sync", "init", remote])
        let again = try laptop.run(["sync", "init", remote])
        #expect(again.stderr == "error: this outline already syncs with '\(remote)'; 'outline sync' runs a round\n")
        // A second outline with items of its own is not joined to a remote that has some.
        let other = machine("other")
        try other.run(["add", "Work"])
        let both = try other.run(["sync", "init", remote])
        #expect(both.status == 1)
        #expect(both.stderr.contains("both this outline (1 item) and the one at"), "\(both)")
        #expect(try other.run(["sync", "status"]).status == 1)
        #expect(try other.titles() == ["Work"])
    }

    @Test func aRelativeRemoteIsTheFolderItNamesFromHere() throws {
        _ = try makeRemote()
        let laptop = machine("laptop")
        try laptop.run(["add", "Groceries"])
        let result = try OutlineProcess.run(
            [
                "sh", "-c", "cd \"$0\" && \"$1\" --db laptop.db sync init ./remote.git", folder.path,
                OutlineProcess.binary,
            ],
            input: nil, viaShell: true)
        let remote = folder.file("remote.git").replacingOccurrences(of: "//", with: "/")
        #expect(result.stdout == "synced with '\(remote)': sent 1 change\n", "\(result)")
    }

    /// --db and --json may stand between sync and its own command, as before the first.
    @Test func globalOptionsMayStandBetweenSyncAndItsCommand() throws {
        let (laptop, _, remote) = try twoMachines()
        let status = try OutlineProcess.run(["sync", "--db", laptop.database, "--json", "status"], input: nil)
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout.hasPrefix("{\"remote\":\"\(remote)\""), "\(status)")
        let round = try OutlineProcess.run(["sync", "--db=\(laptop.database)", "run"], input: nil)
        #expect(round.stdout == "synced with '\(remote)': nothing to bring or send\n", "\(round)")
    }

    @Test func anUnreachableRemoteChangesNothingAndTheNextRoundSendsAll() throws {
        let (laptop, desktop, remote) = try twoMachines()
        try laptop.run(["add", "Bread", "--under", "Groceries"])
        try FileManager.default.moveItem(atPath: remote, toPath: remote + ".away")
        let before = try laptop.run(["ls", "--tsv"]).stdout
        let failed = try laptop.run(["sync"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("error: cannot reach '\(remote)': "))
        #expect(failed.stderr.hasSuffix("; nothing was lost, sync again later\n"))
        #expect(try laptop.run(["ls", "--tsv"]).stdout == before)
        try FileManager.default.moveItem(atPath: remote + ".away", toPath: remote)
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(remote)': sent 1 change\n")
        try desktop.run(["sync"])
        #expect(try desktop.titles() == laptop.titles())
    }

    @Test func aRefusedPushKeepsTheChangesAndStillBringsTheOthers() throws {
        let (laptop, desktop, remote) = try twoMachines()
        try desktop.run(["add", "Work"])
        try desktop.run(["sync"])
        try laptop.run(["add", "Bread", "--under", "Groceries"])
        let hook = remote + "/hooks/pre-receive"
        try "#!/bin/sh\necho 'the remote is read-only today' >&2\nexit 1\n".write(
            toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        let refused = try laptop.run(["sync"])
        #expect(refused.status == 1)
        #expect(refused.stdout == "synced with '\(remote)': brought 1 change (1 added here)\n", "\(refused)")
        #expect(
            refused.stderr
                == "error: '\(remote)' refused this machine's changes: the remote is read-only today; they are kept for the next sync\n",
            "\(refused)")
        #expect(try laptop.titles() == ["Groceries", "  Milk", "  Eggs", "  Bread", "Work"])
        // The refused round sent nothing: the step still waits, by name.
        let status = try laptop.run(["sync", "status"]).stdout
        #expect(status.contains("1 change to send; run 'outline sync'\n  add \"Bread\""), "\(status)")
        try FileManager.default.removeItem(atPath: hook)
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(remote)': sent 1 change\n")
        try desktop.run(["sync"])
        #expect(try desktop.titles() == laptop.titles())
    }

    /// A first round that cannot send leaves the outline untied: here the remote is a
    /// repository with a work tree, which refuses pushes to its checked-out branch. Then the
    /// remote moves, and `sync remote` follows it.
    @Test func aRefusedStartUntiesAndAMovedRemoteIsFollowed() throws {
        let laptop = machine("laptop")
        try laptop.run(["add", "Groceries"])
        let worktree = folder.file("worktree")
        try git(["init", "--quiet", "-b", "main", worktree])
        let refused = try laptop.run(["sync", "init", worktree])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: '\(worktree)' refused this machine's changes: "), "\(refused)")
        #expect(try laptop.run(["sync", "status"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: laptop.database + ".sync"))
        // A start that cannot reach its remote says the outline is not tied, not "sync again".
        let nowhere = folder.file("nowhere.git")
        let unreached = try laptop.run(["sync", "init", nowhere])
        #expect(unreached.status == 1)
        #expect(unreached.stderr.hasPrefix("error: cannot reach '\(nowhere)': "), "\(unreached)")
        #expect(
            unreached.stderr.hasSuffix(
                "; the outline was not tied to it; run 'outline sync init REMOTE' again when it can be reached\n"),
            "\(unreached)")
        #expect(try laptop.run(["sync", "status"]).status == 1)
        let remote = try makeRemote()
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        let moved = folder.file("moved.git")
        try FileManager.default.moveItem(atPath: remote, toPath: moved)
        try laptop.run(["add", "Work"])
        #expect(try laptop.run(["sync"]).status == 1)
        #expect(try laptop.run(["sync", "remote", moved]).stdout == "the outline now syncs with '\(moved)'\n")
        #expect(try laptop.run(["sync", "remote", moved, "--json"]).stdout == "{\"remote\":\"\(moved)\"}\n")
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(moved)': sent 1 change\n")
    }

    /// Siblings a sync added beside a step's items do not stop its undo (SPEC, "Sync": undo
    /// stays useful after a sync); a sync that changed the step's own items does, saying why.
    @Test func anUndoRefusedBecauseOfASyncSaysSo() throws {
        let (laptop, desktop, _) = try twoMachines()
        try laptop.run(["add", "Bread", "--under", "Groceries"])
        try laptop.run(["sync"])
        try desktop.run(["add", "Butter", "--under", "Groceries"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        let before = try laptop.titles()
        #expect(before.contains("  Butter") && before.contains("  Bread"))
        let undo = try laptop.run(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try laptop.titles() == before.filter { $0 != "  Bread" })
        #expect(try laptop.run(["check"]).status == 0)
        // Redone where it was added, beside the sibling the sync brought.
        #expect(try laptop.run(["redo"]).status == 0)
        #expect(Set(try laptop.titles()) == Set(before))
        #expect(try laptop.run(["check"]).status == 0)
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        // The desktop retitles the laptop's item: the laptop's undo of its edit is refused.
        try laptop.run(["edit", "Groceries/Bread", "Rye bread"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try desktop.run(["edit", "Groceries/Rye bread", "Sourdough"])
        try desktop.run(["sync"])
        try laptop.run(["sync"])
        let refused = try laptop.run(["undo"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: cannot undo edit \"Bread\" to \"Rye bread\": a sync has since changed its items; nothing was "
                + "changed; 'outline undo --step N' undoes an older step alone\n"
        )
    }

    @Test func aRewrittenRemoteIsRefusedAndABadLogEntryIsNamed() throws {
        let (laptop, desktop, remote) = try twoMachines()
        // Someone force-pushes a history that does not hold what the laptop synced.
        let work = folder.file("work")
        try git(["init", "--quiet", work])
        try "{}".write(toFile: work + "/batch.json", atomically: true, encoding: .utf8)
        try git(["-C", work, "add", "batch.json"])
        try git(["-C", work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "--quiet", "-m", "rewrite"])
        try git(["-C", work, "push", "--quiet", "--force", remote, "HEAD:refs/heads/main"])
        let before = try laptop.run(["ls", "--tsv"]).stdout
        let rewritten = try laptop.run(["sync"])
        #expect(rewritten.status == 1)
        #expect(rewritten.stderr.hasPrefix("error: '\(remote)' does not hold commit "))
        #expect(
            rewritten.stderr.hasSuffix(
                ", the last this outline synced: its log was lost or rewritten (a force-push, a new repository), "
                    + "or it is another repository; nothing was changed; to start the log again from this machine's "
                    + "outline, keeping what it has not sent, run 'outline sync republish' (if the remote moved "
                    + "instead, 'outline sync remote URL')\n"))
        #expect(try laptop.run(["ls", "--tsv"]).stdout == before)
        // A machine joining that remote meets the entry that is not a batch.
        let newcomer = machine("newcomer")
        let bad = try newcomer.run(["sync", "init", remote])
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("error: the remote's log cannot be read at commit "), "\(bad)")
        #expect(bad.stderr.contains(": it has no format; nothing was changed here; "), "\(bad)")
        _ = desktop
    }
}
