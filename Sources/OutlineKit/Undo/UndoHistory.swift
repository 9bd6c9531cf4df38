import CSQLiteSession
import Foundation
import GRDB

/// The undo history table: reads and writes of `undo_step`, inside the caller's transaction.
enum UndoHistory {
    /// Records a step and clears what could be redone; prunes steps and events beyond `levels`
    /// (0: keep all).
    ///
    /// A step a sync made (`bySync`) is kept for watchers and for telling why an undo is refused,
    /// but `undo` passes over it, and it leaves what could be redone as it was: the user's own
    /// steps stay theirs to undo and redo.
    static func push(
        _ db: Database, name: String, changeset: RecordedChanges, listEnds: ListEnds, levels: Int,
        bySync: Bool = false
    ) throws -> StepID {
        // Cleared steps stay readable for watchers until pruned; see `Schema.createVersion2`.
        if !bySync, try undoneStepsExist(db) {
            try db.cachedStatement(sql: "UPDATE undo_step SET undone = 2 WHERE undone = 1").execute()
        }
        try insertStep(db, name: name, changeset: changeset, listEnds: listEnds, origin: bySync ? 1 : 0)
        let number = db.lastInsertedRowID
        let event = try recordEvent(db, step: number, .done)
        if levels > 0 {
            try db.cachedStatement(sql: "DELETE FROM undo_step WHERE id <= ?")
                .execute(arguments: [number - Int64(levels)])
            try db.cachedStatement(sql: "DELETE FROM change_event WHERE seq <= ?")
                .execute(arguments: [event - Int64(levels)])
        }
        return number
    }

    /// Whether any step is undone, and so could be redone until this change clears it. Asked
    /// before the `UPDATE` that clears them: usually none is, and compiling the update, with
    /// its check and index upkeep, costs about 89,000 instructions against 33,000 for this
    /// query, 1.4% of an `add` (Docs/performance.md, "`add` at a million items, again").
    private static func undoneStepsExist(_ db: Database) throws -> Bool {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM undo_step WHERE undone = 1 LIMIT 1")) != nil
    }

    /// Inserts the step's row. Through SQLite's C interface, so that the changeset is bound
    /// where it lies: GRDB has SQLite copy a blob it binds. A big changeset is not bound at all:
    /// the row is made with a blob of zeros of its size, which SQLite writes without holding
    /// it because the changeset is the row's last column (`Schema.createVersion10`), and the
    /// changeset is streamed into that blob
    /// (Docs/performance.md, "Big writes, export, a million siblings").
    private static func insertStep(
        _ db: Database, name: String, changeset: RecordedChanges, listEnds: ListEnds, origin: Int
    ) throws {
        if let collected = changeset.collected {
            let statement = try RawStatement(
                db,
                sql: "INSERT INTO undo_step (name, changeset, created_at, list_ends, origin) VALUES (?, ?, ?, ?, ?)")
            try collected.bytes.withUnsafeBytes { blob in
                statement.bind(1, text: name)
                statement.bind(2, blobInPlace: blob)
                statement.bind(3, Date().timeIntervalSince1970)
                statement.bind(4, text: listEnds.stored)
                statement.bind(5, Double(origin))
                _ = try statement.step()
            }
            return
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO undo_step (name, changeset, created_at, list_ends, origin)
                VALUES (?, zeroblob(?), ?, ?, ?)
                """
        ).execute(arguments: [name, changeset.size, Date().timeIntervalSince1970, listEnds.stored, origin])
        // The session wraps its output in a savepoint, which cannot end while a blob is open:
        // the pieces are gathered a mebibyte at a time, and each run written through a blob
        // opened for it.
        let row = db.lastInsertedRowID
        var run: [UInt8] = []
        run.reserveCapacity(Self.blobRun)
        var offset: Int32 = 0
        func flush() throws {
            guard !run.isEmpty else { return }
            var blob: OpaquePointer?
            try check(sqlite3_blob_open(db.sqliteConnection, "main", "undo_step", "changeset", row, 1, &blob), db)
            defer { sqlite3_blob_close(blob) }
            try check(sqlite3_blob_write(blob, run, Int32(run.count), offset), db)
            offset += Int32(run.count)
            run.removeAll(keepingCapacity: true)
        }
        try changeset.write { piece in
            run.append(contentsOf: piece)
            if run.count >= Self.blobRun { try flush() }
        }
        try flush()
    }

    /// How much of a streamed changeset is written to its blob at a time.
    private static let blobRun = 1 << 20

    /// Throws a failed blob call's error as the store's other SQLite errors are thrown.
    private static func check(_ code: Int32, _ db: Database) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
    }

    /// Appends to the event log; returns the event's sequence number.
    @discardableResult
    static func recordEvent(_ db: Database, step: StepID, _ event: StepEvent) throws -> Int64 {
        try db.cachedStatement(sql: "INSERT INTO change_event (step, kind) VALUES (?, ?)")
            .execute(arguments: [step, event.rawValue])
        return db.lastInsertedRowID
    }

    /// The newest steps not undone (for undo) or the oldest undone ones (for redo), in the order
    /// they are to be applied.
    static func next(_ db: Database, undone: Bool, limit: Int) throws
        -> [(step: UndoStep, changeset: SessionChangeset, listEnds: ListEnds?)]
    {
        let sql =
            undone
            ? """
            SELECT id, CAST(name AS TEXT) AS name, CAST(created_at AS REAL) AS created_at,
                   CAST(undone AS INTEGER) AS undone, CAST(changeset AS BLOB) AS changeset,
                   CAST(list_ends AS TEXT) AS list_ends
            FROM undo_step WHERE undone = 1 ORDER BY id LIMIT ?
            """
            : """
            SELECT id, CAST(name AS TEXT) AS name, CAST(created_at AS REAL) AS created_at,
                   CAST(undone AS INTEGER) AS undone, CAST(changeset AS BLOB) AS changeset,
                   CAST(list_ends AS TEXT) AS list_ends
            FROM undo_step WHERE undone = 0 AND origin = 0 ORDER BY id DESC LIMIT ?
            """
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [limit]).map { row in
            let bytes: Data = row["changeset"]
            return (step(row), SessionChangeset(bytes: bytes), ListEnds(stored: row["list_ends"]))
        }
    }

    /// Whether a sync round changed this outline after step `number`: the only way a list can
    /// change beside a step without the step's own rows telling. Read by the key, from the
    /// step on.
    static func syncedAfter(_ number: StepID, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM undo_step WHERE id > ? AND origin = 1)"),
            arguments: [number]) ?? false
    }

    /// Whether a step that a sync recorded after step `number` changed any of `rows`' items, or
    /// any list they were in or went to: why an undo of that step no longer applies, when it
    /// does not.
    static func syncChanged(_ rows: [ChangedRow], after number: StepID, _ db: Database) throws -> Bool {
        try laterStepChanged(rows, after: number, bySync: true, db)
    }

    /// The same of the steps made here after step `number` that are still done.
    static func localStepChanged(_ rows: [ChangedRow], after number: StepID, _ db: Database) throws -> Bool {
        try laterStepChanged(rows, after: number, bySync: false, db)
    }

    private static func laterStepChanged(_ rows: [ChangedRow], after number: StepID, bySync: Bool, _ db: Database)
        throws -> Bool
    {
        let items = Set(rows.map(\.id)).union(try ListsByIntent.lists(of: rows, db))
        return try anyLaterRow(after: number, bySync: bySync, db) { row in
            items.contains(row.id) || row.oldParent.map(items.contains) == true
                || row.newParent.map(items.contains) == true
        }
    }

    /// Whether a step that a sync recorded after step `number` changed any of `lists`: added an
    /// item to one, took one out, or numbered one of their items again.
    static func syncChanged(lists: Set<ItemID>, after number: StepID, _ db: Database) throws -> Bool {
        let parent = try db.cachedStatement(sql: "SELECT parent_id FROM item WHERE id = ?")
        return try anyLaterRow(after: number, bySync: true, db) { row in
            if row.oldParent.map(lists.contains) == true || row.newParent.map(lists.contains) == true { return true }
            guard row.changesPositionAlone, let now = try ItemID.fetchOne(parent, arguments: [row.id]) else {
                return false
            }
            return lists.contains(now)
        }
    }

    /// Whether a row of a step after step `number` matches: of a sync's step (`bySync`), or of one
    /// made here that is still done. Reads the steps one at a time, and stops at the first match.
    private static func anyLaterRow(
        after number: StepID, bySync: Bool, _ db: Database, where matches: (ChangedRow) throws -> Bool
    ) throws -> Bool {
        let steps = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT CAST(changeset AS BLOB) FROM undo_step WHERE origin = ? AND undone = 0 AND id > ?
                    ORDER BY id
                    """),
            arguments: [bySync ? 1 : 0, number])
        while let step = try steps.next() {
            let bytes: Data = step[0]
            if try SessionChangeset(bytes: bytes).rows(inverted: false).contains(where: matches) { return true }
        }
        return false
    }

    /// The number of the newest step in the history; 0 when it holds none.
    static func newestStep(_ db: Database) throws -> StepID {
        try StepID.fetchOne(db, sql: "SELECT max(id) FROM undo_step") ?? 0
    }

    /// The name of the step `next` would return first, without reading its changeset.
    static func nextName(_ db: Database, undone: Bool) throws -> String? {
        let sql =
            undone
            ? "SELECT CAST(name AS TEXT) FROM undo_step WHERE undone = 1 ORDER BY id LIMIT 1"
            : "SELECT CAST(name AS TEXT) FROM undo_step WHERE undone = 0 AND origin = 0 ORDER BY id DESC LIMIT 1"
        return try String.fetchOne(db.cachedStatement(sql: sql))
    }

    /// Marks the step undone or redone, with the ends of its lists as they now are.
    static func setUndone(_ db: Database, _ number: StepID, _ undone: Bool, listEnds: ListEnds?) throws {
        try db.cachedStatement(sql: "UPDATE undo_step SET undone = ?, list_ends = ? WHERE id = ?")
            .execute(arguments: [undone, listEnds?.stored, number])
        try recordEvent(db, step: number, undone ? .undone : .redone)
    }

    /// The history, newest first.
    static func list(_ db: Database, limit: Int?) throws -> [UndoStep] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, CAST(name AS TEXT) AS name, CAST(created_at AS REAL) AS created_at,
                       CAST(undone AS INTEGER) AS undone
                FROM undo_step WHERE undone < 2 ORDER BY id DESC LIMIT ?
                """,
            arguments: [limit ?? -1]
        ).map(step)
    }

    /// Reads a step. Its queries cast every column to the type it is read as: GRDB stops the
    /// process on a value of another type, which a file edited outside outline may hold, and a
    /// cast never fails.
    /// Step `number` with its changeset, the ends of the lists it touched, and whether a sync
    /// recorded it; nil when the history holds no such step.
    static func step(_ db: Database, number: StepID) throws -> (
        step: UndoStep, changeset: SessionChangeset, listEnds: ListEnds?, bySync: Bool
    )? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT id, CAST(name AS TEXT) AS name, CAST(created_at AS REAL) AS created_at,
                           CAST(undone AS INTEGER) AS undone, CAST(changeset AS BLOB) AS changeset,
                           CAST(list_ends AS TEXT) AS list_ends, origin
                    FROM undo_step WHERE id = ?
                    """, arguments: [number])
        else { return nil }
        let bytes: Data = row["changeset"]
        return (
            step(row), SessionChangeset(bytes: bytes), ListEnds(stored: row["list_ends"]),
            (row["origin"] as Int? ?? 0) != 0
        )
    }

    private static func step(_ row: Row) -> UndoStep {
        UndoStep(
            number: row["id"], name: row["name"], date: Date(timeIntervalSince1970: row["created_at"]),
            isUndone: (row["undone"] as Int) != 0)
    }
}
