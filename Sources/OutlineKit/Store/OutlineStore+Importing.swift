import Foundation
import GRDB

extension OutlineStore {
    /// Adds `items`, with everything nested under them, as new items: the top-level ones as
    /// consecutive siblings at the place given, in one transaction recorded as one step.
    ///
    /// - Parameters:
    ///   - items: what the documents held; titles and notes are checked as `add` and `setNote`
    ///     check them, and done items are marked done now.
    ///   - names: the documents' names, for the step's name: `import "notes.md" (12 items)`.
    ///   - parent: the parent; nil means the root, or the anchor's parent for `.before`/`.after`.
    ///   - placement: where the first item goes; the default puts them last.
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    /// - Returns: the result, whose `ids` are the new ids of the top-level items, in order.
    /// - Throws: a title or note error, `noItems` for documents with nothing in them,
    ///   `nestingTooDeep`, and what `add` throws for the place. Nothing is added on error.
    @discardableResult
    public func importItems(
        _ items: [ImportedItem], names: [String], under parent: ItemID? = nil, placement: Placement = .end,
        reportingChanges: Bool = false
    ) throws -> ChangeResult {
        guard !items.isEmpty else { throw OutlineError.noItems }
        let items = try items.map(Self.checked)
        let now = Date().timeIntervalSince1970
        return try performChange(reportingChanges: reportingChanges) { db in
            let place = try placement.resolve(db, parent: parent)
            try TreeQueries.requireRoom(
                levels: items.map(Self.height).max() ?? 1,
                belowDepth: try TreeQueries.ancestry(db, of: place.parent).count)
            try db.cachedStatement(
                sql: "UPDATE item SET position = position + ? WHERE parent_id = ? AND position > ?"
            ).execute(arguments: [items.count, place.parent, place.index])
            let insert = try db.cachedStatement(
                sql: "INSERT INTO item (parent_id, position, title, done_at, note) VALUES (?, ?, ?, ?, ?)")
            var ids: [ItemID] = []
            // Depth-first, with a stack rather than recursion, so that ids run in outline order.
            var pending: [(item: ImportedItem, parent: ItemID, position: Int)] =
                items.enumerated().reversed().map { ($1, place.parent, place.index + $0 + 1) }
            var count = 0
            while let (item, parentID, position) = pending.popLast() {
                try insert.execute(arguments: [parentID, position, item.title, item.isDone ? now : nil, item.note])
                let id = db.lastInsertedRowID
                if parentID == place.parent { ids.append(id) }
                count += 1
                pending += item.children.enumerated().reversed().map { ($1, id, $0 + 1) }
            }
            return ChangeResult(
                action: .importDocuments(names: names, items: count), ids: ids, touchedParents: [place.parent])
        }
    }

    /// The item with its title and note, and those of everything under it, as the store keeps
    /// them.
    private static func checked(_ item: ImportedItem) throws -> ImportedItem {
        var result = item
        result.title = try Title.validated(item.title)
        result.note = try item.note.flatMap(Note.validated)
        result.children = try item.children.map(checked)
        return result
    }

    /// How many levels `item` spans, itself included.
    private static func height(_ item: ImportedItem) -> Int {
        1 + (item.children.map(height).max() ?? 0)
    }
}
