import GRDB

/// The fetch behind every results controller and every `ls`: one parent's children in outline
/// order, each with whether it has children of its own, read straight from a prepared statement.
///
/// A listing runs this query once per parent and reads every row; building GRDB rows for them
/// cost more than SQLite's own work (Docs/performance.md, "Fixes, in order").
/// The has-children flag spares a depth-first walk one query per leaf, most of an outline.
/// The statement belongs to the fetcher and is finalized with it; GRDB's statement cache never
/// sees it.
final class ChildrenFetcher {
    private let statement: RawStatement

    init(_ db: Database) throws {
        statement = try RawStatement(
            db,
            sql: """
                SELECT id, parent_id, position, title, done_at, note,
                       EXISTS (SELECT 1 FROM item AS child WHERE child.parent_id = item.id)
                FROM item WHERE parent_id = ? ORDER BY position
                """)
    }

    /// The children of `parent` in order, each with whether it has children of its own.
    func children(of parent: ItemID, _ db: Database) throws -> [(item: Item, hasChildren: Bool)] {
        statement.reset(binding: parent)
        var children: [(item: Item, hasChildren: Bool)] = []
        while try statement.step() {
            let item = Item(
                id: statement.int64(0), parentID: statement.int64(1), position: Int(statement.int64(2)),
                title: statement.text(3), doneAt: statement.doneAt(4), note: statement.optionalText(5))
            children.append((item, statement.int64(6) != 0))
        }
        return children
    }
}
