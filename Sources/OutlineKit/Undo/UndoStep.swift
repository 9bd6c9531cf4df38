import Foundation
import GRDB

/// One entry of the undo history: a command that changed the outline.
public struct UndoStep: Equatable, Sendable {
    /// The step number, as `history` shows it and change reports carry it.
    public var number: Int64
    /// What the command did: `rm "Groceries" and 3 descendants`.
    public var name: String
    public var date: Date
    public var isUndone: Bool
    /// What undoing or redoing it changed, when the store `reportsChanges`.
    public var changes: [ReportedChange] = []
}

/// The undo history table: reads and writes of `undo_step`, inside the caller's transaction.
enum UndoHistory {
    /// Records a step and clears what could be redone; prunes steps beyond `levels` (0: keep all).
    static func push(_ db: Database, name: String, changeset: Changeset, levels: Int) throws -> Int64 {
        try db.cachedStatement(sql: "DELETE FROM undo_step WHERE undone = 1").execute()
        try db.cachedStatement(sql: "INSERT INTO undo_step (name, changeset, created_at) VALUES (?, ?, ?)")
            .execute(arguments: [name, Data(changeset.bytes), Date().timeIntervalSince1970])
        let number = db.lastInsertedRowID
        if levels > 0 {
            try db.cachedStatement(sql: "DELETE FROM undo_step WHERE id <= ?").execute(arguments: [
                number - Int64(levels)
            ])
        }
        return number
    }

    /// The newest steps not undone (for undo) or the oldest undone ones (for redo), in the order
    /// they are to be applied.
    static func next(_ db: Database, undone: Bool, limit: Int) throws -> [(step: UndoStep, changeset: Changeset)] {
        let sql =
            undone
            ? "SELECT id, name, created_at, undone, changeset FROM undo_step WHERE undone = 1 ORDER BY id LIMIT ?"
            : "SELECT id, name, created_at, undone, changeset FROM undo_step WHERE undone = 0 ORDER BY id DESC LIMIT ?"
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [limit]).map { row in
            let bytes: Data = row["changeset"]
            return (step(row), Changeset(bytes: Array(bytes)))
        }
    }

    static func count(_ db: Database, undone: Bool) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM undo_step WHERE undone = ?"), arguments: [undone])
            ?? 0
    }

    static func setUndone(_ db: Database, _ number: Int64, _ undone: Bool) throws {
        try db.cachedStatement(sql: "UPDATE undo_step SET undone = ? WHERE id = ?").execute(arguments: [undone, number])
    }

    /// The history, newest first.
    static func list(_ db: Database, limit: Int?) throws -> [UndoStep] {
        try Row.fetchAll(
            db, sql: "SELECT id, name, created_at, undone FROM undo_step ORDER BY id DESC LIMIT ?",
            arguments: [limit ?? -1]
        ).map(step)
    }

    private static func step(_ row: Row) -> UndoStep {
        UndoStep(
            number: row["id"], name: row["name"], date: Date(timeIntervalSince1970: row["created_at"]),
            isUndone: row["undone"])
    }
}
