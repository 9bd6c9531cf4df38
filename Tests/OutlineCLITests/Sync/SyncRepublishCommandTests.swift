import Foundation
import OutlineTestSupport
import Testing

/// `outline sync republish` end to end, over a path remote: the remote loses its log (a new empty
/// repository at the same address, a force-push of an older commit), a round names it in one line,
/// one machine starts the log again, and the others move onto it keeping what they typed.
@Suite("sync republish")
struct SyncRepublishCommandTests: SyncMachines {
    let folder = TemporaryDirectory()

    /// A bare repository at the folder's `remote.git`, made anew; its path.
    func freshRemote() throws -> String {
        let path = folder.file("remote.git")
        try? FileManager.default.removeItem(atPath: path)
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", path])
        return path
    }

    /// Two machines on one remote: the laptop's Plan and Notes, adopted by the desktop.
    func twoMachines() throws -> (Machine, Machine, String) {
        let remote = try freshRemote()
        let laptop = machine("laptop")
        let desktop = machine("desktop")
        try laptop.run(["add", "Plan", "Notes"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        #expect(try desktop.run(["sync", "init", remote]).status == 0)
        return (laptop, desktop, remote)
    }

    /// The desktop sends an item, then the remote is replaced by an empty repository before the
    /// laptop fetches it; both machines retitle Plan without syncing. The laptop's round is
    /// refused in one line naming `sync republish`, with nothing changed; the laptop republishes;
    /// the desktop moves onto the new log, and every value typed is in the outline or set aside.
    @Test func aLostLogIsStartedAgainAndNothingTypedIsLost() throws {
        let (laptop, desktop, remote) = try twoMachines()
        try desktop.run(["add", "Sent then lost"])
        try desktop.run(["sync"])
        try desktop.run(["edit", "Plan", "Plan (desktop)"])
        try desktop.run(["note", "Notes", "a note typed on the desktop"])
        try laptop.run(["edit", "Plan", "Plan (laptop)"])
        _ = try freshRemote()

        let before = try dump(laptop)
        let refused = try laptop.run(["sync"])
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.hasPrefix("error: '\(remote)' does not hold commit "))
        #expect(
            refused.stderr.hasSuffix(
                "its log was lost or rewritten (a force-push, a new repository), or it is another repository; "
                    + "nothing was changed; to start the log again from this machine's outline, keeping what it has "
                    + "not sent, run 'outline sync republish' (if the remote moved instead, 'outline sync remote URL')\n"
            ))
        #expect(try dump(laptop) == before)

        let republished = try laptop.run(["sync", "republish"])
        #expect(republished.status == 0, "\(republished)")
        #expect(
            republished.stdout
                == "started the log at '\(remote)' again with 2 items, 1 change not sent before among them\n"
                + "the other machines move onto it with 'outline sync'\n")
        let again = try laptop.run(["sync", "republish"])
        #expect(again.status == 1)
        #expect(
            again.stderr
                == "error: '\(remote)' still holds this outline's log, so there is nothing to start again; "
                + "nothing was changed; 'outline sync' runs a round\n")
        let second = try desktop.run(["sync", "republish"])
        #expect(second.status == 1)
        #expect(second.stderr.hasPrefix("error: another machine has already started the log at '\(remote)' again"))

        let moved = try desktop.run(["sync"])
        #expect(moved.status == 0, "\(moved)")
        #expect(
            moved.stdout.hasPrefix(
                "the remote's log was started again on another machine ('sync republish'): this machine moved "
                    + "onto it and sends what it holds that the new log lacks\n"))
        #expect(
            moved.stdout.contains(
                "conflict 1: the title of /Plan (desktop): kept \"Plan (desktop)\", set aside \"Plan (laptop)\""),
            "\(moved)")
        #expect(try laptop.run(["sync"]).status == 0)
        let expected = ["Plan (desktop)", "Notes", "Sent then lost"]
        #expect(try laptop.titles() == expected)
        #expect(try desktop.titles() == expected)
        #expect(try laptop.run(["note", "Notes"]).stdout == "a note typed on the desktop\n")
        #expect(try laptop.run(["conflicts", "--json"]).stdout == desktop.run(["conflicts", "--json"]).stdout)
        #expect(try laptop.run(["conflicts"]).lines.count == 1)
        // A machine that joins the new log starts from the republished snapshot.
        let newcomer = machine("newcomer")
        #expect(try newcomer.run(["sync", "init", remote]).status == 0)
        #expect(try newcomer.titles() == expected)
        for each in [laptop, desktop, newcomer] { #expect(try each.run(["check"]).status == 0) }
    }

    /// Someone force-pushes the remote's branch back to an older commit: the round that no
    /// longer finds its last commit is refused; after a republish, the machine whose work was
    /// thrown away sends it again.
    @Test func aForcePushOfAnOlderCommitIsRepublished() throws {
        let (laptop, desktop, remote) = try twoMachines()
        let old = try gitAsSomeone(["--git-dir=" + remote, "rev-parse", "main"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try laptop.run(["add", "Laptop's"])
        try laptop.run(["sync"])
        try desktop.run(["sync"])
        try desktop.run(["add", "Desktop's"])
        try desktop.run(["sync"])
        try gitAsSomeone(["--git-dir=" + remote, "update-ref", "refs/heads/main", old])
        try laptop.run(["rm", "Notes"])
        let refused = try laptop.run(["sync"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("run 'outline sync republish'"))
        #expect(try laptop.run(["sync", "republish"]).status == 0)
        #expect(try desktop.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try laptop.titles() == ["Plan", "Laptop's", "Desktop's"])
        #expect(try desktop.titles() == laptop.titles())
    }

    /// A conflict taken before the log was lost: after moving onto the new log, `undo` of the
    /// take still finds its row and raises the conflict again, numbered alike on every machine
    /// (the new log numbers from its own count, which may be lower than the lost log's).
    @Test func aTakeBeforeTheLossIsUndoneAfterMovingOn() throws {
        let (laptop, desktop, remote) = try twoMachines()
        let phone = machine("phone")
        #expect(try phone.run(["sync", "init", remote]).status == 0)
        try phone.run(["edit", "Plan", "Plan (phone)"])
        try desktop.run(["rm", "Plan"])
        try desktop.run(["sync"])
        try phone.run(["sync"])
        try desktop.run(["sync"])
        #expect(try desktop.run(["conflicts", "take", "1"]).status == 0)
        try desktop.run(["sync"])
        try phone.run(["sync"])
        _ = try freshRemote()
        #expect(try laptop.run(["sync", "republish"]).status == 0)
        for each in [desktop, phone, laptop] { #expect(try each.run(["sync"]).status == 0) }
        let undone = try desktop.run(["undo"])
        #expect(undone.status == 0, "\(undone)")
        #expect(undone.stdout.hasPrefix("undone: conflicts take 1"))
        for each in [desktop, laptop, phone] { #expect(try each.run(["sync"]).status == 0) }
        for each in [laptop, desktop, phone] {
            #expect(try each.run(["conflicts"]).stdout == "1  /Plan (phone)  removed  removed  \"Plan (phone)\"\n")
        }
    }

    /// A log that ended with a snapshot of the same outline, started again with nothing new:
    /// the republished snapshot still changes its file (it names the commit it is written on),
    /// so the other machines read it rather than refuse a commit that changes nothing.
    @Test func aLogEndingInASnapshotIsRepublishedWithNothingNew() throws {
        let (laptop, desktop, remote) = try twoMachines()
        #expect(try laptop.run(["sync", "compact"]).status == 0)
        #expect(try desktop.run(["sync"]).status == 0)
        _ = try freshRemote()
        #expect(try laptop.run(["sync", "republish"]).status == 0)
        let republished = try gitAsSomeone(["--git-dir=" + remote, "show", "main:snapshot.json"]).stdout
        #expect(republished.contains("\"republished_after\": "))
        let round = try desktop.run(["sync"])
        #expect(round.status == 0, "\(round)")
        #expect(try desktop.titles() == ["Plan", "Notes"])
        let newcomer = machine("newcomer")
        #expect(try newcomer.run(["sync", "init", remote]).status == 0)
        #expect(try newcomer.titles() == ["Plan", "Notes"])
    }

    /// A machine that joins a compacted log fetches it from the snapshot on, then the history
    /// before it beside the rest of the join: its cache then holds the whole log. A history
    /// fetch that did not finish is done by the next round; while the remote is lost, such a
    /// machine cannot republish, says so in one line and changes nothing, and moves onto the
    /// log another machine republished.
    @Test func aMachineThatJoinsFromASnapshotFetchesTheHistoryBeforeIt() throws {
        let (laptop, desktop, remote) = try twoMachines()
        let first = try gitAsSomeone(["--git-dir=" + remote, "rev-list", "--max-parents=0", "main"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try laptop.run(["add", "Before the snapshot"])
        #expect(try laptop.run(["sync", "compact"]).status == 0)
        // Two commits after the snapshot: the newest commit is not it.
        try laptop.run(["add", "After the snapshot"])
        try laptop.run(["sync"])
        try desktop.run(["add", "From the desktop"])
        try desktop.run(["sync"])
        let newcomer = machine("newcomer")
        let cache = newcomer.database + ".sync"
        #expect(try newcomer.run(["sync", "init", remote]).status == 0)
        // The two items added last sit in the order their keys give, the same everywhere.
        let expected = try desktop.titles()
        #expect(
            Set(expected) == ["Plan", "Notes", "Before the snapshot", "After the snapshot", "From the desktop"])
        #expect(try newcomer.titles() == expected)
        #expect(!FileManager.default.fileExists(atPath: cache + "/shallow"))
        #expect(try gitAsSomeone(["--git-dir=" + cache, "cat-file", "-t", first]).stdout == "commit\n")

        // The history fetch cut short (as a killed join leaves it, with git's lock left behind):
        // the next round fetches it.
        try gitAsSomeone(["--git-dir=" + cache, "fetch", "--quiet", "--depth=1", remote, "+refs/heads/*:refs/sync/*"])
        #expect(FileManager.default.fileExists(atPath: cache + "/shallow"))
        #expect(FileManager.default.createFile(atPath: cache + "/shallow.lock", contents: Data()))
        #expect(try newcomer.run(["sync"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cache + "/shallow"))

        // Cut short again, and the remote lost before the next round: no republish from here.
        // (The laptop's last round saw the newcomer's last commit, which the log it republishes
        // then holds.)
        #expect(try laptop.run(["sync"]).status == 0)
        try gitAsSomeone(["--git-dir=" + cache, "fetch", "--quiet", "--depth=1", remote, "+refs/heads/*:refs/sync/*"])
        _ = try freshRemote()
        let before = try dump(newcomer)
        let refused = try newcomer.run(["sync", "republish"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: this machine joined '\(remote)' from a snapshot and holds the log only from there (the "
                + "history before it never arrived), so it cannot start that log again: run `outline sync republish` "
                + "on a machine that synced before the snapshot; nothing was changed\n")
        #expect(try dump(newcomer) == before)
        #expect(try laptop.run(["sync", "republish"]).status == 0)
        try newcomer.run(["add", "Typed on the newcomer"])
        #expect(try newcomer.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(Set(try laptop.titles()) == Set(expected + ["Typed on the newcomer"]))
        #expect(try newcomer.titles() == laptop.titles())
        for each in [laptop, newcomer] { #expect(try each.run(["check"]).status == 0) }
    }

    /// While the remote still holds the log, or before the outline ever synced, there is
    /// nothing to republish: refused, with nothing changed; --json says what a republish did.
    @Test func republishIsRefusedWhenThereIsNothingToStartAgain() throws {
        let (laptop, _, remote) = try twoMachines()
        let before = try dump(laptop)
        let refused = try laptop.run(["sync", "republish"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: '\(remote)' still holds this outline's log"))
        #expect(try dump(laptop) == before)
        _ = try freshRemote()
        let json = try laptop.run(["sync", "republish", "--json"])
        #expect(json.stdout == "{\"remote\":\"\(remote)\",\"items\":2,\"sent\":0,\"conflicts\":0}\n", "\(json)")
        let untied = machine("untied")
        try untied.run(["add", "X"])
        let notSetUp = try untied.run(["sync", "republish"])
        #expect(notSetUp.status == 1)
        #expect(notSetUp.stderr.hasPrefix("error: this outline does not sync with a remote yet"))
    }

    /// Someone's project pushed to the address where the log was: neither a round nor a
    /// republish touches it; both name it as what it is (a trial saw republish replace `main`).
    @Test func aProjectAtTheRemotesAddressIsLeftAlone() throws {
        let (laptop, _, remote) = try twoMachines()
        _ = try freshRemote()
        let project = folder.file("project")
        try gitAsSomeone(["init", "--quiet", "-b", "main", project])
        try "my work\n".write(toFile: project + "/README", atomically: true, encoding: .utf8)
        try gitAsSomeone(["add", "README"], in: project)
        try gitAsSomeone(["commit", "--quiet", "-m", "project readme"], in: project)
        try gitAsSomeone(["push", "--quiet", remote, "main"], in: project)
        let projectHead = try gitAsSomeone(["rev-parse", "main"], in: project).stdout
        let before = try dump(laptop)
        for command in [["sync"], ["sync", "republish"]] {
            let refused = try laptop.run(command)
            #expect(refused.status == 1, "\(command): \(refused)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
            #expect(refused.stderr.hasPrefix("error: '\(remote)' is not an outline remote: "), "\(refused.stderr)")
        }
        #expect(try gitAsSomeone(["--git-dir", remote, "rev-parse", "main"]).stdout == projectHead)
        #expect(try dump(laptop) == before)
    }

    /// Another outline's log at the address: a republish would destroy it, so it is refused.
    @Test func anotherOutlinesLogAtTheRemotesAddressIsLeftAlone() throws {
        let (laptop, _, remote) = try twoMachines()
        _ = try freshRemote()
        let other = machine("other")
        try other.run(["add", "Another outline"])
        #expect(try other.run(["sync", "init", remote]).status == 0)
        let otherHead = try gitAsSomeone(["--git-dir", remote, "rev-parse", "main"]).stdout
        let before = try dump(laptop)
        for command in [["sync"], ["sync", "republish"]] {
            let refused = try laptop.run(command)
            #expect(refused.status == 1, "\(command): \(refused)")
            #expect(refused.stderr.hasPrefix("error: '\(remote)' holds another outline's log"), "\(refused.stderr)")
        }
        #expect(try gitAsSomeone(["--git-dir", remote, "rev-parse", "main"]).stdout == otherHead)
        #expect(try dump(laptop) == before)
    }
}
