import Foundation
import GRDB

/// Starting the remote's log again after it was lost or rewritten (a force-push, a deleted
/// branch, a new repository at the same address), and moving the other machines onto it.
///
/// `sync republish` writes, on top of the log as this machine last synced it, its changes not sent
/// yet as a batch and then its whole outline as a snapshot, and makes that the remote's branch.
/// The old history stays under the snapshot, so that a machine whose last round the new log
/// still holds just syncs; one that saw commits the new log lacks (sent after this machine's
/// last round, then lost) goes back to where the two histories part, and sends what it holds
/// beyond it as its own changes, settled against the new log as any round's are: nothing that
/// reached any machine is lost (SPEC, "Sync").
extension OutlineStore {
    /// What `republishSyncLog` did.
    public struct Republished: Sendable {
        /// The remote whose log was started again.
        public var remote: String
        /// How many live items the snapshot holds.
        public var items: Int
        /// How many of this machine's changes not sent before went with it.
        public var sent: Int
        /// The open conflicts the new log keeps.
        public var conflicts: Int
    }

    /// Starts the remote's log again from this machine's outline, keeping its changes not sent
    /// yet and its open conflicts, and makes it the remote's branch, replacing whatever the
    /// remote holds (only what it held when fetched: a push meanwhile is never thrown away).
    ///
    /// - Throws: `SyncFailure.republishNeedless` when the remote still holds the log, or this
    ///   outline never synced; `SyncFailure.alreadyRepublished`; `SyncFailure.republishWithoutHistory`;
    ///   `SyncFailure.republishFromPartialHistory`; what a round throws. Nothing is changed then.
    public func republishSyncLog() throws -> Republished {
        try withSyncLock { git, configuration in
            for _ in 1...Self.syncAttempts {
                let configuration = try read { db in try SyncTables.configuration(db) } ?? configuration
                let remote = configuration.remote
                let head = try git.fetch()
                guard let last = configuration.lastCommit else {
                    throw SyncFailure.republishNeedless(remote: remote, neverSynced: true)
                }
                if let head, try head == last || git.contains(head, last) {
                    // The log is there; what a round would refuse past it (a commit added by
                    // hand) is said as the round says it, with its repair.
                    _ = try Self.logEntries(git, after: last, upTo: head)
                    throw SyncFailure.republishNeedless(remote: remote, neverSynced: false)
                }
                try Self.requireLogToReplace(git, head: head, last: last, remote: remote)
                // HEAD names a stale copy of the log, and the log goes on beside it: nothing to
                // start again, and replacing that copy would split the machines.
                if let holding = try git.otherBranches(holding: last).first {
                    throw SyncFailure.logOnAnotherBranch(
                        remote: remote, branch: git.branch, holding: holding, lastCommit: last)
                }
                guard try git.holds(last) else {
                    throw SyncFailure.republishWithoutHistory(remote: remote, lastCommit: last)
                }
                // The fetch above fetched the history a join left behind, where the remote still
                // had it.
                guard !git.holdsPartialHistory else { throw SyncFailure.republishFromPartialHistory(remote: remote) }
                if let head, let fork = try git.forkPoint(head, last),
                    try git.republishedSnapshot(after: fork, upTo: head) != nil
                {
                    throw SyncFailure.alreadyRepublished(remote: remote)
                }
                try read { db in try SyncTables.requireSound(db) }
                let base = try read { db in try SyncTables.base(db) }
                let pending = try read { db in try SyncDiff.operations(db, base: base) }
                // Nothing came from elsewhere: the changes are sent as they were made.
                var published = base
                published.touched = []
                var parent = last
                var sequence = 0
                let madeHere = SyncBatch(replica: configuration.replica, operations: pending)
                if !pending.isEmpty {
                    sequence = configuration.sequence + 1
                    let batch = SyncBatch(replica: configuration.replica, sequence: sequence, operations: pending)
                    try batch.requireReadable()
                    parent = try git.commit(batch, parent: last)
                    try write { db in try SyncTables.noteWritten(db, sequence: sequence, commit: parent) }
                    published.apply(batch)
                }
                let snapshot = try git.commitRepublishedSnapshot(
                    published.withoutRemovedItems(), replica: configuration.replica, parent: parent)
                try write { db in try SyncTables.setConfig(db, "pushing", snapshot) }
                guard try git.replaceLog(with: snapshot, expecting: head) == .pushed else {
                    // Someone pushed since the fetch: look again at what the remote holds now.
                    try write { db in try SyncTables.removeConfig(db, "pushing") }
                    continue
                }
                git.pointHeadAtLogIfUnborn()
                var sentFrom = base
                sentFrom.apply(madeHere)
                var summary = SyncSummary(remote: remote)
                try applyRound(
                    sentFrom: sentFrom, final: published, lastCommit: snapshot, sequence: sequence, into: &summary,
                    reportingChanges: false)
                return Republished(
                    remote: remote, items: published.liveCount, sent: pending.count,
                    conflicts: published.conflicts.count)
            }
            throw SyncFailure.keptLosingRace(remote: configuration.remote, attempts: Self.syncAttempts)
        }
    }

    /// How many of the commits this machine holds beyond the fork (`log.leftEntries`, oldest
    /// first) another machine that moved onto the new log first sent again already: through the
    /// newest commit any batch among `entries` carries, all of them when one carries a commit
    /// past this machine's last.
    static func carriedByOthers(_ log: RepublishedLog, in entries: [GitRemote.LogEntry], git: GitRemote) throws
        -> Int
    {
        var carried = 0
        for logged in entries {
            guard case .batch(let batch) = logged.entry, let commit = batch.carries else { continue }
            if let index = log.leftEntries.firstIndex(where: { $0.commit == commit }) {
                carried = max(carried, index + 1)
            } else if (try? git.contains(commit, log.left)) == true {
                return log.leftEntries.count
            }
        }
        return carried
    }

    /// Refuses to replace what the remote holds unless it is this outline's log, rewritten: a
    /// remote that holds anything outline did not write (someone's project, pushed to the same
    /// address) or another outline's log (one that shares no commit with this outline's) is left
    /// exactly as it is. An empty remote, a branch deleted, or a log outline cannot read, holds
    /// nothing to keep.
    ///
    /// - Throws: `SyncFailure.notAnOutlineRemote`, `SyncFailure.anotherOutlinesRemote`.
    static func requireLogToReplace(_ git: GitRemote, head: String?, last: String, remote: String) throws {
        try requireOnlyOutlineBranches(git, stillSyncingWith: remote)
        guard let head else { return }
        do {
            _ = try outlineLog(git, upTo: head, stillSyncingWith: remote)
        } catch SyncFailure.badLog {
            // A log outline cannot read is no one's to keep: starting it again repairs it.
            return
        }
        if try git.forkPoint(head, last) == nil {
            throw SyncFailure.anotherOutlinesRemote(remote: remote, lastCommit: last, stillSyncingWith: remote)
        }
    }

    /// How a round that moves onto a republished log starts (`moveOnto`).
    struct MovedOnto {
        /// What the brought commits apply to: the log's outline at the fork, the items whose
        /// node differs from this machine's last synced outline touched.
        var base: SyncTree
        /// What this machine's changes are measured from.
        var measuredFrom: SyncTree
        /// The conflict operations the new log lacks.
        var conflicts: [SyncOperation]
        /// The conflicts numbered past the fork that were taken or dismissed here: by their
        /// numbers in the lost log, which name others in the new one.
        var resolvedPastFork: [SyncConflict]
        /// How many conflicts the two logs share.
        var sharedConflicts: Int
    }

    /// Where a round stands on a log that no longer holds its last commit, but that someone
    /// republished: the commit both histories share, and the log's outline there.
    struct RepublishedLog {
        /// The newest commit of the log this machine synced that the new log holds too.
        var fork: String
        /// The log's outline at `fork`.
        var base: SyncTree
        /// Whether nobody republished it: it is a copy of the log that others went on with.
        var parted = false
        /// The last commit this machine synced, on the log it leaves.
        var left: String
        /// The commits of the log it leaves after `fork` through `left`: what this machine
        /// holds that the new log may lack.
        var leftEntries: [GitRemote.LogEntry]
    }

    /// The republished log at `head` that this machine, last synced at `last`, moves onto; nil
    /// when nobody republished it (the round is refused then, naming `sync republish`). A log
    /// that parts from this machine's at `partedAt`, found so by `sync remote`, is moved onto
    /// as a republished one: the others went on with a copy of the log that lacks this
    /// machine's last rounds; so is any that parts from it, when `partingAnywhere` (`sync
    /// remote` could not reach the remote to find where).
    static func republishedLog(
        _ git: GitRemote, head: String, last: String, partedAt: String? = nil, partingAnywhere: Bool = false
    ) throws -> RepublishedLog? {
        guard let fork = try git.forkPoint(head, last) else { return nil }
        let republished = try git.republishedSnapshot(after: fork, upTo: head) != nil
        guard republished || fork == partedAt || partingAnywhere else { return nil }
        var base = SyncTree()
        for logged in try logEntries(git, after: nil, upTo: fork) { base.apply(logged.entry) }
        base.touched = []
        base.skipped = []
        base.rescued = []
        return RepublishedLog(
            fork: fork, base: base, parted: !republished, left: last,
            leftEntries: try logEntries(git, after: fork, upTo: last))
    }

    /// Makes this machine's changes be measured from `log.base` rather than from the log it
    /// synced: every item whose node differs between the two is noted as changed (what it
    /// holds beyond the fork is then sent as its own), and is touched in the trees returned, so
    /// that the round writes it. Returns the tree the brought commits apply to (`log.base`,
    /// touched), the tree this machine's changes are measured from, and the conflict
    /// operations the new log lacks: the conflicts raised after the fork, open here, sent again
    /// (they are numbered anew), and the ones closed after the fork closed again; and the
    /// conflicts past the fork closed here, for the round to close in the new log.
    ///
    /// An item made after the fork that the new log holds too (`entries`, the commits the round
    /// brings: another machine that had it sent it again) is measured from the copy this
    /// machine last synced, not sent as made again: what it had only brought is not its own
    /// change, and must not undo a change the new log made to it since. One this machine had
    /// seen removed is measured from its copy as it was, live, so that the removal is sent
    /// again and a change it never saw is set aside as a conflict.
    ///
    /// What another machine that moved first sent again for what it held of the old log (its
    /// batch `carries` that log's commit), this machine does not send again: its changes are
    /// measured from the fork with those commits on top, so that what it only relayed, or sent
    /// and that one carried over, does not undo what the new log changed since (SPEC, "Sync").
    func moveOnto(_ log: RepublishedLog, bringing entries: [GitRemote.LogEntry], git: GitRemote) throws
        -> MovedOnto
    {
        var newLog = log.base
        for logged in entries { newLog.apply(logged.entry) }
        let carried = try Self.carriedByOthers(log, in: entries, git: git)
        return try write { db in
            let old = try SyncTables.base(db)
            var moved = log.base
            for uid in Set(old.uids).union(log.base.uids) where old[uid] != log.base[uid] {
                moved.touched.insert(uid)
            }
            var measuredFrom = moved
            for logged in log.leftEntries.prefix(carried) { measuredFrom.apply(logged.entry) }
            // Only the items: the conflicts are carried over below, by their own rule.
            measuredFrom.conflicts = moved.conflicts
            measuredFrom.conflictCount = moved.conflictCount
            for uid in old.uids where !log.base.isLive(uid) && newLog[uid] != nil {
                if old.isLive(uid) {
                    measuredFrom.set(uid, old[uid]!)
                } else if log.base[uid] == nil, newLog.isLive(uid) {
                    // Made and removed after the fork, and sent again by a machine that had
                    // not seen it removed: measured from the copy this machine saw before it
                    // was removed, the removal is sent again, and what the new log's copy holds
                    // that this machine never saw is set aside with the item, not dropped.
                    var seen = old[uid]!
                    seen.isLive = true
                    measuredFrom.set(uid, seen)
                }
            }
            var ids: [ItemID] = []
            for uid in moved.touched { if let id = try SyncTables.id(of: uid, db) { ids.append(id) } }
            try SyncTables.noteChanged(ids, db)
            let forkCount = log.base.conflictCount
            let open = Set(old.conflicts.map(\.number))
            let stored = try SyncTables.storedConflicts(db)
            let resolvedHere = Set(stored.filter(\.resolvedHere).map(\.conflict.number))
            var operations: [SyncOperation] = old.conflicts.filter {
                $0.number > forkCount && !resolvedHere.contains($0.number)
            }.map { conflict in
                // Written without a number, as a round writes one: the log numbers it.
                var unnumbered = conflict
                unnumbered.number = 0
                return .conflict(unnumbered)
            }
            operations += log.base.conflicts.filter { !open.contains($0.number) }.map { .resolve(number: $0.number) }
            return MovedOnto(
                base: moved, measuredFrom: measuredFrom, conflicts: operations,
                resolvedPastFork: stored.filter { $0.resolvedHere && $0.conflict.number > forkCount }.map(\.conflict),
                sharedConflicts: forkCount)
        }
    }
}
