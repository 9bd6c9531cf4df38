import Foundation
import GRDB

extension OutlineStore {
    /// Marks the items done at `date`; their descendants keep their own states.
    ///
    /// Items already done keep their time and are left out of the step's name; when all of them
    /// are done already, nothing changes and no step is recorded (`ChangeResult.step` is nil).
    ///
    /// - Throws: `rootNotAllowed`, `duplicateItem`, `unknownItem`, `noItems`. Nothing changes on
    ///   error.
    @discardableResult
    public func markDone(_ ids: [ItemID], at date: Date = Date(), reportingChanges: Bool = false) throws
        -> ChangeResult
    {
        try setState(ids, doneAt: date, reportingChanges: reportingChanges)
    }

    /// Marks done items open again; their descendants keep their own states. Items already open
    /// are left as they are, as `markDone` leaves done ones.
    ///
    /// - Throws: `rootNotAllowed`, `duplicateItem`, `unknownItem`, `noItems`.
    @discardableResult
    public func reopen(_ ids: [ItemID], reportingChanges: Bool = false) throws -> ChangeResult {
        try setState(ids, doneAt: nil, reportingChanges: reportingChanges)
    }

    private func setState(_ ids: [ItemID], doneAt date: Date?, reportingChanges: Bool) throws -> ChangeResult {
        try requireDistinctItems(ids, operation: date == nil ? "reopened" : "marked done")
        return try performChange(reportingChanges: reportingChanges) { db in
            let items = try ids.map { try TreeQueries.item(db, $0) }
            let changing = items.filter { $0.isDone != (date != nil) }
            let statement = try db.cachedStatement(sql: "UPDATE item SET done_at = ? WHERE id = ?")
            for item in changing {
                try statement.execute(arguments: [date?.timeIntervalSince1970, item.id])
            }
            // With nothing to change, the action names every item, for the "already" summary.
            let titles = (changing.isEmpty ? items : changing).map(\.title)
            let action: Action = date == nil ? .reopen(titles: titles) : .done(titles: titles)
            return ChangeResult(action: action)
        }
    }

    /// Sets the item's note, or removes it when `note` is nil or empty once trimmed.
    ///
    /// - Parameters:
    ///   - id: the item; not the root.
    ///   - note: the new note, checked as `Note.validated` says.
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    /// - Throws: a note error, `rootNotAllowed`, `unknownItem`.
    @discardableResult
    public func setNote(_ id: ItemID, to note: String?, reportingChanges: Bool = false) throws -> ChangeResult {
        let note = try note.flatMap(Note.validated)
        if id == .root { throw OutlineError.rootNotAllowed(operation: "given a note") }
        return try performChange(reportingChanges: reportingChanges) { db in
            let item = try TreeQueries.item(db, id)
            if item.note != note {
                try db.cachedStatement(sql: "UPDATE item SET note = ? WHERE id = ?").execute(arguments: [note, id])
            }
            return ChangeResult(action: .note(title: item.title, removed: note == nil))
        }
    }
}
