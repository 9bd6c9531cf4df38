import CSQLiteSession
import Foundation
import GRDB

/// One row of a changeset: what happens to one item when the changeset is applied.
///
/// An insert carries all its new values and a delete all its old ones; an update carries old and
/// new values only for the columns it changes (nil for the others).
struct ChangedRow: Equatable {
    enum Kind { case insert, delete, update }

    struct Values: Equatable {
        var parent: ItemID?
        var position: Int?
        var title: String?
        /// The content columns may be NULL, so each is doubly optional: nil where the changeset
        /// does not set the column (an update that leaves it, or a step recorded before schema 5
        /// had it), `.some(nil)` where it sets it to NULL (open, no note).
        var doneAt: Date?? = nil
        var note: String?? = nil
        /// Whether these values set any attribute column (`ItemAttributes`): a change of tags,
        /// dates, priority, properties or keyword, which a change report calls an update.
        var setsAttributes = false

        /// Whether these values set the state or the note.
        var setsContent: Bool { doneAt != nil || note != nil }
    }

    var kind: Kind
    var id: ItemID
    var old = Values()
    var new = Values()

    var oldParent: ItemID? { old.parent }
    var newParent: ItemID? { new.parent }
    /// Whether this row moves its item within the list it is in: it names no parent, and so no
    /// list, itself.
    var changesPositionAlone: Bool { kind == .update && old.parent == nil && new.parent == nil && new.position != nil }

    /// Column order of the item table: id, parent_id, position, title, done_at, note, then the
    /// attributes of schema version 7, `state` first and `properties` last.
    private enum Column: Int32 { case id = 0, parent, position, title, doneAt, note, state, properties = 14 }

    init(kind: Kind, id: ItemID, old: Values = Values(), new: Values = Values()) {
        self.kind = kind
        self.id = id
        self.old = old
        self.new = new
    }

    /// The row the iterator is at; nil for a row of another table than `item` (the session also
    /// records `outline_setting`, where the workflow lives).
    init?(_ iterator: OpaquePointer) {
        var table: UnsafePointer<CChar>?
        var columnCount: Int32 = 0
        var operation: Int32 = 0
        var indirect: Int32 = 0
        sqlite3changeset_op(iterator, &table, &columnCount, &operation, &indirect)
        guard let table, String(cString: table) == "item" else { return nil }
        self.init(iterator, operation: operation)
    }

    /// The row the iterator is at, a row of the item table.
    private init(_ iterator: OpaquePointer, operation: Int32) {
        switch operation {
        case SQLITE_INSERT:
            kind = .insert
            new = Self.values(iterator, sqlite3changeset_new)
            id = Self.integer(iterator, .id, sqlite3changeset_new) ?? 0
        case SQLITE_DELETE:
            kind = .delete
            old = Self.values(iterator, sqlite3changeset_old)
            id = Self.integer(iterator, .id, sqlite3changeset_old) ?? 0
        default:
            kind = .update
            old = Self.values(iterator, sqlite3changeset_old)
            new = Self.values(iterator, sqlite3changeset_new)
            id = Self.integer(iterator, .id, sqlite3changeset_old) ?? 0
        }
    }

    private typealias ValueReader = (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32

    private static func values(_ iterator: OpaquePointer, _ read: ValueReader) -> Values {
        Values(
            parent: integer(iterator, .parent, read),
            position: integer(iterator, .position, read).map { Int($0) },
            title: text(iterator, .title, read),
            doneAt: nullable(iterator, .doneAt, read).map { value in
                value.flatMap { ItemColumns.doneAt(type: sqlite3_value_type($0), seconds: sqlite3_value_double($0)) }
            },
            note: nullable(iterator, .note, read).map { value in value.map(text) },
            setsAttributes: (Column.state.rawValue...Column.properties.rawValue).contains { column in
                var value: OpaquePointer?
                return read(iterator, column, &value) == SQLITE_OK && value != nil
            })
    }

    /// A column that may hold NULL: nil where the changeset does not set it (or has no such
    /// column), `.some(nil)` for NULL.
    private static func nullable(_ iterator: OpaquePointer, _ column: Column, _ read: ValueReader)
        -> OpaquePointer??
    {
        var value: OpaquePointer?
        guard read(iterator, column.rawValue, &value) == SQLITE_OK, let value else { return nil }
        return .some(sqlite3_value_type(value) == SQLITE_NULL ? nil : value)
    }

    private static func value(_ iterator: OpaquePointer, _ column: Column, _ read: ValueReader) -> OpaquePointer? {
        var value: OpaquePointer?
        guard read(iterator, column.rawValue, &value) == SQLITE_OK, let value, sqlite3_value_type(value) != SQLITE_NULL
        else { return nil }
        return value
    }

    private static func integer(_ iterator: OpaquePointer, _ column: Column, _ read: ValueReader) -> Int64? {
        value(iterator, column, read).map { sqlite3_value_int64($0) }
    }

    private static func text(_ iterator: OpaquePointer, _ column: Column, _ read: ValueReader) -> String? {
        value(iterator, column, read).map(text)
    }

    private static func text(_ value: OpaquePointer) -> String {
        guard let bytes = sqlite3_value_text(value) else { return "" }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
