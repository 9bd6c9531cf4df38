import Foundation

/// Which remotes an outline may be tied to: an empty repository, or one whose branches hold
/// only outline's log. A repository of someone's own work (a README on `master`, a project's
/// history) is refused and left alone, rather than given a branch beside that work.
extension OutlineStore {
    /// What `moveSyncRemote` found at the new remote.
    public enum RemoteMove: Sendable, Equatable {
        /// It holds this outline's log (or nothing yet): the outline syncs with it now.
        case checked
        /// It could not be reached, so what it holds was not checked (git's words): the outline
        /// syncs with it now, and the next round checks it, as every round does.
        case unchecked(reason: String)
        /// It holds this outline's log up to commit `fork`, and others' rounds since, but not
        /// this machine's last ones: it kept syncing with the old copy after the others moved.
        /// The outline syncs with it now, and its next round goes back to `fork` and sends what
        /// this machine holds beyond it as its own changes, as after a `sync republish`.
        case parted(fork: String)
    }

    /// Points the outline at another URL or path of its remote: the same repository, moved (a
    /// new server, a disk mounted elsewhere). The new remote is fetched first, and refused
    /// unless it holds this outline's log (its commits include the last one this outline
    /// synced, or the two histories part after a commit they share: `RemoteMove.parted`), or is
    /// empty and this outline never synced. One that cannot be reached is taken unchecked, since
    /// a server that is down today is what a move is often for.
    ///
    /// - Throws: `SyncFailure.notSetUp`; `SyncFailure.notAnOutlineRemote`,
    ///   `SyncFailure.anotherOutlinesRemote` and `SyncFailure.emptyRemote`, with nothing changed.
    @discardableResult
    public func moveSyncRemote(to remote: String) throws -> RemoteMove {
        try SyncArgumentCheck.remote(remote, stored: false)
        return try withSyncLock(replacingRemote: true) { _, configuration in
            let current = configuration.remote
            let git = GitRemote(cache: syncCache, remote: remote, timeout: syncTransport.timeout)
            var move = RemoteMove.checked
            do {
                let head = try git.fetch()
                try Self.requireOnlyOutlineBranches(git, stillSyncingWith: current)
                if let head, let last = configuration.lastCommit, try !git.contains(head, last) {
                    // Someone's project, or another outline's log: said as what it is.
                    _ = try Self.outlineLog(git, upTo: head, stillSyncingWith: current)
                    guard let fork = try git.forkPoint(head, last) else {
                        throw SyncFailure.anotherOutlinesRemote(
                            remote: remote, lastCommit: last, stillSyncingWith: current)
                    }
                    move = .parted(fork: fork)
                } else if let head {
                    _ = try Self.outlineLog(git, after: configuration.lastCommit, upTo: head, stillSyncingWith: current)
                } else if let last = configuration.lastCommit {
                    // Every round would be refused there: the log this outline synced is not in it.
                    throw SyncFailure.emptyRemote(remote: remote, lastCommit: last, stillSyncingWith: current)
                }
            } catch SyncFailure.unreachable(_, let reason) {
                move = .unchecked(reason: SyncFailure.gitWords(reason))
            }
            try write { db in
                try SyncTables.setConfig(db, "remote", remote)
                if case .parted(let fork) = move {
                    try SyncTables.setConfig(db, SyncTables.partedAtKey, fork)
                } else {
                    try SyncTables.removeConfig(db, SyncTables.partedAtKey)
                }
                if case .unchecked = move {
                    try SyncTables.setConfig(db, SyncTables.remoteUncheckedKey, "1")
                } else {
                    try SyncTables.removeConfig(db, SyncTables.remoteUncheckedKey)
                }
            }
            return move
        }
    }

    /// Refuses a remote whose last fetch found a branch beside the log's that holds anything
    /// but outline's commits. A branch that holds a copy of an outline's log (someone's
    /// `notes`) is theirs, and harmless. A remote with no branch is refused when it holds
    /// other refs (tags): a repository of tags alone is someone's, though a fetch of branches
    /// finds it empty. Tags beside a log (someone marked a commit) are theirs, and harmless:
    /// they were refused by a machine that joined, while the machines syncing went on.
    ///
    /// - Throws: `SyncFailure.notAnOutlineRemote`, naming the first such branch and commit.
    static func requireOnlyOutlineBranches(_ git: GitRemote, stillSyncingWith current: String?) throws {
        let branches = try git.fetchedBranchNames()
        if branches.isEmpty, let other = try git.refsBesideBranches().first {
            throw SyncFailure.notAnOutlineRemote(
                remote: git.remote, reason: "it holds '\(other)', which outline did not write",
                stillSyncingWith: current)
        }
        for branch in branches where branch != git.branch {
            _ = try outlineLog(git, upTo: "refs/sync/" + branch, branch: branch, stillSyncingWith: current)
        }
    }

    /// The log's commits after `last` up to `head`, with what each holds, read from a remote
    /// that is being tied or moved to: a commit outline did not write, with none of outline's
    /// before it, makes it not an outline remote rather than a log to repair. (A commit outline wrote but cannot read stays
    /// `SyncFailure.badLog`: the remote is an outline's, damaged.)
    ///
    /// - Throws: `SyncFailure.notAnOutlineRemote`; `SyncFailure.badLog`.
    static func outlineLog(
        _ git: GitRemote, after last: String? = nil, upTo head: String, branch: String? = nil,
        stillSyncingWith current: String?
    ) throws -> [GitRemote.LogEntry] {
        let branch = branch ?? git.branch
        do {
            return try logEntries(git, after: last, upTo: head)
        } catch SyncFailure.foreignCommit(_, _, _, let commit, let subject, let reason, let lastOutlineCommit)
            where lastOutlineCommit == nil
        {
            // With outline's commits before it, the remote is an outline's log someone damaged
            // (a `git pull` merge): the original error, which says how to repair it, stands.
            let named = subject.isEmpty ? "" : " (\"\(TitleSanitizer.forTerminal(subject))\")"
            throw SyncFailure.notAnOutlineRemote(
                remote: git.remote,
                reason: "its branch '\(branch)' holds commit \(commit.prefix(12))\(named), which outline did not "
                    + "write (\(reason))", stillSyncingWith: current)
        }
    }
}
