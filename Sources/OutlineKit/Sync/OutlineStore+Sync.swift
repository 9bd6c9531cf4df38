import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// What a sync round did.
public struct SyncSummary: Sendable {
    /// The remote synced with.
    public var remote: String
    /// How many operations of other machines were brought and applied here.
    public var brought = 0
    /// How many operations of this machine were sent.
    public var sent = 0
    /// What the round changed here: items added, removed and changed (moved, retitled, ...).
    public var added = 0
    /// Items removed here by the round.
    public var removed = 0
    /// Items changed here by the round.
    public var changed = 0
    /// Whether the round changed the workflow here (`outline workflow`).
    public var workflowChanged = false
    /// How many conflicts listed here the round closed: taken or dismissed on another machine.
    public var conflictsClosed = 0
    /// Operations that could not be applied as they were (a move into the item's own subtree,
    /// made on two machines at once), in words.
    public var skipped: [String] = []
    /// The step the round recorded, if it changed this outline.
    public var step: StepID?
    /// The change reports of what the round changed here, when asked for.
    public var changes: [ReportedChange] = []
    /// Whether this outline's changes could not be sent (they were kept, to send next time), and why.
    public var notSent: SyncFailure?
    /// The conflicts the round brought or made: values set aside, which `outline conflicts`
    /// lists until someone takes or dismisses them.
    public var conflicts: [OpenConflict] = []
    /// Items the round moved to an ancestor because their parent was removed on another machine,
    /// by where they went: how many, and the path of the list they went to.
    public var rescued: [(count: Int, to: TitlePath)] = []
    /// Whether the round found the remote's log started again by another machine (`sync
    /// republish`) without what this one last synced, and moved onto it, sending what it held
    /// that the new log lacked.
    public var movedToRepublishedLog = false
    /// Whether the round moved onto the log of a remote that `sync remote` found lacking this
    /// machine's last rounds (a copy the others went on with), sending what it held beyond
    /// the commit the two logs share.
    public var movedToCopiedLog = false
}

/// Where a database that syncs stands, without asking the remote.
public struct SyncStatus: Sendable {
    /// The remote, as given to `sync init`.
    public var remote: String
    /// This machine's id in the log.
    public var replica: String
    /// The last commit of the remote's log applied here; nil before the first sync.
    public var lastCommit: String?
    /// How many operations this machine would send.
    public var pendingOperations: Int
    /// The steps made here since the last round, oldest first, by name: what it would send.
    public var unsentSteps: [String] = []
    /// When the last round that fetched the remote ended here; nil before the first, or for a
    /// file whose rounds predate the record.
    public var lastRound: Date?
    /// Whether the last round was cut short after it began to push (killed, or the machine
    /// went down): what it sent is in the remote but not yet recorded here, so
    /// `pendingOperations` may count it. The next round finishes the work.
    public var lastRoundUnfinished: Bool
    /// The commit where the log of the remote `sync remote` moved to parts from the one this
    /// machine synced (it lacks this machine's last rounds): the next round sends again what
    /// this machine holds beyond it. Nil when they do not part, or the remote was not reached.
    public var partedAt: String?
    /// Whether a round of this outline runs now (it holds the sync lock): an unfinished last
    /// round is that one, not one cut short.
    public var roundRunning = false
    /// The process of the round that runs now, when known.
    public var runningProcess: Int32?
}

extension OutlineStore {
    /// How many times a round fetches again after losing the race to push.
    static let syncAttempts = 20

    /// The bare git repository beside the database that holds the fetched log.
    var syncCache: String { addOnSettings[SyncStoreSettings.self].cacheFolder ?? Self.syncCache(of: path) }

    /// Where the sync cache of the database at `path` is.
    static func syncCache(of path: String) -> String { path + ".sync" }

    /// Ties this outline to a git remote (a URL or a path) and runs the first round: the remote's
    /// outline is adopted if this one is empty, this one is sent if the remote's is.
    ///
    /// Starts and rounds of one database take turns (the lock in its sync cache). A refused start
    /// leaves nothing behind that it made, and nothing that another process made meanwhile is
    /// touched: the cache goes only if the outline is still untied. To tie a database that does
    /// not exist yet, `startSyncingNewFile` leaves no file behind even when it is killed.
    ///
    /// - Throws: `SyncFailure.alreadySetUp`, `SyncFailure.bothHoldItems` (nothing is changed),
    ///   `SyncFailure.startUnreachable` for a remote that cannot be reached, and what `sync` throws.
    public func startSyncing(with remote: String, reportingChanges: Bool = false) throws -> SyncSummary {
        guard !isEmptyStandIn else { throw OutlineError.noOutline(path: path) }
        try SyncArgumentCheck.remote(remote, stored: false)
        let cacheExisted = FileManager.default.fileExists(atPath: syncCache)
        let lock: SyncLock
        do {
            lock = try SyncLock(directory: syncCache, settings: syncTransport)
        } catch {
            if !cacheExisted { try? FileManager.default.removeItem(atPath: syncCache) }
            throw error
        }
        defer { lock.release() }
        // What a start of a new file at this path that was killed left (`startSyncingNewFile`).
        JoiningFile.removeLeftovers(of: path)
        do {
            if let existing = try read({ db in try SyncTables.configuration(db) }) {
                throw SyncFailure.alreadySetUp(remote: existing.remote)
            }
            return try startSyncingInLock(with: remote, reportingChanges)
        } catch {
            let cacheGoes = !cacheExisted && (try? read({ db in try SyncTables.configuration(db) == nil })) == true
            if cacheGoes { try? FileManager.default.removeItem(atPath: syncCache) }
            throw Self.startFailure(error, cacheGoes: cacheGoes)
        }
    }

    /// What a start that failed throws: an unreachable remote is said as a start's, and the
    /// repair of a log someone damaged is not given from a cache the start removes.
    static func startFailure(_ error: any Error, cacheGoes: Bool) -> any Error {
        switch error as? SyncFailure {
        case .unreachable(let remote, let reason):
            return SyncFailure.startUnreachable(remote: remote, reason: reason)
        case .foreignCommit(let remote, let branch, _, let commit, let subject, let reason, let lastOutlineCommit)
        where cacheGoes:
            return SyncFailure.foreignCommit(
                remote: remote, branch: branch, cache: nil, commit: commit, subject: subject, reason: reason,
                lastOutlineCommit: lastOutlineCommit)
        default:
            return error
        }
    }

    func startSyncingInLock(with remote: String, _ reportingChanges: Bool) throws -> SyncSummary {
        var git = GitRemote(cache: syncCache, remote: remote, timeout: syncTransport.timeout)
        git.keepsPartialHistory = true
        let localItems = try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE id != 0") ?? 0 }
        // The log from its last snapshot on: what a machine that joins reads. The history before
        // it comes while the round fills the outline.
        let head = try git.fetchFromLastSnapshot()
        let history = HistoryFetch(git)
        defer { history.wait() }
        try Self.requireOnlyOutlineBranches(git, stillSyncingWith: nil)
        // The log as read here is what the first round reads, unless someone pushes meanwhile:
        // read once (a snapshot of a big outline takes seconds to parse).
        var read: (head: String, entries: [GitRemote.LogEntry])?
        if let head {
            let entries = try Self.outlineLog(git, upTo: head, stillSyncingWith: nil)
            read = (head, entries)
            // Only an outline with items of its own must find the log empty: building the log's
            // outline for an empty one would be work the round does again.
            if localItems > 0 {
                var remoteTree = SyncTree()
                for logged in entries { remoteTree.apply(logged.entry) }
                let remoteItems = remoteTree.liveCount
                if remoteItems > 0 {
                    throw SyncFailure.bothHoldItems(remote: remote, localItems: localItems, remoteItems: remoteItems)
                }
            }
        }
        let replica = Self.randomHex(bytes: 8)
        try write { db in try SyncTables.install(db, remote: remote, replica: replica) }
        // A first round that cannot send unties the outline again: a remote that takes no push
        // (a typo, a repository that is not bare) must not keep it.
        do {
            let summary = try runSyncRound(
                git: git, reportingChanges: reportingChanges, joiningWith: localItems, logAsRead: read,
                beforeApplying: history.start)
            if let failure = summary.notSent { throw failure }
            return summary
        } catch {
            try? write { db in try SyncTables.uninstall(db) }
            throw error
        }
    }

    /// Runs one round of sync: brings the operations other machines have pushed since the last
    /// round and applies them, then sends this machine's changes since, as one commit. A push
    /// that loses the race to another machine's starts the round again.
    ///
    /// Rounds of one database take turns (a lock file in the cache), and other commands may run
    /// meanwhile: what they change is sent next time.
    ///
    /// - Throws: `SyncFailure.notSetUp`; `SyncFailure.unreachable` when the remote cannot be
    ///   fetched (nothing is changed); `SyncFailure.remoteRewritten`; `SyncFailure.badLog`. When
    ///   the remote was fetched but the push failed, the round still applies what it brought and
    ///   says so in `notSent`.
    public func sync(reportingChanges: Bool = false) throws -> SyncSummary {
        try withSyncLock { git, configuration in
            guard configuration.lastCommit == nil, try read({ db in try SyncTables.lastRound(db) }) == nil else {
                return try runSyncRound(git: git, reportingChanges: reportingChanges)
            }
            // A `sync init` cut short (killed) before its first round ended left the outline tied
            // with no round behind it: this round is that start's, and refuses as a start does
            // when another outline reached the remote meanwhile, untying the outline again.
            let localItems = try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE id != 0") ?? 0
            }
            do {
                return try runSyncRound(
                    git: git, reportingChanges: reportingChanges, joiningWith: localItems, resumingStart: true)
            } catch let failure as SyncFailure {
                if case .startCutShort = failure { try write { db in try SyncTables.uninstall(db) } }
                throw failure
            }
        }
    }

    /// Runs `body` on the remote this outline syncs with, holding the sync lock: what every
    /// command that talks to an outline's remote starts with.
    ///
    /// - Parameter replacingRemote: the body replaces the stored remote (`sync remote`), which
    ///   is then not checked: a stored remote that git would read as an option must be
    ///   replaceable.
    /// - Throws: `notSetUp`; what `SyncArgumentCheck.stored` and `SyncLock` throw.
    func withSyncLock<Result>(
        replacingRemote: Bool = false, _ body: (GitRemote, SyncConfiguration) throws -> Result
    ) throws -> Result {
        guard !isEmptyStandIn else { throw SyncFailure.notSetUp }
        guard let configuration = try read({ db in try SyncTables.configuration(db) }) else {
            throw SyncFailure.notSetUp
        }
        try SyncArgumentCheck.stored(configuration, includingRemote: !replacingRemote)
        let lock = try SyncLock(directory: syncCache, settings: syncTransport)
        defer { lock.release() }
        // Read again under the lock: a round that held it meanwhile moved the last commit on
        // (`sync remote` compared a copy with the commit before it, and missed that the copy
        // lacked that round).
        guard let current = try read({ db in try SyncTables.configuration(db) }) else { throw SyncFailure.notSetUp }
        try SyncArgumentCheck.stored(current, includingRemote: !replacingRemote)
        return try body(GitRemote(cache: syncCache, remote: current.remote, timeout: syncTransport.timeout), current)
    }

    /// Where this outline's sync stands, read locally.
    public func syncStatus() throws -> SyncStatus {
        guard !isEmptyStandIn else { throw SyncFailure.notSetUp }
        let running = SyncLock.runningRound(directory: syncCache)
        return try read { db in
            guard let configuration = try SyncTables.configuration(db) else { throw SyncFailure.notSetUp }
            let base = try SyncTables.base(db)
            let pending = try SyncDiff.operations(db, base: base)
            var status = SyncStatus(
                remote: configuration.remote, replica: configuration.replica, lastCommit: configuration.lastCommit,
                pendingOperations: pending.count,
                unsentSteps: pending.isEmpty ? [] : try SyncTables.unsentSteps(db),
                lastRound: try SyncTables.lastRound(db),
                lastRoundUnfinished: configuration.pushing != nil, partedAt: configuration.partedAt)
            status.roundRunning = running.running
            status.runningProcess = running.process
            return status
        }
    }

    /// The global id of `id` (nil when the outline does not sync).
    public func globalID(of id: ItemID) throws -> String? {
        try read { db in try SyncTables.uid(of: id, db) }
    }

    /// The commits of the log after `last` up to `head`, with what each holds. A machine that
    /// joins (no `last`) starts from the last snapshot; one that synced before reads every commit
    /// since its last round, so that it knows its own batches among them and holds each snapshot
    /// to the log before it.
    static func logEntries(_ git: GitRemote, after last: String?, upTo head: String) throws
        -> [GitRemote.LogEntry]
    {
        var commits = try git.commits(after: last, upTo: head)
        guard !commits.isEmpty else { return [] }
        if last == nil, let snapshot = try git.lastSnapshot(upTo: head), let index = commits.firstIndex(of: snapshot) {
            commits.removeFirst(index)
        }
        return try git.entries(commits, head: head)
    }

    /// Runs a round, then writes the whole outline to the remote as a snapshot commit, so that a
    /// machine that joins later starts from it rather than replay the log before it. The log's
    /// history stays in the remote (git keeps it); only what a new machine reads gets shorter.
    ///
    /// When the log already ends with a snapshot, none is written: it would be the same.
    ///
    /// - Returns: the round's summary, how many items the snapshot holds, and whether this call
    ///   wrote it (false when the log already ended with one, or is empty).
    public func compactSyncLog(reportingChanges: Bool = false) throws -> (
        round: SyncSummary, items: Int, wroteSnapshot: Bool
    ) {
        try withSyncLock { git, configuration in
            try compactLocked(git: git, configuration: configuration, reportingChanges: reportingChanges)
        }
    }

    private func compactLocked(git: GitRemote, configuration: SyncConfiguration, reportingChanges: Bool) throws -> (
        round: SyncSummary, items: Int, wroteSnapshot: Bool
    ) {
        let round = try runSyncRound(git: git, reportingChanges: reportingChanges)
        if let failure = round.notSent { throw failure }
        for _ in 1...Self.syncAttempts {
            let (base, last) = try read { db in (try SyncTables.base(db), try SyncTables.configuration(db)?.lastCommit)
            }
            guard let last else { return (round, 0, false) }
            let head = try git.fetch()
            guard head == last else {
                // Someone pushed since the round: bring it first, so the snapshot is the log's.
                _ = try runSyncRound(git: git, reportingChanges: false)
                continue
            }
            if try git.lastSnapshot(upTo: last) == last { return (round, base.liveCount, false) }
            // The live outline alone: the removed items before it are history, which a machine
            // that joins need not read (a change still pending against one becomes a conflict).
            let snapshot = base.withoutRemovedItems()
            let commit = try git.commitSnapshot(snapshot, replica: configuration.replica, parent: last)
            if try git.push(commit) == .pushed {
                try write { db in
                    try SyncTables.setConfig(db, "last_commit", commit)
                    // This machine's copy of the log forgets the removed items too, as every
                    // machine that reads the snapshot does: an item added elsewhere under one of
                    // them then goes where it goes on the others (the top level), not to the
                    // nearest ancestor that only this machine still knows.
                    try SyncTables.writeBase(db, snapshot, Set(base.uids.filter { !base.isLive($0) }))
                }
                return (round, base.liveCount, true)
            }
        }
        throw SyncFailure.keptLosingRace(remote: configuration.remote, attempts: Self.syncAttempts)
    }

    /// - Parameters:
    ///   - localItems: for the first round of `sync init`, how many items this outline holds: if
    ///     another machine's outline reached the empty remote first, the round refuses
    ///     (`SyncFailure.bothHoldItems`) rather than merge two outlines.
    ///   - logAsRead: for the first round of `sync init`, the whole log up to the head it read,
    ///     taken as it is while the head has not moved.
    ///   - resumingStart: the round of a start that was cut short: a log that holds items but no
    ///     batch of this machine (its push never landed) is another outline's
    ///     (`SyncFailure.startCutShort`).
    private func runSyncRound(
        git: GitRemote, reportingChanges: Bool, joiningWith localItems: Int? = nil, resumingStart: Bool = false,
        logAsRead: (head: String, entries: [GitRemote.LogEntry])? = nil, beforeApplying: (() -> Void)? = nil
    ) throws -> SyncSummary {
        for _ in 1...Self.syncAttempts {
            let configuration = try read { db in try SyncTables.configuration(db) }!
            var summary = SyncSummary(remote: configuration.remote)
            let head = try git.fetch()
            var last = configuration.lastCommit
            // Set when the log was started again elsewhere (`sync republish`) without this
            // machine's last commit, or `sync remote` moved to a copy that others went on with
            // while this machine synced with the old one: the round goes on from where the two
            // histories part.
            var republished: RepublishedLog?
            if let synced = last {
                if let head, try head == synced || git.contains(head, synced) {
                    if head == synced, try !read({ db in try SyncTables.hasChanges(db) }) {
                        try write { db in
                            try SyncTables.noteRound(db, sentAll: true)
                            // The remote holds the log this machine synced: checked.
                            try SyncTables.removeConfig(db, SyncTables.remoteUncheckedKey)
                        }
                        return summary
                    }
                } else {
                    guard let head,
                        let found = try Self.republishedLog(
                            git, head: head, last: synced, partedAt: configuration.partedAt,
                            partingAnywhere: configuration.remoteUnchecked)
                    else {
                        // Someone's project or another outline's log is named as such: `sync
                        // republish` would refuse to replace it.
                        try Self.requireLogToReplace(git, head: head, last: synced, remote: configuration.remote)
                        if let holding = try git.otherBranches(holding: synced).first {
                            throw SyncFailure.logOnAnotherBranch(
                                remote: configuration.remote, branch: git.branch, holding: holding, lastCommit: synced)
                        }
                        throw SyncFailure.remoteRewritten(remote: configuration.remote, lastCommit: synced)
                    }
                    republished = found
                    last = found.fork
                    if found.parted {
                        summary.movedToCopiedLog = true
                    } else {
                        summary.movedToRepublishedLog = true
                    }
                }
            }
            try read { db in try SyncTables.requireSound(db) }
            let entries: [GitRemote.LogEntry]
            if let head, last == nil, let logAsRead, logAsRead.head == head {
                entries = logAsRead.entries
            } else {
                entries = try head.map { try Self.logEntries(git, after: last, upTo: $0) } ?? []
            }
            var conflictsBeyondFork: [SyncOperation] = []
            // The log's outline as of the last round, and what this machine changed since. This
            // machine's own batches among the new commits (a round killed after its push, or
            // whose push was still on its way when it ended) are already in its items: its
            // changes are measured from the log with them, never sent twice (a second copy would
            // undo what others did since).
            var reference = try read { db in try SyncTables.base(db) }
            // What the brought commits apply to: the log's outline as of the last round, or, on a
            // republished log, at the fork (`moveOnto` measures from a tree of its own).
            var broughtFrom = reference
            var moved: MovedOnto?
            if let republished {
                let onto = try moveOnto(republished, bringing: entries, git: git)
                (broughtFrom, reference, conflictsBeyondFork, moved) = (
                    onto.base, onto.measuredFrom, onto.conflicts, onto
                )
            }
            let base = broughtFrom
            let own = OwnBatches(entries, configuration)
            for batch in own.batches { reference.apply(batch) }
            reference.touched = []
            // The newest step these changes were measured with: one made while the round runs
            // is sent by the next, and `sync status` lists it until then.
            var (pending, measuredThroughStep) = try read { db in
                (try SyncDiff.operations(db, base: reference), try UndoHistory.newestStep(db))
            }
            if republished != nil {
                // A conflict closed here by its number in the old log may be another in the new.
                pending.removeAll { if case .resolve(let number) = $0 { number > base.conflictCount } else { false } }
                pending += conflictsBeyondFork
            }
            var brought = base
            for logged in entries {
                let touchedBefore = brought.touched.count
                if case .snapshot(let snapshot) = logged.entry, last != nil {
                    try SyncSnapshot.requireKeeps(brought, snapshot, commit: logged.commit)
                }
                brought.apply(logged.entry)
                switch logged.entry {
                case .batch(let batch): summary.brought += batch.operations.count
                // A snapshot brings what it changes: everything, to a machine that joins.
                case .snapshot: summary.brought += brought.touched.count - touchedBefore
                }
            }
            if let localItems, localItems > 0, brought.liveCount > 0 {
                guard resumingStart else {
                    throw SyncFailure.bothHoldItems(
                        remote: configuration.remote, localItems: localItems, remoteItems: brought.liveCount)
                }
                // Its push landed: the log is this outline's, whatever others added since.
                if own.batches.isEmpty {
                    throw SyncFailure.startCutShort(
                        remote: configuration.remote, localItems: localItems, remoteItems: brought.liveCount)
                }
            }
            // A conflict the log holds open already is not sent again: each machine that held a
            // lost log's conflicts sends them, and the first one's copy stands. One closed here by
            // its number in the lost log is closed by its number in the new.
            pending.removeAll { operation in
                guard case .conflict(let conflict) = operation else { return false }
                return brought.conflicts.contains { $0.setsAsideTheSame(as: conflict) }
            }
            for closed in moved?.resolvedPastFork ?? [] {
                if let open = brought.conflicts.first(where: { $0.setsAsideTheSame(as: closed) }) {
                    pending.append(.resolve(number: open.number))
                }
            }
            // This machine's changes as made (not as settled against the others'): what differs
            // from them when the round writes was changed here while it ran.
            let madeHere = SyncBatch(replica: configuration.replica, operations: pending)
            var final = brought
            var newLast = head
            // Items moved up because their parent was removed: by the batches brought, and by
            // this machine's own batch once it is sent. A machine that joins replays the whole
            // log, whose rescues are history.
            var rescued = last == nil ? [] : brought.rescued
            var sequence = own.highestSequence
            // What this machine's changes during the round are measured against: the log's outline
            // with what it sent, or without if it sent nothing.
            var sentFrom = reference
            if !pending.isEmpty {
                // Where another machine changed a value first, this batch (later in the log) keeps
                // this machine's and sets the other aside; notes merge where they can.
                let settled = LeftOutParents.placed(
                    SyncConflicts.settle(pending, reference: reference, brought: brought), reference: reference,
                    brought: brought)
                let batch = SyncBatch(
                    replica: configuration.replica, sequence: own.highestSequence + 1, carries: republished?.left,
                    operations: settled.operations)
                var sent = brought
                sent.touched = []
                sent.rescued = []
                sent.apply(batch)
                sent.rescued += settled.movedUp
                summary.skipped = sent.skipped
                if !sent.differs(from: brought) {
                    // All this machine changed, the log holds already (another machine made the
                    // same changes, or took the same conflict): nothing to send, and nothing of it
                    // left to keep over what the round brought.
                    sentFrom.apply(madeHere)
                } else {
                    do {
                        // What every machine would refuse is never sent: it would stop them all.
                        try batch.requireReadable()
                        let commit = try git.commit(batch, parent: head)
                        // Noted before the push, so that a round killed after it is known by the
                        // next, by its number and commit even if "pushing" is overwritten.
                        try write { db in
                            try SyncTables.setConfig(db, "pushing", commit)
                            try SyncTables.noteWritten(db, sequence: own.highestSequence + 1, commit: commit)
                        }
                        sequence = own.highestSequence + 1
                        try syncRoundWillPush?(commit)
                        switch try git.push(commit) {
                        case .rejected: continue
                        case .pushed:
                            git.pointHeadAtLogIfUnborn()
                            rescued += sent.rescued
                            sent.touched.formUnion(brought.touched)
                            sent.rescued = brought.rescued
                            final = sent
                            newLast = commit
                            sentFrom.apply(madeHere)
                            summary.sent = pending.count
                        }
                    } catch let error as SyncFailure {
                        // Two pushes at the same instant: the loser may be told the ref was locked
                        // rather than that it fell behind. A head that moved means another push won.
                        if case .unreachable = error, let moved = try? git.fetch(), moved != head { continue }
                        // A batch that readers would refuse is not a passing fault: say it.
                        if case .unsendable = error { throw error }
                        summary.notSent = error
                    }
                }
            }
            try syncRoundDidPush?()
            // The round is done with git: what the caller runs beside the rest starts here.
            beforeApplying?()
            try applyRound(
                sentFrom: sentFrom, final: final, lastCommit: newLast, sequence: sequence, into: &summary,
                reportingChanges: reportingChanges, conflictsRenumberedAfter: moved?.sharedConflicts,
                measuredThroughStep: measuredThroughStep)
            let newConflicts = final.conflicts.filter { $0.number > base.conflictCount }
            if !newConflicts.isEmpty || !rescued.isEmpty {
                try read { db in
                    summary.conflicts = try newConflicts.map { try Self.openConflict($0, base: final, db) }
                    summary.rescued = try Self.rescueNotes(rescued, final, db)
                }
            }
            return summary
        }
        throw SyncFailure.keptLosingRace(remote: git.remote, attempts: Self.syncAttempts)
    }

    /// Makes the items what the log says (`final`), with this machine's changes that were not
    /// sent on top, in one transaction recorded as a step that undo passes over. Those changes are
    /// read again here, against `sentFrom` (the log's outline before the round, with what the
    /// round sent), so that what a command changed while the round ran (even undoing what was
    /// just sent) is kept, and a removal the round brought still wins over an edit made meanwhile.
    func applyRound(
        sentFrom: SyncTree, final: SyncTree, lastCommit: String?, sequence: Int, into summary: inout SyncSummary,
        reportingChanges: Bool, conflictsRenumberedAfter: Int? = nil, measuredThroughStep: StepID? = nil
    ) throws {
        try write { db in
            let pending = try SyncDiff.operations(db, base: sentFrom)
            var target = final
            target.apply(SyncBatch(replica: "", operations: pending))
            let changedIDs = try SyncTables.changedIDs(db)
            var affected = target.touched
            affected.formUnion(try SyncTables.uids(of: changedIDs, db).values)
            // What other machines moved within a list: its key in the log differs from the one
            // this machine had with what it sent (its own moves are its steps').
            let broughtMoves = final.reordered(affected, since: sentFrom)
            var (result, changeset) = try SessionChangeset.record(db) {
                let outcome = try SyncApplier.apply(target, to: affected, moving: broughtMoves, db)
                summary.added = outcome.added
                summary.removed = outcome.removed
                summary.changed = outcome.changed
                summary.workflowChanged = outcome.workflowChanged
                return ChangeResult(
                    action: .sync(added: outcome.added, removed: outcome.removed, changed: outcome.changed),
                    touchedParents: outcome.parents, moves: .items(outcome.movedWithin))
            }
            if !changeset.isEmpty {
                result.step = try UndoHistory.push(
                    db, name: result.action.name, changeset: changeset,
                    listEnds: try ListEnds(db, parents: result.touchedParents, moves: result.moves),
                    levels: levelsOfUndo, bySync: true)
                if reportingChanges { summary.changes = try report(db, try changeset.rows(inverted: false)) }
                summary.step = result.step
            }
            // What differs from the log's outline now is what is left to send.
            let listedBefore = try SyncTables.listedConflicts(db)
            try SyncTables.writeBase(
                db, final, final.touched, conflictsRenumberedAfter: conflictsRenumberedAfter)
            let listedAfter = try SyncTables.listedConflicts(db)
            summary.conflictsClosed =
                listedBefore.filter { before in
                    !listedAfter.contains { $0.setsAsideTheSame(as: before) }
                }.count
            var stillChanged: [ItemID] = []
            for uid in affected where target[uid] != final[uid] {
                if let id = try SyncTables.id(of: uid, db) { stillChanged.append(id) }
            }
            try SyncTables.setChanged(db, stillChanged)
            if let lastCommit {
                try SyncTables.setConfig(db, "last_commit", lastCommit)
                try SyncTables.removeConfig(db, SyncTables.partedAtKey)
                try SyncTables.removeConfig(db, SyncTables.remoteUncheckedKey)
            }
            if sequence > 0 { try SyncTables.setConfig(db, "sequence", String(sequence)) }
            try SyncTables.noteRound(db, sentAll: summary.notSent == nil, throughStep: measuredThroughStep)
            try SyncTables.removeConfig(db, "pushing")
        }
    }

    static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
