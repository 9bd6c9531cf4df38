import Foundation
import GRDB

extension OutlineStore {
    /// Marks the items done at `date` with the workflow's first done keyword; their descendants
    /// keep their own states. An open item with a repeating date stays open instead, and its
    /// dates move by their repeaters (the step's name says where to).
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
        try changeStates(ids, operation: "marked done", reportingChanges: reportingChanges) { item, workflow in
            try item.markDone(workflow: workflow, at: date)
        }
    }

    /// Gives done items the workflow's first open keyword; their descendants keep their own
    /// states. Items already open are left as they are, as `markDone` leaves done ones.
    ///
    /// - Throws: `rootNotAllowed`, `duplicateItem`, `unknownItem`, `noItems`.
    @discardableResult
    public func reopen(_ ids: [ItemID], reportingChanges: Bool = false) throws -> ChangeResult {
        try changeStates(ids, operation: "reopened", reportingChanges: reportingChanges) { item, workflow in
            item.reopen(workflow: workflow)
            return []
        }
    }

    /// `done` and `reopen`: `change` changes one item and says how its dates moved.
    private func changeStates(
        _ ids: [ItemID], operation: String, reportingChanges: Bool,
        _ change: (inout AttributedItem, Workflow) throws -> [String]
    ) throws -> ChangeResult {
        try requireDistinctItems(ids, operation: operation)
        return try performChange(reportingChanges: reportingChanges) { db in
            let workflow = try Self.workflow(db)
            let (titles, moved) = try AttributedItem.changeEach(ids, db) { item in try change(&item, workflow) }
            // Of several items, each move is named by its item's title.
            let moves = moved.flatMap { title, moves in
                moves.map { ids.count == 1 ? $0 : "\(Action.quote(title)): \($0)" }
            }
            let action: Action = operation == "reopened" ? .reopen(titles: titles) : .done(titles: titles, moved: moves)
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
