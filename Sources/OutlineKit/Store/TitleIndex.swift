import GRDB

/// The folded copies of the titles that title paths and `find` are served by: the sparse
/// `title_key` table and the `title_search` trigram index (see `Schema` version 4).
///
/// SQLite cannot fold Unicode itself, so the folding happens here. Triggers note every added or
/// retitled item in `title_unindexed`, whoever wrote it; `catchUp` folds the noted titles, and
/// every write of the store calls it before committing. A title written outside outline stays
/// noted until the next write: readers treat noted items as unindexed (`pending`), so that they
/// are never missed, only found more slowly.
enum TitleIndex {
    /// Folds the titles noted in `title_unindexed` into both indexes, and clears the notes.
    static func catchUp(_ db: Database) throws {
        let noted = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT u.id, CAST(i.title AS TEXT) FROM title_unindexed u JOIN item i ON i.id = u.id"))
        // A note for an item that is gone cannot outlive it (the removal trigger drops it).
        guard !noted.isEmpty else { return }
        let deleteKey = try db.cachedStatement(sql: "DELETE FROM title_key WHERE id = ?")
        let insertKey = try db.cachedStatement(sql: "INSERT INTO title_key (id, key) VALUES (?, ?)")
        let deleteText = try db.cachedStatement(sql: "DELETE FROM title_search WHERE rowid = ?")
        let insertText = try db.cachedStatement(sql: "INSERT INTO title_search (rowid, text) VALUES (?, ?)")
        for row in noted {
            let id: ItemID = row[0]
            let title: String = row[1] ?? ""
            try deleteKey.execute(arguments: [id])
            if let key = TitleKey.stored(for: title) { try insertKey.execute(arguments: [id, key]) }
            try deleteText.execute(arguments: [id])
            try insertText.execute(arguments: [id, TitleKey.searchText(of: title)])
        }
        try db.execute(sql: "DELETE FROM title_unindexed")
    }

    /// An item whose title is not folded into the indexes yet.
    struct PendingItem {
        var id: ItemID
        var parent: ItemID
        var title: String
    }

    /// The items noted but not yet folded: titles written outside outline since its last write.
    static func pending(_ db: Database) throws -> [PendingItem] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT i.id, i.parent_id, CAST(i.title AS TEXT)
                    FROM title_unindexed u JOIN item i ON i.id = u.id
                    """))
        return rows.map { PendingItem(id: $0[0], parent: $0[1] ?? .root, title: $0[2] ?? "") }
    }

    /// Empties both indexes and folds every title again: the way back from an index edited or
    /// damaged outside outline.
    static func rebuild(_ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM title_key;
                DELETE FROM title_search;
                INSERT OR IGNORE INTO title_unindexed (id) SELECT id FROM item WHERE id != 0;
                """)
        try catchUp(db)
    }
}

extension TitleIndex {
    /// Items whose folded copies are wrong or missing, and rows left for items that are gone:
    /// what an edit of the index tables outside outline leaves. Titles still noted are not
    /// counted: readers fold them themselves, and the next write indexes them.
    ///
    /// Reads the items and the search index side by side in id order, so that a million items
    /// cost two scans and no lookups.
    static func staleItems(_ db: Database) throws -> [ItemID] {
        let noted = Set(try ItemID.fetchAll(db, sql: "SELECT id FROM title_unindexed"))
        var keys: [ItemID: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, CAST(key AS TEXT) FROM title_key") {
            keys[row[0]] = row[1]
        }
        var stale: [ItemID] = []
        let items = try Row.fetchCursor(
            db, sql: "SELECT id, CAST(title AS TEXT) FROM item WHERE id != 0 ORDER BY id")
        let texts = try Row.fetchCursor(db, sql: "SELECT rowid, CAST(text AS TEXT) FROM title_search ORDER BY rowid")
        var text = try texts.next().map { (id: $0[0] as ItemID, text: $0[1] as String?) }
        while let row = try items.next() {
            let id: ItemID = row[0]
            let title: String = row[1] ?? ""
            // Index rows for ids below this one belong to items that are gone.
            while let current = text, current.id < id {
                stale.append(current.id)
                text = try texts.next().map { ($0[0], $0[1]) }
            }
            var matches = false
            if let current = text, current.id == id {
                matches = current.text == TitleKey.searchText(of: title)
                text = try texts.next().map { ($0[0], $0[1]) }
            }
            let key = keys.removeValue(forKey: id)
            if noted.contains(id) { continue }
            if !matches || key != TitleKey.stored(for: title) { stale.append(id) }
        }
        while let current = text {
            stale.append(current.id)
            text = try texts.next().map { ($0[0], $0[1]) }
        }
        stale += keys.keys
        return Array(Set(stale)).sorted()
    }
}
