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
    /// Whether the rows hold the attributes' columns too (`ItemAttributes`), after the
    /// has-children flag: only listings that show them pay for reading them.
    private let readsAttributes: Bool

    init(_ db: Database, readingAttributes: Bool = false) throws {
        readsAttributes = readingAttributes
        // The attributes' columns in `ItemAttributes(statement:startingAt:doneAt:)`'s order.
        statement = try RawStatement(
            db,
            sql: readingAttributes
                ? """
                SELECT id, parent_id, position, title, done_at, note,
                       EXISTS (SELECT 1 FROM item AS child WHERE child.parent_id = item.id),
                       state, last_done, tags, scheduled, scheduled_repeat, due, due_repeat, priority, properties
                FROM item WHERE parent_id = ? ORDER BY position
                """
                : """
                SELECT id, parent_id, position, title, done_at, note,
                       EXISTS (SELECT 1 FROM item AS child WHERE child.parent_id = item.id)
                FROM item WHERE parent_id = ? ORDER BY position
                """)
    }

    /// The children of `parent` in order, each with whether it has children of its own, and
    /// its attributes when the fetcher reads them.
    func children(of parent: ItemID, _ db: Database) throws
        -> [(item: Item, hasChildren: Bool, attributes: ItemAttributes?)]
    {
        statement.reset(binding: parent)
        var children: [(item: Item, hasChildren: Bool, attributes: ItemAttributes?)] = []
        while try statement.step() {
            let item = Item(
                id: statement.int64(0), parentID: statement.int64(1), position: Int(statement.int64(2)),
                title: statement.text(3), doneAt: statement.doneAt(4), note: statement.optionalText(5))
            let attributes =
                readsAttributes ? ItemAttributes(statement: statement, startingAt: 7, doneAt: item.doneAt) : nil
            children.append((item, statement.int64(6) != 0, attributes))
        }
        return children
    }
}
