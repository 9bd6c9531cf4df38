import CSQLiteSession
import Foundation
import GRDB

/// A statement stepped through SQLite's C interface: for the few reads that visit so many rows
/// that building a GRDB row for each would cost more than SQLite's own work (see
/// `ChildrenFetcher`). Owned by its user and finalized with it, outside GRDB's statement cache.
final class RawStatement {
    // Constants: a `var` property of a class is checked for exclusive access at run time on
    // every read, which for a statement stepped a million times is measurable.
    private let statement: OpaquePointer?
    private let connection: OpaquePointer?

    convenience init(_ db: Database, sql: String) throws {
        try self.init(connection: db.sqliteConnection, sql: sql)
    }

    /// A statement on a connection opened through the C interface (see `SecondReader`).
    init(connection: OpaquePointer?, sql: String) throws {
        self.connection = connection
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &prepared, nil)
        statement = prepared
        guard code == SQLITE_OK else { throw error(code) }
    }

    deinit { sqlite3_finalize(statement) }

    /// Starts the statement over with `values` bound to its parameters, in order.
    func reset(binding values: Int64...) {
        sqlite3_reset(statement)
        for (index, value) in values.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), value) }
    }

    /// Starts the statement over with `text` bound to its one parameter.
    func reset(binding text: String) {
        sqlite3_reset(statement)
        bind(1, text: text)
    }

    /// Binds `text` to parameter `index` (from 1); SQLite keeps a copy.
    func bind(_ index: Int32, text: String) {
        // SQLITE_TRANSIENT (-1): SQLite copies the text, which lives only for this call.
        sqlite3_bind_text(statement, index, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }

    /// Binds `number` to parameter `index` (from 1).
    func bind(_ index: Int32, _ number: Double) {
        sqlite3_bind_double(statement, index, number)
    }

    /// Binds `blob` to parameter `index` (from 1) where it lies, without a copy: the caller
    /// keeps it alive and unchanged until the statement has stepped.
    func bind(_ index: Int32, blobInPlace blob: UnsafeRawBufferPointer) {
        // A zero-length blob needs a pointer all the same, or SQLite stores NULL.
        sqlite3_bind_blob(statement, index, blob.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(blob.count), nil)
    }

    /// Binds `pointer` to parameter `index` (from 1) under SQLite's pointer-passing interface:
    /// only a function asking for `type` sees it. The caller keeps it valid while the statement
    /// steps.
    func bind(_ index: Int32, pointer: UnsafeMutableRawPointer, type: StaticString) {
        sqlite3_bind_pointer(statement, index, pointer, SinkFunction.cString(type), nil)
    }

    /// Binds `value` to parameter `index` (from 1); SQLite keeps a copy of text and blobs.
    func bind(_ index: Int32, _ value: DatabaseValue) {
        switch value.storage {
        case .null: sqlite3_bind_null(statement, index)
        case .int64(let number): sqlite3_bind_int64(statement, index, number)
        case .double(let number): sqlite3_bind_double(statement, index, number)
        case .string(let text): bind(index, text: text)
        case .blob(let data):
            _ = data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(
                    statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
                    unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        }
    }

    /// Runs a statement that writes, with `values` bound to its parameters in order: for a
    /// write repeated for every item of a big outline, where building GRDB's arguments for
    /// each cost more than SQLite's own work (`SyncApplier`).
    func execute(binding values: [DatabaseValue]) throws {
        sqlite3_reset(statement)
        for (index, value) in values.enumerated() { bind(Int32(index + 1), value) }
        while try step() {}
    }

    /// Moves to the next row; false when there is none.
    func step() throws -> Bool {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { return false }
        guard code == SQLITE_ROW else { throw error(code) }
        return true
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// Whether the column holds an integer (not NULL, a real, text or a blob).
    func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_INTEGER }

    /// The column as text; "" for NULL.
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column as text; nil for NULL.
    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : text(column)
    }

    /// The column read as `done_at` (see `ItemColumns.doneAt`).
    func doneAt(_ column: Int32) -> Date? {
        ItemColumns.doneAt(
            type: sqlite3_column_type(statement, column), seconds: sqlite3_column_double(statement, column))
    }

    /// The column's text as bytes, valid until the next step or reset; empty for NULL.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let bytes = sqlite3_column_text(statement, column) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    private func error(_ code: Int32) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
    }
}
