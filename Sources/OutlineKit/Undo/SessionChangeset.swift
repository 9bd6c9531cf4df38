import CSQLiteSession
import Foundation
import GRDB

/// The rows one command changed in the item table (and in `outline_setting`, where the workflow
/// lives), as recorded by SQLite's session extension.
///
/// A session attached around a command's statements captures every row they touch, including
/// rows removed by `ON DELETE CASCADE` and siblings renumbered by the same transaction. Applied
/// inverted, the changeset restores the rows exactly as they were (same ids, parents, positions
/// and titles); applied forward, it redoes the command.
struct SessionChangeset: Equatable {
    /// The changeset as SQLite writes it. `Data`, so that a big one (an import of a million
    /// items) is neither copied out of SQLite's buffer nor copied again to be stored
    /// (Docs/performance.md, "Big writes, export, a million siblings").
    var bytes: Data

    var isEmpty: Bool { bytes.isEmpty }

    /// Runs `body` while recording the changes it makes to the `item` table.
    ///
    /// - Parameter tables: other tables to record beside them (an add-on's).
    static func record<T>(_ db: Database, alsoRecording tables: [String] = [], _ body: () throws -> T) throws -> (
        T, RecordedChanges
    ) {
        let connection = db.sqliteConnection
        var session: OpaquePointer?
        try check(sqlite3session_create(connection, "main", &session), "start recording")
        var owned = false
        defer { if !owned { sqlite3session_delete(session) } }
        // A bound of the changeset's size, kept as changes are recorded, for `RecordedChanges`
        // to tell a big changeset from the rest before collecting it.
        var enabled: Int32 = 1
        try check(sqlite3session_object_config(session, SQLITE_SESSION_OBJCONFIG_SIZE, &enabled), "start recording")
        try check(sqlite3session_attach(session, "item"), "record the item table")
        // The workflow: a change of it is a step too. Attaching costs nothing until a row of the
        // table changes.
        try check(sqlite3session_attach(session, "outline_setting"), "record the workflow")
        for table in tables { try check(sqlite3session_attach(session, table), "record \(table)") }
        let result = try body()
        owned = true
        return (result, try RecordedChanges(session: session))
    }

    /// Applies the changeset (inverted for an undo) inside the caller's transaction.
    ///
    /// - Throws: `SessionChangeset.Conflict` when a row is not as the changeset expects it.
    ///
    /// - Parameter besideMovedSiblings: make the changes to rows that differ from what the
    ///   changeset expects in their position alone (undo by what the step did, after a sync
    ///   shifted siblings beside its items); the caller numbers the lists again.
    func apply(_ db: Database, inverted: Bool, besideMovedSiblings: Bool = false) throws {
        var conflictKind: Int32 = 0
        let result = bytes.withUnsafeBytes { buffer in
            besideMovedSiblings
                ? outline_changeset_apply_beside_moved_siblings(
                    db.sqliteConnection, Int32(buffer.count), buffer.baseAddress, inverted ? 1 : 0, &conflictKind)
                : outline_changeset_apply(
                    db.sqliteConnection, Int32(buffer.count), buffer.baseAddress, inverted ? 1 : 0, &conflictKind)
        }
        if conflictKind != 0 { throw Conflict(kind: conflictKind) }
        try Self.check(result, "apply the changes")
    }

    /// The rows the changeset touches, as they would be changed by applying it (inverted or not).
    func rows(inverted: Bool) throws -> [ChangedRow] {
        var rows: [ChangedRow] = []
        try bytes.withUnsafeBytes { buffer in
            var iterator: OpaquePointer?
            try Self.check(
                sqlite3changeset_start_v2(
                    &iterator, Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                    inverted ? SQLITE_CHANGESETSTART_INVERT : 0),
                "read the changes")
            defer { sqlite3changeset_finalize(iterator) }
            var code = sqlite3changeset_next(iterator)
            while code == SQLITE_ROW {
                if let row = ChangedRow(iterator!) { rows.append(row) }
                code = sqlite3changeset_next(iterator)
            }
            // A damaged changeset ends the iteration early with an error, not with DONE.
            if code != SQLITE_DONE { try Self.check(code, "read the changes") }
        }
        return rows
    }

    /// Whether the changeset changes rows of `table`.
    func touches(_ table: String) throws -> Bool {
        try bytes.withUnsafeBytes { buffer in
            var iterator: OpaquePointer?
            try Self.check(
                sqlite3changeset_start(
                    &iterator, Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress)),
                "read the changes")
            defer { sqlite3changeset_finalize(iterator) }
            while sqlite3changeset_next(iterator) == SQLITE_ROW {
                var name: UnsafePointer<CChar>?
                var columns: Int32 = 0
                var operation: Int32 = 0
                var indirect: Int32 = 0
                sqlite3changeset_op(iterator, &name, &columns, &operation, &indirect)
                if let name, String(cString: name) == table { return true }
            }
            return false
        }
    }

    /// Why a changeset could not be applied: the SQLITE_CHANGESET_* conflict code.
    struct Conflict: Error {
        var kind: Int32

        var reason: String {
            switch kind {
            case SQLITE_CHANGESET_DATA: "an item it touches was changed since"
            case SQLITE_CHANGESET_NOTFOUND: "an item it touches is gone"
            case SQLITE_CHANGESET_CONFLICT: "an item it would restore already exists"
            case SQLITE_CHANGESET_CONSTRAINT: "it would break a constraint"
            default: "it does not match the database (conflict \(kind))"
            }
        }
    }

    /// Throws the session extension's failures as SQLite errors, so that the store turns a
    /// read-only file, a busy lock or a full disk into the same message as for any other write.
    static func check(_ code: Int32, _ what: String) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: "could not \(what): \(String(cString: sqlite3_errstr(code)))")
        }
    }
}
