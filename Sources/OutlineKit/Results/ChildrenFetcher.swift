import CSQLiteSession
import GRDB

/// The fetch behind every results controller and every `ls`: one parent's children in outline
/// order, each with whether it has children of its own, read straight from a prepared statement.
///
/// A listing runs this query once per parent and reads every row; building GRDB rows for them
/// cost more than SQLite's own work (157 ms against 60 ms for 100 000 items, Docs/benchmarks.md).
/// The has-children flag spares a depth-first walk one query per leaf, most of an outline.
/// The statement belongs to the fetcher and is finalized with it; GRDB's statement cache never
/// sees it.
final class ChildrenFetcher {
    private var statement: OpaquePointer?

    init(_ db: Database) throws {
        let sql = """
            SELECT id, parent_id, position, title,
                   EXISTS (SELECT 1 FROM item AS child WHERE child.parent_id = item.id)
            FROM item WHERE parent_id = ? ORDER BY position
            """
        let code = sqlite3_prepare_v2(db.sqliteConnection, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw Self.error(code, db) }
    }

    deinit { sqlite3_finalize(statement) }

    /// The children of `parent` in order, each with whether it has children of its own.
    func children(of parent: ItemID, _ db: Database) throws -> [(item: Item, hasChildren: Bool)] {
        sqlite3_reset(statement)
        sqlite3_bind_int64(statement, 1, parent)
        var children: [(item: Item, hasChildren: Bool)] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw Self.error(code, db) }
            let titleBytes = sqlite3_column_text(statement, 3)
            let titleLength = Int(sqlite3_column_bytes(statement, 3))
            let title =
                titleBytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: titleLength), as: UTF8.self) }
                ?? ""
            let item = Item(
                id: sqlite3_column_int64(statement, 0), parentID: sqlite3_column_int64(statement, 1),
                position: Int(sqlite3_column_int64(statement, 2)), title: title)
            children.append((item, sqlite3_column_int(statement, 4) != 0))
        }
        return children
    }

    private static func error(_ code: Int32, _ db: Database) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
}
