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
    func children(of parent: ItemID, _ db: Database) throws -> [Child] {
        var children: [Child] = []
        try self.children(of: parent, db, into: &children)
        return children
    }

    /// One child: its entry (with its attributes when the fetcher reads them, and a depth and
    /// place among its siblings for a walk to fill in), and whether it has children of its own.
    ///
    /// A struct that holds the entry a walk hands on, rather than a tuple of its parts: the walk
    /// fills the entry in where it lies, where copying each tuple out, through the runtime's
    /// generic tuple copy, and then its parts into a new entry was about 300 instructions an
    /// item (Docs/performance.md, "Export: the titles' scans and the attributes' copies").
    struct Child {
        /// The child as a walk meets it.
        var entry: TreeEntry
        /// Whether it has children of its own.
        let hasChildren: Bool
        /// The child itself.
        var item: Item { entry.item }
    }

    /// Appends the children of `parent` to `children`: a walk passes the list of a level it
    /// left, so that its room is not allocated and grown again for every parent.
    func children(of parent: ItemID, _ db: Database, into children: inout [Child]) throws {
        statement.reset(binding: parent)
        while try statement.step() {
            let item = Item(
                id: statement.int64(0), parentID: statement.int64(1), position: Int(statement.int64(2)),
                title: statement.text(3), doneAt: statement.doneAt(4), note: statement.optionalText(5))
            let attributes =
                readsAttributes ? ItemAttributes(statement: statement, startingAt: 7, doneAt: item.doneAt) : nil
            children.append(
                Child(entry: TreeEntry(item: item, attributes: attributes), hasChildren: statement.int64(6) != 0))
        }
    }
}
