import CSQLiteSession
import Foundation
import GRDB

/// One item of the outline, as stored: a plain value, read and written through `OutlineStore`.
public struct Item: Equatable, Sendable {
    /// The item's stable id, never given to another item.
    public var id: ItemID
    /// The parent's id: `ItemID.root` for a top-level item.
    public var parentID: ItemID
    /// 1-based position among its siblings.
    public var position: Int
    /// The title: one line of text, trimmed (see `Title`).
    public var title: String
    /// When the item was marked done; nil while it is open.
    public var doneAt: Date?
    /// The note: lines of text (see `Note`); nil for none.
    public var note: String?

    /// Whether the item is marked done.
    public var isDone: Bool { doneAt != nil }

    /// An item with the given fields, as the store would return it.
    public init(
        id: ItemID, parentID: ItemID, position: Int, title: String, doneAt: Date? = nil, note: String? = nil
    ) {
        self.id = id
        self.parentID = parentID
        self.position = position
        self.title = title
        self.doneAt = doneAt
        self.note = note
    }
}

/// How the store decodes an `Item` from a row: kept inside the library, so that GRDB's record
/// protocols are not part of `Item`'s public face.
struct ItemRecord: FetchableRecord {
    let item: Item

    /// Decodes `SELECT id, parent_id, position, title, done_at, note`, by column index: looking columns up by name costs more than
    /// the rest of the decoding when a listing reads every row.
    ///
    /// - Throws: `malformedItem` for a parent that is not an id. Read as a number, text such as
    ///   `'1x'` would pass for item 1 and a blob for the root, and the item would be moved or
    ///   shown under an item it does not hang from.
    init(row: Row) throws {
        let id: ItemID = row[0]
        item = Item(
            id: id, parentID: try ItemColumns.parent(row[1] as DatabaseValue, of: id), position: row[2],
            title: row[3], doneAt: ItemColumns.doneAt(row[4] as DatabaseValue), note: row[5])
    }
}

/// How the content columns read, whoever wrote them.
enum ItemColumns {
    /// The state a `done_at` value stands for: NULL is open; any other value is done, at that time
    /// when it is a number (a file edited outside outline may hold text there: done, at time 0).
    static func doneAt(_ value: DatabaseValue) -> Date? {
        switch value.storage {
        case .null: nil
        case .int64(let seconds): Date(timeIntervalSince1970: Double(seconds))
        case .double(let seconds): Date(timeIntervalSince1970: seconds)
        case .string, .blob: Date(timeIntervalSince1970: 0)
        }
    }

    /// The parent a `parent_id` value names: NULL is the root's own row.
    ///
    /// - Throws: `malformedItem` (`parentNotAnID`) for text, a blob or a real number;
    ///   (`noParent`) for NULL in any row but the root's, which the table refuses unless told to
    ///   ignore its checks: read as the root, the item would be placed among the root's children,
    ///   whose list does not hold it.
    static func parent(_ value: DatabaseValue, of id: ItemID) throws -> ItemID {
        switch value.storage {
        case .int64(let parent): return parent
        case .null:
            guard id == .root else { throw OutlineError.malformedItem(id, .noParent) }
            return .root
        case .double, .string, .blob: throw OutlineError.malformedItem(id, .parentNotAnID)
        }
    }

    /// A `position` value that new positions are counted from: a whole number from 1 on.
    ///
    /// - Throws: `malformedItem` (`positionNotAWholeNumber`, `positionBelowOne`).
    static func position(_ value: DatabaseValue, of id: ItemID) throws -> Int64 {
        guard case .int64(let position) = value.storage else {
            throw OutlineError.malformedItem(id, .positionNotAWholeNumber)
        }
        guard position >= 1 else { throw OutlineError.malformedItem(id, .positionBelowOne(position)) }
        return position
    }

    /// The same, for a value of the given SQLite type (`SQLITE_NULL`, ...) holding `seconds`.
    static func doneAt(type: Int32, seconds: @autoclosure () -> Double) -> Date? {
        switch type {
        case SQLITE_NULL: nil
        case SQLITE_INTEGER, SQLITE_FLOAT: Date(timeIntervalSince1970: seconds())
        default: Date(timeIntervalSince1970: 0)
        }
    }
}
