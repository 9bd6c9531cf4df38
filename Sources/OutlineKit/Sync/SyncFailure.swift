import Foundation

/// Every way a sync round, or setting one up, can be refused or fail.
///
/// Sync's own errors, beside the core's `OutlineError`: the core names no sync table, and its
/// errors no sync setting. The messages follow `OutlineError`'s rules: short, lowercase, one
/// line, in the library's terms (a front end adds which command to run).
public enum SyncFailure: Error, Equatable, Sendable {
    /// A sync command on an outline that has no remote yet.
    case notSetUp
    /// `sync init` on an outline that already syncs.
    case alreadySetUp(remote: String)
    /// `sync init` where both this outline and the remote's hold items.
    case bothHoldItems(remote: String, localItems: Int, remoteItems: Int)
    /// A round of an outline whose `sync init` was cut short before its first round ended,
    /// where another outline reached the remote meanwhile: the outline is untied again.
    case startCutShort(remote: String, localItems: Int, remoteItems: Int)
    /// git is not installed.
    case gitMissing
    /// The remote could not be fetched from or pushed to; git's own words.
    case unreachable(remote: String, reason: String)
    /// The first round with a remote could not reach it; the outline was left untied to it.
    case startUnreachable(remote: String, reason: String)
    /// A remote that begins with `-`, which git would read as one of its options (one of them,
    /// `--upload-pack`, runs a command): given to `sync init` or `sync remote`, or read from the
    /// file (`stored`), which may come from anywhere.
    case remoteIsAnOption(remote: String, stored: Bool)
    /// A commit id the file stores for sync (`what`: which one, in words) that is not a commit
    /// id: the file was changed outside outline, and git must not read the value as an option.
    case storedValueNotACommit(what: String, value: String)
    /// The remote was reached but refused the push (a hook, a repository that is not bare, a
    /// permission); the remote's words.
    case pushRefused(remote: String, reason: String)
    /// A git command failed; what outline was doing, and git's words.
    case gitFailed(action: String, reason: String)
    /// A commit of the remote's log does not hold a batch outline can read.
    case badLog(commit: String, reason: String)
    /// A commit of the remote's log that outline did not write (a file committed by hand, a
    /// merge made by `git pull`): why it is not outline's, and the newest commit outline wrote,
    /// where the remote's branch (`branch`) can be put back from the sync cache (nil when a
    /// failed start removed it).
    case foreignCommit(
        remote: String, branch: String, cache: String?, commit: String, subject: String, reason: String,
        lastOutlineCommit: String?)
    /// The sync tables were changed outside outline: the first problem `check` names there, and
    /// how many it finds.
    case tablesDamaged(problem: String, count: Int)
    /// This machine's batch breaks a rule every reader of the log holds to: it is not sent.
    case unsendable(reason: String)
    /// The remote's history no longer holds the last commit this outline synced (a force-push).
    case remoteRewritten(remote: String, lastCommit: String)
    /// The branch the remote's HEAD names (`branch`) lacks the last commit this outline
    /// synced, which another branch holds (`holding`): someone pointed HEAD at a stale copy of
    /// the log. Following it would lose rounds, and `sync republish` would replace the log.
    case logOnAnotherBranch(remote: String, branch: String, holding: String, lastCommit: String)
    /// `sync republish` where there is nothing to start again: the remote holds this outline's
    /// log (or this outline never synced, and a round sends it).
    case republishNeedless(remote: String, neverSynced: Bool)
    /// `sync republish` after another machine started the log again: a round moves onto it.
    case alreadyRepublished(remote: String)
    /// `sync republish` on a machine whose sync cache no longer holds the log it synced, up to
    /// `lastCommit`: the log cannot be started again from its history.
    case republishWithoutHistory(remote: String, lastCommit: String)
    /// `sync republish` on a machine that joined from a snapshot and never fetched the log's
    /// history before it: git refuses to send a log whose start it does not hold.
    case republishFromPartialHistory(remote: String)
    /// Every push lost the race to other machines' pushes.
    case keptLosingRace(remote: String, attempts: Int)
    /// A remote given to `sync init` or `sync remote` that holds something else than an
    /// outline's log (a branch or a commit outline did not write): why, and the remote the
    /// outline still syncs with (nil for `sync init`, which leaves it untied).
    case notAnOutlineRemote(remote: String, reason: String, stillSyncingWith: String?)
    /// A remote given to `sync remote` whose log lacks the last commit this outline synced: it
    /// holds another outline's log, or a rewritten one.
    case anotherOutlinesRemote(remote: String, lastCommit: String, stillSyncingWith: String)
    /// A remote given to `sync remote` that holds no log, for an outline that has synced: every
    /// round there would be refused.
    case emptyRemote(remote: String, lastCommit: String, stillSyncingWith: String)
    /// `conflicts take` or `dismiss` of a number no open conflict has here.
    case unknownConflict(number: Int, open: [Int])
    /// `conflicts take` of a value of an item removed here since.
    case conflictItemGone(number: Int, title: String)
}

extension SyncFailure {
    /// A count of items in words: `1 item`, `3 items`.
    private static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

    /// git's message in one line: what the remote said (its `remote:` lines, joined), else what
    /// ssh said (the line before git's "Could not read from remote repository"), else git's
    /// `fatal:` or `error:` line, else the first; without a closing full stop.
    static func gitWords(_ stderr: String) -> String {
        let lines = stderr.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let remote = lines.filter { $0.hasPrefix("remote: ") }
            .map { $0.dropFirst(8).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var chosen: String
        if !remote.isEmpty {
            chosen = remote.joined(separator: " ")
        } else {
            // ssh's own reason comes before git's "Could not read from remote repository".
            let beforeGit = lines.prefix { !$0.hasPrefix("fatal: Could not read from remote repository") }
            let sshReason = beforeGit.count < lines.count ? beforeGit.first : nil
            chosen =
                sshReason ?? lines.first { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") } ?? lines.first
                ?? "git failed"
            for prefix in ["fatal: ", "error: "] where chosen.hasPrefix(prefix) {
                chosen = String(chosen.dropFirst(prefix.count))
            }
        }
        while chosen.hasSuffix(".") { chosen.removeLast() }
        return chosen
    }
}

extension SyncFailure: LocalizedError {
    /// The one-line message, for code that reads errors through `LocalizedError`.
    public var errorDescription: String? { message }

    /// The one-line message, without the `error: ` prefix.
    public var message: String {
        switch self {
        case .notSetUp:
            return "this outline does not sync with a remote yet"
        case .alreadySetUp(let remote):
            return "this outline already syncs with '\(remote)'"
        case .bothHoldItems(let remote, let localItems, let remoteItems):
            return
                "both this outline (\(Self.items(localItems))) and the one at '\(remote)' (\(Self.items(remoteItems))) "
                + "hold items, and sync joins an outline to a remote only when one of them is empty"
        case .startCutShort(let remote, let localItems, let remoteItems):
            return "this outline's 'sync init' was cut short before its first round ended, and another outline "
                + "(\(Self.items(remoteItems))) reached '\(remote)' meanwhile; this one (\(Self.items(localItems))) was untied "
                + "again, its items as they were"
        case .gitMissing:
            return "sync needs git, which is not installed"
        case .unreachable(let remote, let reason):
            return "cannot reach '\(remote)': \(Self.gitWords(reason)); nothing was lost, sync again later"
        case .startUnreachable(let remote, let reason):
            return "cannot reach '\(remote)': \(Self.gitWords(reason)); the outline was not tied to it"
        case .remoteIsAnOption(let remote, let stored):
            let named = stored ? "the remote this outline stores, '\(remote)'," : "'\(remote)'"
            return "\(named) is not a remote: it begins with '-', which git reads as an option"
                + (stored ? "; nothing was changed" : "")
        case .storedValueNotACommit(let what, let value):
            return "this outline's sync settings were changed outside outline: its \(what) is '\(value)', "
                + "which is not a commit id; nothing was changed"
        case .pushRefused(let remote, let reason):
            return "'\(remote)' refused this machine's changes: \(Self.gitWords(reason))"
        case .gitFailed(let action, let reason):
            return "git could not \(action): \(Self.gitWords(reason))"
        case .badLog(let commit, let reason):
            return "the remote's log cannot be read at commit \(commit.prefix(12)): \(reason); "
                + "nothing was changed here"
        case .foreignCommit(
            let remote, let branch, let cache, let commit, let subject, let reason, let lastOutlineCommit):
            let named = subject.isEmpty ? "" : " (\"\(TitleSanitizer.forTerminal(subject))\")"
            // From a sync cache, which holds the commit: run anywhere, a push needs a repository.
            // A start that failed keeps no cache: another machine's has the commit.
            let repair =
                lastOutlineCommit.map { last in
                    let push = "push --force '\(remote)' \(last.prefix(12)):refs/heads/\(branch)"
                    guard let cache else {
                        return
                            "put the remote's \(branch) back on outline's last commit from a machine that syncs with "
                            + "it (git -C 'DATABASE.sync' \(push)), then run 'outline sync init' again"
                    }
                    return "put the remote's \(branch) back on outline's last commit: git -C '\(cache)' \(push)"
                } ?? "remove that commit from the remote's \(branch) with git"
            return "the remote's log holds commit \(commit.prefix(12))\(named), which outline did not write "
                + "(\(reason)); nothing was changed here; to repair the remote, \(repair)"
        case .tablesDamaged(let problem, let count):
            let more = count > 1 ? " (and \(count - 1) more)" : ""
            return "this outline's sync tables were changed outside outline: \(problem)\(more); nothing was sent "
                + "or changed"
        case .unsendable(let reason):
            return "this machine's changes were not sent: every machine would refuse them (\(reason)); "
                + "nothing was changed"
        case .logOnAnotherBranch(let remote, let branch, let holding, let lastCommit):
            return "the branch '\(branch)' that '\(remote)' names as its log (its HEAD) lacks commit "
                + "\(lastCommit.prefix(12)), the last this outline synced, which its branch '\(holding)' holds; "
                + "nothing was changed"
        case .remoteRewritten(let remote, let lastCommit):
            return "'\(remote)' does not hold commit \(lastCommit.prefix(12)), the last this outline synced: "
                + "its log was lost or rewritten (a force-push, a new repository), or it is another repository; "
                + "nothing was changed"
        case .republishNeedless(let remote, let neverSynced):
            return neverSynced
                ? "this outline has not synced with '\(remote)' yet, so it has no log to start again; nothing was changed"
                : "'\(remote)' still holds this outline's log, so there is nothing to start again; nothing was changed"
        case .alreadyRepublished(let remote):
            return "another machine has already started the log at '\(remote)' again; nothing was changed"
        case .republishWithoutHistory(let remote, let lastCommit):
            return "this machine no longer holds commit \(lastCommit.prefix(12)) of the log it synced with "
                + "'\(remote)' (its sync cache was removed), so it cannot start that log again; nothing was changed"
        case .republishFromPartialHistory(let remote):
            return "this machine joined '\(remote)' from a snapshot and holds the log only from there (the history "
                + "before it never arrived), so it cannot start that log again: run `outline sync republish` on a "
                + "machine that synced before the snapshot; nothing was changed"
        case .notAnOutlineRemote(let remote, let reason, let current):
            // A round of the remote the outline syncs with changes nothing; `sync remote` keeps the old one.
            let outcome =
                current.map { $0 == remote ? "nothing was changed" : "this outline still syncs with '\($0)'" }
                ?? "the outline was not tied to it"
            return "'\(remote)' is not an outline remote: \(reason); it was left alone, and \(outcome)"
        case .anotherOutlinesRemote(let remote, let lastCommit, let current):
            let outcome = current == remote ? "nothing was changed" : "this outline still syncs with '\(current)'"
            return "'\(remote)' holds another outline's log: it lacks commit \(lastCommit.prefix(12)), the last this "
                + "outline synced; \(outcome)"
        case .emptyRemote(let remote, let lastCommit, let current):
            return "'\(remote)' is empty: it does not hold this outline's log (up to commit \(lastCommit.prefix(12))); "
                + "this outline still syncs with '\(current)'"
        case .conflictItemGone(let number, let title):
            return
                "conflict \(number) is about \"\(TitleSanitizer.forTerminal(title))\", which was removed since: "
                + "bring it back first (an undo of its removal, or a take of the conflict that lists it removed), "
                + "or dismiss the conflict"
        case .unknownConflict(let number, let open):
            let listed =
                open.isEmpty
                ? "there is none open" : "the open ones are " + open.map(String.init).joined(separator: ", ")
            return "no open conflict \(number): \(listed) (outline conflicts lists them)"
        case .keptLosingRace(let remote, let attempts):
            return "other machines pushed to '\(remote)' first \(attempts) times in a row; nothing was lost, sync again"
        }
    }
}
