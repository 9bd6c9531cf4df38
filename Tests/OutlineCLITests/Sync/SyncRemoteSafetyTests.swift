import Foundation
import OutlineTestSupport
import Testing

/// Remotes an outline must not be tied to (SPEC, "Sync": a remote that holds something else than
/// an outline's log is refused and left alone; `sync remote` refuses another outline's remote),
/// end to end.
@Suite("sync: remotes that are not this outline's")
struct SyncRemoteSafetyTests: SyncMachines {
    let folder = TemporaryDirectory()

    /// A bare repository named `name` whose branch `branch` holds one commit of a README, as a
    /// project's repository does; its path.
    func projectRepository(_ name: String, branch: String) throws -> String {
        let path = folder.file(name)
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", branch, path])
        let clone = folder.file(name + "-clone")
        try gitAsSomeone(["clone", "--quiet", path, clone])
        try "my project\n".write(toFile: clone + "/README", atomically: true, encoding: .utf8)
        try gitAsSomeone(["add", "README"], in: clone)
        try gitAsSomeone(["commit", "--quiet", "-m", "readme"], in: clone)
        try gitAsSomeone(["push", "--quiet", "origin", "HEAD:" + branch], in: clone)
        return path
    }

    /// Every ref of a repository and what it points at: what "left alone" means.
    func refs(_ repository: String) throws -> String {
        try gitAsSomeone(["for-each-ref"], in: repository).stdout
    }

    @Test(arguments: ["master", "main"])
    func aProjectsRepositoryIsRefusedAndLeftAlone(branch: String) throws {
        let remote = try projectRepository("project.git", branch: branch)
        let before = try refs(remote)
        let laptop = machine("laptop")
        try laptop.run(["add", "Groceries"])
        let refused = try laptop.run(["sync", "init", remote])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: '\(remote)' is not an outline remote: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("its branch '\(branch)' holds commit "), "\(refused.stderr)")
        #expect(refused.stderr.contains("(\"readme\"), which outline did not write"))
        #expect(refused.stderr.hasSuffix("it was left alone, and the outline was not tied to it\n"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try refs(remote) == before)
        #expect(try laptop.run(["sync", "status"]).status != 0, "the outline is not tied")
        // A new database that the refused start would have filled is not left behind.
        let fresh = machine("fresh")
        #expect(try fresh.run(["sync", "init", remote]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: fresh.database))
        #expect(try refs(remote) == before)
    }

    /// A repository of tags alone: `fetch` takes branches, so it looked empty.
    @Test func aRemoteOfTagsIsRefusedAndLeftAlone() throws {
        let remote = try projectRepository("tags.git", branch: "work")
        try gitAsSomeone(["tag", "v1", "work"], in: remote)
        try gitAsSomeone(["update-ref", "-d", "refs/heads/work"], in: remote)
        let before = try refs(remote)
        #expect(before.contains("refs/tags/v1"))
        #expect(!before.contains("refs/heads/"))
        let laptop = machine("laptop")
        try laptop.run(["add", "Groceries"])
        let refused = try laptop.run(["sync", "init", remote])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not an outline remote: it holds 'refs/tags/v1'"), "\(refused.stderr)")
        #expect(try refs(remote) == before)
    }

    /// A tag beside the log (someone marked a commit) is harmless: a machine joins, as the
    /// machines already syncing go on (a new machine refused the remote).
    @Test func aTagBesideTheLogIsLeftAloneAndJoined() throws {
        let remote = folder.file("tagged.git")
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", remote])
        let laptop = machine("laptop")
        try laptop.run(["add", "Plan"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        try gitAsSomeone(["tag", "before-the-move", "main"], in: remote)
        try laptop.run(["add", "Milk"])
        #expect(try laptop.run(["sync"]).status == 0)
        let desk = machine("desk")
        let joined = try desk.run(["sync", "init", remote])
        #expect(joined.status == 0, "\(joined)")
        #expect(try desk.titles() == ["Plan", "Milk"])
        #expect(try refs(remote).contains("refs/tags/before-the-move"))
    }

    @Test func syncRemoteRefusesAnotherOutlinesRemoteAndFollowsAMovedOne() throws {
        let first = folder.file("first.git")
        let second = folder.file("second.git")
        for path in [first, second] { try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", path]) }
        let laptop = machine("laptop")
        try laptop.run(["add", "Groceries"])
        #expect(try laptop.run(["sync", "init", first]).status == 0)
        let desk = machine("desk")
        try desk.run(["add", "Work"])
        #expect(try desk.run(["sync", "init", second]).status == 0)

        let refused = try laptop.run(["sync", "remote", second])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: '\(second)' holds another outline's log: it lacks commit "))
        #expect(refused.stderr.hasSuffix("this outline still syncs with '\(first)'\n"))
        #expect(try laptop.run(["sync", "status"]).stdout.contains(first))
        #expect(try laptop.run(["sync"]).status == 0, "the first remote still serves")

        // An empty repository does not hold the log this outline synced.
        let empty = folder.file("empty.git")
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", empty])
        let emptyRefused = try laptop.run(["sync", "remote", empty])
        #expect(emptyRefused.status == 1)
        #expect(emptyRefused.stderr.hasPrefix("error: '\(empty)' is empty: it does not hold this outline's log"))

        // Someone's project on main is named as what it is, not as another outline.
        let onMain = try projectRepository("on-main.git", branch: "main")
        let projectRefused = try laptop.run(["sync", "remote", onMain])
        #expect(projectRefused.stderr.contains("is not an outline remote: its branch 'main' holds commit "))

        let project = try projectRepository("project.git", branch: "master")
        let notOutline = try laptop.run(["sync", "remote", project])
        #expect(notOutline.status == 1)
        #expect(notOutline.stderr.contains("is not an outline remote: its branch 'master' holds commit "))
        #expect(notOutline.stderr.hasSuffix("this outline still syncs with '\(first)'\n"))

        // The same repository, moved: followed, and the next round runs there.
        let moved = folder.file("moved.git")
        try gitAsSomeone(["clone", "--quiet", "--bare", first, moved])
        #expect(try laptop.run(["sync", "remote", moved]).status == 0)
        try laptop.run(["add", "Milk"])
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try gitAsSomeone(["log", "--oneline", "main"], in: moved).stdout.split(separator: "\n").count == 2)
    }

    /// The laptop and the desk synced with `old.git` (Plan, Groceries), and the desk moved to
    /// `copy.git`, a copy of it; the copy's path.
    func twoMachinesAndACopyTheDeskMovedTo() throws -> (Machine, Machine, String) {
        let old = folder.file("old.git")
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", old])
        let laptop = machine("laptop")
        let desk = machine("desk")
        try laptop.run(["add", "Plan", "Groceries"])
        #expect(try laptop.run(["sync", "init", old]).status == 0)
        #expect(try desk.run(["sync", "init", old]).status == 0)
        let copy = folder.file("copy.git")
        try gitAsSomeone(["clone", "--quiet", "--bare", old, copy])
        #expect(try desk.run(["sync", "remote", copy]).status == 0)
        return (laptop, desk, copy)
    }

    /// The others moved to a copy of the remote while the laptop went on syncing with the old
    /// one: `sync remote` to the copy is taken with a note, and the laptop's next round sends
    /// what it sent to the old copy again, settled against the others' rounds (it was refused
    /// as another outline's log, and the laptop was stranded).
    @Test func aMachineThatKeptSyncingWithTheOldCopyMovesToTheNewOne() throws {
        let (laptop, desk, copy) = try twoMachinesAndACopyTheDeskMovedTo()
        try desk.run(["add", "Desk idea"])
        try desk.run(["edit", "Plan", "Plan (desk)"])
        #expect(try desk.run(["sync"]).status == 0)
        try laptop.run(["add", "Laptop idea"])
        try laptop.run(["edit", "Plan", "Plan (laptop)"])
        #expect(try laptop.run(["sync"]).status == 0, "the old copy still takes its rounds")

        let moved = try laptop.run(["sync", "remote", copy])
        #expect(moved.status == 0, "\(moved)")
        #expect(moved.stderr.hasPrefix("note: '\(copy)' lacks this machine's last rounds"), "\(moved.stderr)")
        #expect(moved.stderr.split(separator: "\n").count == 1)
        #expect(
            try laptop.run(["sync", "status"]).stdout.contains("the remote's log lacks this machine's rounds after"))
        let round = try laptop.run(["sync"])
        #expect(round.status == 0, "\(round)")
        #expect(round.stdout.hasPrefix("this machine moved onto the remote's log, which lacked its last rounds"))
        try desk.run(["sync"])
        let titles = try laptop.titles()
        #expect(titles.contains("Laptop idea") && titles.contains("Desk idea"), "\(titles)")
        #expect(try desk.titles() == titles)
        // The two titles of Plan: one kept, the other set aside, on both machines.
        let conflicts = try desk.run(["conflicts"]).stdout
        #expect(conflicts.contains("Plan (laptop)") && conflicts.contains("Plan (desk)"), "\(conflicts)")
        #expect(try laptop.run(["conflicts"]).stdout == conflicts)
        #expect(try laptop.run(["check"]).status == 0)
        // The move is done: the next rounds are ordinary ones.
        try laptop.run(["add", "Later"])
        #expect(try laptop.run(["sync"]).status == 0)
        try desk.run(["sync"])
        #expect(try desk.titles() == laptop.titles())
    }

    /// A machine that only relayed others' rounds on the old copy moves last: what the first to
    /// move sent again for all it held is not sent a second time, so the later move and title
    /// the desk gave after seeing them stand (they were reverted on every machine, the title
    /// with a conflict, the move without a word). Its own change that the first to move
    /// carried is not sent again either; its change made after is.
    @Test func whatAMachineOnlyRelayedIsNotSentAgainWhenItMoves() throws {
        let (laptop, desk, copy) = try twoMachinesAndACopyTheDeskMovedTo()
        let phone = machine("phone")
        #expect(try phone.run(["sync", "init", folder.file("old.git")]).status == 0)
        try phone.run(["add", "Phone idea"])
        #expect(try phone.run(["sync"]).status == 0)
        try laptop.run(["mv", "Groceries", "--before", "Plan"])
        try laptop.run(["edit", "Plan", "Plan (laptop)"])
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try phone.run(["sync"]).status == 0, "the phone relays the laptop's round")
        #expect(try laptop.run(["sync", "remote", copy]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try desk.run(["sync"]).status == 0)
        #expect(try desk.titles() == ["Groceries", "Plan (laptop)", "Phone idea"])
        // Having seen the laptop's changes, the desk changes them again.
        try desk.run(["mv", "Groceries", "--after", "Phone idea"])
        try desk.run(["edit", "Plan (laptop)", "Plan (desk)"])
        #expect(try desk.run(["sync"]).status == 0)
        try phone.run(["add", "Phone later"])
        #expect(try phone.run(["sync", "remote", copy]).status == 0)
        let round = try phone.run(["sync"])
        #expect(round.status == 0, "\(round)")
        for machine in [laptop, desk, phone] { #expect(try machine.run(["sync"]).status == 0) }
        let expected = ["Plan (desk)", "Phone idea", "Groceries", "Phone later"]
        for machine in [laptop, desk, phone] {
            #expect(try machine.titles() == expected)
            #expect(try machine.run(["conflicts"]).stdout.isEmpty)
        }
    }

    /// The remote's HEAD pointed at a stale `main` while the log goes on on `trunk`: a round and
    /// `sync republish` are refused, naming the branch that holds the log and how to point HEAD
    /// back (it said the log was lost, and advised `sync republish`); once HEAD is back, rounds
    /// go on.
    @Test func aHeadPointedAtAStaleCopyOfTheLogIsNamed() throws {
        let remote = folder.file("moved-head.git")
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", remote])
        let laptop = machine("laptop")
        try laptop.run(["add", "Plan"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        let old = try gitAsSomeone(["rev-parse", "main"], in: remote).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try gitAsSomeone(["branch", "-m", "main", "trunk"], in: remote)
        try laptop.run(["add", "Milk"])
        #expect(try laptop.run(["sync"]).status == 0)
        try gitAsSomeone(["branch", "main", old], in: remote)
        try gitAsSomeone(["symbolic-ref", "HEAD", "refs/heads/main"], in: remote)
        try laptop.run(["add", "Eggs"])
        for command in [["sync"], ["sync", "republish"]] {
            let refused = try laptop.run(command)
            #expect(refused.status == 1)
            #expect(
                refused.stderr.hasPrefix(
                    "error: the branch 'main' that '\(remote)' names as its log (its HEAD) lacks commit"),
                "\(refused.stderr)")
            #expect(refused.stderr.contains("symbolic-ref HEAD refs/heads/trunk"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
        }
        try gitAsSomeone(["symbolic-ref", "HEAD", "refs/heads/trunk"], in: remote)
        #expect(try laptop.run(["sync"]).status == 0)
        let desk = machine("desk")
        #expect(try desk.run(["sync", "init", remote]).status == 0)
        #expect(try desk.titles() == ["Plan", "Milk", "Eggs"])
    }

    /// The remote's branch renamed (`main` to `trunk`, HEAD with it, as a host's "rename the
    /// default branch" does): every machine, and one that joins, follows it, and no second log
    /// is started on `main` beside it (it read as a lost log, and a new machine found the
    /// remote empty).
    @Test func aRenamedBranchIsFollowed() throws {
        let remote = folder.file("renamed.git")
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", remote])
        let laptop = machine("laptop")
        try laptop.run(["add", "Plan"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        try gitAsSomeone(["branch", "-m", "main", "trunk"], in: remote)
        try laptop.run(["add", "Milk"])
        let round = try laptop.run(["sync"])
        #expect(round.status == 0, "\(round)")
        let desk = machine("desk")
        #expect(try desk.run(["sync", "init", remote]).status == 0)
        #expect(try desk.titles() == ["Plan", "Milk"])
        try desk.run(["add", "Eggs"])
        #expect(try desk.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try laptop.titles() == ["Plan", "Milk", "Eggs"])
        #expect(try gitAsSomeone(["branch", "--format=%(refname:short)"], in: remote).stdout == "trunk\n")
        // A clone checks the log out.
        let clone = folder.file("renamed-clone")
        let cloned = try gitAsSomeone(["clone", "--quiet", remote, clone])
        #expect(cloned.stderr.isEmpty, "\(cloned.stderr)")
        #expect(FileManager.default.fileExists(atPath: clone + "/batch.json"))
        // With a second branch beside it, and then an old `main` pushed back, the log is still
        // the branch HEAD names: the machines sync there, and one that joins gets the outline
        // (every machine refused, and a new one joined empty and started a log on `main`).
        try gitAsSomeone(["branch", "other", "trunk"], in: remote)
        try laptop.run(["add", "Bread"])
        #expect(try laptop.run(["sync"]).status == 0)
        try gitAsSomeone(["branch", "main", "other"], in: remote)
        #expect(try desk.run(["sync"]).status == 0)
        let third = machine("third")
        #expect(try third.run(["sync", "init", remote]).status == 0)
        #expect(try third.titles() == ["Plan", "Milk", "Eggs", "Bread"])
        try third.run(["add", "Jam"])
        #expect(try third.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try laptop.titles() == ["Plan", "Milk", "Eggs", "Bread", "Jam"])
        #expect(
            try gitAsSomeone(["rev-parse", "main"], in: remote).stdout
                == gitAsSomeone(["rev-parse", "other"], in: remote).stdout)
    }

    /// The same, with the copy out of reach when the laptop moves to it: taken unchecked, and
    /// the next round, once it is back, moves onto its log (it refused, naming `sync republish`).
    @Test func aCopyOutOfReachWhenMovedToIsMovedOntoByTheNextRound() throws {
        let (laptop, desk, copy) = try twoMachinesAndACopyTheDeskMovedTo()
        try desk.run(["edit", "Plan", "Plan (desk)"])
        #expect(try desk.run(["sync"]).status == 0)
        try laptop.run(["edit", "Groceries", "Groceries (laptop)"])
        #expect(try laptop.run(["sync"]).status == 0)
        let away = folder.file("away.git")
        try FileManager.default.moveItem(atPath: copy, toPath: away)
        let moved = try laptop.run(["sync", "remote", copy])
        #expect(moved.status == 0)
        #expect(moved.stderr.contains("so what it holds was not checked"), "\(moved.stderr)")
        try FileManager.default.moveItem(atPath: away, toPath: copy)
        let round = try laptop.run(["sync"])
        #expect(round.status == 0, "\(round)")
        #expect(round.stdout.hasPrefix("this machine moved onto the remote's log, which lacked its last rounds"))
        try desk.run(["sync"])
        #expect(try desk.titles() == ["Plan (desk)", "Groceries (laptop)"])
        #expect(try laptop.titles() == desk.titles())
    }

    /// An old `main` pushed back beside the renamed log, holding one machine's last round but
    /// not the other's: both write to the branch HEAD names, and converge (they split for good,
    /// each writing to the branch that held its last round).
    @Test func machinesAgreeOnTheBranchAfterAnOldMainIsPushedBack() throws {
        let remote = folder.file("split.git")
        try gitAsSomeone(["init", "--quiet", "--bare", "-b", "main", remote])
        let laptop = machine("laptop")
        let desk = machine("desk")
        try laptop.run(["add", "Plan"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        #expect(try desk.run(["sync", "init", remote]).status == 0)
        try gitAsSomeone(["branch", "-m", "main", "trunk"], in: remote)
        let old = try gitAsSomeone(["rev-parse", "trunk"], in: remote).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try laptop.run(["add", "Milk"])
        #expect(try laptop.run(["sync"]).status == 0)
        try gitAsSomeone(["branch", "main", old], in: remote)
        try desk.run(["add", "Eggs"])
        #expect(try desk.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try desk.run(["sync"]).status == 0)
        #expect(try laptop.titles() == desk.titles())
        #expect(Set(try laptop.titles()) == ["Plan", "Milk", "Eggs"])
        #expect(try gitAsSomeone(["rev-parse", "main"], in: remote).stdout.hasPrefix(old))
    }
}
