import GRDB

/// The persistent undo manager of an outline: the counterpart of `NSUndoManager` for a tool whose
/// every command is a new process.
///
/// Each changing command is one step, recorded in the same transaction as the change, so a crash
/// can never keep one without the other. `undo()` reverts the newest step not yet undone, whoever
/// made it; `redo()` re-applies the step undone last; any new change clears what could be redone.
///
/// ```swift
/// try store.remove([groceries])
/// try store.undoManager.undoActionName   // "rm \"Groceries\" and 3 descendants"
/// try store.undoManager.undo()           // the subtree is back, same ids and positions
/// ```
public struct OutlineUndoManager {
    /// The manager is a view of the store's history; holding the store keeps it open while the
    /// manager is in use.
    let store: OutlineStore

    /// How many steps the history keeps; older ones are pruned as new ones arrive. 0 keeps all.
    public var levelsOfUndo: Int {
        get { store.levelsOfUndo }
        nonmutating set { store.levelsOfUndo = newValue }
    }

    /// Whether a step can be undone.
    public var canUndo: Bool { get throws { try undoActionName != nil } }
    /// Whether a step can be redone.
    public var canRedo: Bool { get throws { try redoActionName != nil } }

    /// The name of the step `undo()` would revert, or nil.
    public var undoActionName: String? {
        get throws { try store.read { db in try UndoHistory.nextName(db, undone: false) } }
    }

    /// The name of the step `redo()` would re-apply, or nil.
    public var redoActionName: String? {
        get throws { try store.read { db in try UndoHistory.nextName(db, undone: true) } }
    }

    /// Reverts the newest `steps` steps not yet undone, newest first, all in one transaction.
    ///
    /// - Parameters:
    ///   - steps: how many steps to undo, at least 1.
    ///   - dryRun: do everything, then roll back: reports exactly what would happen.
    ///   - reportingChanges: also compute each step's change report (`UndoStep.changes`).
    /// - Returns: the steps undone, in the order they were undone.
    /// - Throws: `nothingTo`, `notEnoughSteps`, or `historyMismatch` when the database no
    ///   longer matches a step; nothing is changed then.
    @discardableResult
    public func undo(steps: Int = 1, dryRun: Bool = false, reportingChanges: Bool = false) throws -> [UndoStep] {
        try travel(undoing: true, steps: steps, dryRun: dryRun, reportingChanges: reportingChanges)
    }

    /// Re-applies the `steps` steps undone last, the last one first (after undoing 9, 8 and 7,
    /// `redo()` re-applies 7); the parameters, result and errors are those of `undo`.
    @discardableResult
    public func redo(steps: Int = 1, dryRun: Bool = false, reportingChanges: Bool = false) throws -> [UndoStep] {
        try travel(undoing: false, steps: steps, dryRun: dryRun, reportingChanges: reportingChanges)
    }

    /// Reverts step `number` alone, as a new step that undo can revert in turn (as `git revert`
    /// does): its own items must be as it left them; siblings added, removed or moved beside them
    /// since do not matter. A step refused this way blocks no other.
    ///
    /// - Throws: `stepNotRevertible` for a step that is not there, a sync round's, undone, or
    ///   whose items changed since. Nothing changes on error.
    @discardableResult
    public func revert(step number: Int64, dryRun: Bool = false, reportingChanges: Bool = false) throws
        -> ChangeResult
    {
        try store.performChange(reportingChanges: reportingChanges, commit: !dryRun, applyingHistory: true) { db in
            guard let (step, changeset, listEnds, bySync) = try UndoHistory.step(db, number: number) else {
                throw OutlineError.stepNotRevertible(number: number, reason: "the history holds no such step")
            }
            if bySync {
                throw OutlineError.stepNotRevertible(
                    number: number, reason: "it is a sync round, which undo passes over")
            }
            if step.isUndone {
                throw OutlineError.stepNotRevertible(
                    number: number, reason: "it is undone already (redo brings it back)")
            }
            let rows: [ChangedRow]
            do {
                // By intent, the lists' ends are not checked: they tell which lists the step
                // touched, in which its items must still be.
                (rows, _) = try ChangesetApplication.apply(
                    changeset, inverted: true, expecting: listEnds, besideMovedSiblings: true, step: number, db)
            } catch let mismatch as ChangesetApplication.Mismatch {
                // A later step made here is said first: undoing it is what lets this one go.
                let rows = try changeset.rows(inverted: false)
                if try !UndoHistory.localStepChanged(rows, after: number, db),
                    try UndoHistory.syncChanged(rows, after: number, db)
                {
                    throw OutlineError.stepNotRevertible(number: number, reason: "a sync has since changed its items")
                }
                // Later steps here, or an edit outside outline: either way, its items moved on.
                throw OutlineError.stepNotRevertible(
                    number: number, reason: "its items changed since (\(mismatch.reason)); undo the later steps first")
            }
            let parents = Set(rows.flatMap { [$0.oldParent, $0.newParent] }.compactMap { $0 })
            // It moves back what the step moved.
            return ChangeResult(
                action: .revert(number: number, name: step.name), touchedParents: parents, moves: listEnds?.moves)
        }
    }

    /// Forgets the whole history; the outline itself is unchanged.
    public func removeAllActions() throws {
        try store.write { db in try db.execute(sql: "DELETE FROM undo_step; DELETE FROM change_event") }
    }

    /// The history, newest first.
    public func history(limit: Int? = nil) throws -> [UndoStep] {
        try store.read { db in try UndoHistory.list(db, limit: limit) }
    }

    /// A step to apply again by what it did: its exact application failed where a sync has
    /// touched its lists since. Thrown out of the transaction, which rolls the attempt back.
    private struct RetryByIntent: Error {
        let step: StepID
    }

    /// Applies one step's changeset: exactly, or, for a step in `byIntent`, by what it did
    /// (`besideMovedSiblings`), so that a sync that added siblings does not stop the undo of an
    /// `add`; only a change to the step's own items refuses it then.
    ///
    /// - Throws: `RetryByIntent` when the exact application fails and a sync changed the step's
    ///   lists or items since (the caller tries again by intent, in a new transaction: the exact
    ///   path pays for no savepoint).
    private static func apply(
        _ changeset: SessionChangeset, of step: UndoStep, undoing: Bool, listEnds: ListEnds?, byIntent: Bool,
        _ db: Database
    ) throws -> (rows: [ChangedRow], listEnds: ListEnds?) {
        let verb = undoing ? "undo" : "redo"
        if byIntent {
            do {
                // The rows as applied are not what changed: the lists are put in order after
                // them. What changed is recorded as it happens, for the change report.
                let (applied, changed) = try SessionChangeset.record(db) {
                    try ChangesetApplication.apply(
                        changeset, inverted: undoing, expecting: listEnds, besideMovedSiblings: true, step: step.number,
                        db)
                }
                return (try changed.rows(inverted: false), applied.listEnds)
            } catch is ChangesetApplication.Mismatch {
                if !undoing, try changeset.touches("sync_conflict"),
                    let number = try SyncTables.openConflict(onAnyOf: changeset.rows(inverted: false).map(\.id), db)
                {
                    throw OutlineError.takeListedAgain(step: step.name, number: number)
                }
                throw OutlineError.historyChangedBySync(verb: verb, step: step.name)
            }
        }
        let syncedSince = try UndoHistory.syncedAfter(step.number, db)
        // A sync that changed the step's lists goes by intent even where the rows still apply:
        // numbers are not places (it swapped two siblings before the step's item, which then
        // went back to its number, after the wrong one; an item the step moved to another list
        // at the same number has no position in the changeset, and kept the place the sync
        // gave it, among the step's other items too).
        if syncedSince {
            let lists =
                try listEnds.map { Set($0.lastPosition.keys) }
                ?? ListsByIntent.lists(of: changeset.rows(inverted: false), db)
            if try UndoHistory.syncChanged(lists: lists, after: step.number, db) {
                throw RetryByIntent(step: step.number)
            }
        }
        do {
            return try ChangesetApplication.apply(
                changeset, inverted: undoing, expecting: listEnds, syncedSince: syncedSince, db)
        } catch let mismatch as ChangesetApplication.Mismatch {
            // A take of a conflict records the conflict's row, which only a round changes (when
            // the log closes that conflict, or raises it again under a new number), and a round
            // that changes no item records no step: tried again by intent, and said as a sync's.
            guard
                try changeset.touches("sync_conflict")
                    || UndoHistory.syncChanged(try changeset.rows(inverted: false), after: step.number, db)
            else {
                throw OutlineError.historyMismatch(verb: verb, step: step.name, reason: mismatch.reason)
            }
            throw RetryByIntent(step: step.number)
        }
    }

    private func travel(undoing: Bool, steps: Int, dryRun: Bool, reportingChanges: Bool) throws -> [UndoStep] {
        var byIntent: Set<StepID> = []
        while true {
            do {
                return try travelOnce(
                    undoing: undoing, steps: steps, dryRun: dryRun, reportingChanges: reportingChanges,
                    byIntent: byIntent)
            } catch let retry as RetryByIntent where !byIntent.contains(retry.step) {
                byIntent.insert(retry.step)
            }
        }
    }

    private func travelOnce(
        undoing: Bool, steps: Int, dryRun: Bool, reportingChanges: Bool, byIntent: Set<StepID>
    ) throws -> [UndoStep] {
        let verb = undoing ? "undo" : "redo"
        guard steps >= 1 else { throw OutlineError.notEnoughSteps(verb: verb, requested: steps, available: 0) }
        let applied = try store.writeApplyingHistory(commit: !dryRun) { db in
            let entries = try UndoHistory.next(db, undone: !undoing, limit: steps)
            if entries.isEmpty { throw OutlineError.nothingTo(verb: verb) }
            if entries.count < steps {
                throw OutlineError.notEnoughSteps(verb: verb, requested: steps, available: entries.count)
            }
            return try entries.map { step, changeset, listEnds in
                let (rows, newEnds) = try Self.apply(
                    changeset, of: step, undoing: undoing, listEnds: listEnds,
                    byIntent: byIntent.contains(step.number), db)
                try UndoHistory.setUndone(db, step.number, undoing, listEnds: newEnds)
                var applied = step
                applied.isUndone = undoing
                if reportingChanges { applied.changes = try store.report(db, rows) }
                return applied
            }
        }
        return applied
    }
}
