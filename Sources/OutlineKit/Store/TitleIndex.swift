import GRDB

/// The folded copies of the titles that title paths and `find` are served by: the sparse
/// `title_key` table and the `title_search` trigram index (see `Schema` version 4), and the
/// folded tags of each item, set or written `#word` in its title, in `tag_index` (version 7).
///
/// SQLite cannot fold Unicode itself, so the folding happens here. Triggers note every added,
/// retitled or removed item in `title_unindexed`, whoever wrote it; `catchUp` folds the noted
/// titles and drops the rows of removed items. Every write of the store calls `catchUpIfDue`
/// before committing, which folds once `backlog` titles are noted. Readers treat noted items as
/// unindexed (`pending`) and fold their titles themselves, so that a noted item is never missed,
/// only found a little more slowly.
enum TitleIndex {
    /// How many noted titles a write leaves for a later one: below this many, readers fold them
    /// faster than one catch-up writes them. A catch-up has a fixed cost of about a million
    /// instructions and five dirtied pages (FTS5 connects to its tables and prepares a dozen
    /// statements) whether it folds one title or a hundred, which was a fifth of a plain `add`;
    /// folding every 64th write instead pays that once for 64 `add`s (Docs/performance.md, "The
    /// title index folds in batches").
    static let backlog = 64

    /// Folds the noted titles when `backlog` or more are noted; otherwise leaves them to readers
    /// and a later write.
    static func catchUpIfDue(_ db: Database) throws {
        let noted = try db.cachedStatement(sql: "SELECT count(*) FROM (SELECT 1 FROM title_unindexed LIMIT ?)")
        guard try Int.fetchOne(noted, arguments: [backlog]) ?? 0 >= backlog else { return }
        try catchUp(db)
    }

    /// Folds the titles noted in `title_unindexed` into both indexes, drops the rows of noted
    /// items that are gone, and clears the notes.
    ///
    /// Set-based, through two SQL functions that only outline's connections have (see
    /// `functions`): a trigger that deleted each removed item's index rows one by one made
    /// removing a big subtree many times slower
    /// (Docs/performance.md, "Removing and restoring big subtrees").
    ///
    /// The joins are CROSS JOINs, which SQLite never reorders: the noted ids must drive them. With
    /// a plain JOIN the planner, which has no statistics, read the whole item table for the
    /// title keys on every `add` (Docs/performance.md, "Measurements behind the code";
    /// QueryPlanTests now sees through aliases).
    static func catchUp(_ db: Database) throws {
        let anyNoted = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM title_unindexed)")
        guard try Bool.fetchOne(anyNoted) == true else { return }
        try db.execute(
            sql: """
                DELETE FROM title_search WHERE rowid IN (SELECT id FROM title_unindexed);
                DELETE FROM title_key WHERE id IN (SELECT id FROM title_unindexed);
                INSERT INTO title_search (rowid, text)
                    SELECT i.id, outline_search_text(CAST(i.title AS TEXT), CAST(i.note AS TEXT))
                    FROM title_unindexed u CROSS JOIN item i ON i.id = u.id;
                INSERT INTO title_key (id, key)
                    SELECT id, key FROM (
                        SELECT i.id AS id, outline_title_key(CAST(i.title AS TEXT)) AS key
                        FROM title_unindexed u CROSS JOIN item i ON i.id = u.id)
                    WHERE key IS NOT NULL;
                DELETE FROM tag_index WHERE id IN (SELECT id FROM title_unindexed);
                INSERT OR IGNORE INTO tag_index (key, id, tag)
                    SELECT t.value ->> 0, i.id, t.value ->> 1
                    FROM title_unindexed u CROSS JOIN item i ON i.id = u.id
                    CROSS JOIN json_each(outline_tags(CAST(i.title AS TEXT), CAST(i.tags AS TEXT))) t
                    WHERE i.tags IS NOT NULL OR instr(i.title, '#') > 0;
                DELETE FROM title_unindexed;
                """)
    }

    /// Notes `ids` as the triggers on the item table do, for a write that ran without them: their
    /// index rows are folded again (or dropped) by the next `catchUp`.
    static func note(_ ids: [ItemID], _ db: Database) throws {
        guard !ids.isEmpty else { return }
        try db.execute(
            sql: "INSERT OR IGNORE INTO title_unindexed (id) SELECT value FROM json_each(?) WHERE value != 0",
            arguments: [JSONText.array(ids)])
    }

    /// The folding functions `catchUp` runs, added to every connection the store opens. They are
    /// never named in the schema (an index or trigger that used them would break every other
    /// SQLite tool's writes), only in statements outline runs itself.
    static let functions = [
        DatabaseFunction("outline_search_text", argumentCount: 2, pure: true) { values in
            String.fromDatabaseValue(values[0]).map {
                TitleKey.searchText(of: $0, note: String.fromDatabaseValue(values[1]))
            }
        },
        DatabaseFunction("outline_title_key", argumentCount: 1, pure: true) { values in
            String.fromDatabaseValue(values[0]).flatMap(TitleKey.stored)
        },
        // `[[key, tag], ...]`: the item's tags, set and written in its title (`Tag.all`).
        DatabaseFunction("outline_tags", argumentCount: 2, pure: true) { values in
            let title = String.fromDatabaseValue(values[0]) ?? ""
            let pairs = Tag.all(title: title, tags: String.fromDatabaseValue(values[1]))
            return "["
                + pairs.map { "[" + JSONText.quote($0.key) + "," + JSONText.quote($0.tag) + "]" }
                .joined(separator: ",") + "]"
        },
    ]

    /// An item whose title and note are not folded into the indexes yet.
    struct PendingItem {
        var id: ItemID
        /// nil where an outside edit stored a parent that is not an id.
        var parent: ItemID?
        var title: String
        var note: String?
        /// The `tags` column, as stored.
        var tags: String?

        /// Its tags, set and written in its title (`Tag.all`): what `tag_index` will hold for it.
        var allTags: [(key: String, tag: String)] { Tag.all(title: title, tags: tags) }
    }

    /// Every id noted and not yet folded, items that are gone included: index rows of these ids
    /// may be stale.
    static func notedIDs(_ db: Database) throws -> Set<ItemID> {
        Set(try ItemID.fetchAll(db.cachedStatement(sql: "SELECT id FROM title_unindexed")))
    }

    /// The items noted but not yet folded: titles written outside outline since its last write.
    static func pending(_ db: Database) throws -> [PendingItem] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT i.id, CASE typeof(i.parent_id) WHEN 'integer' THEN i.parent_id WHEN 'null' THEN 0 END,
                           CAST(i.title AS TEXT), CAST(i.note AS TEXT), CAST(i.tags AS TEXT)
                    FROM title_unindexed u JOIN item i ON i.id = u.id
                    """))
        return rows.map { PendingItem(id: $0[0], parent: $0[1], title: $0[2] ?? "", note: $0[3], tags: $0[4]) }
    }

    /// Empties the indexes and folds every title again: the way back from an index edited or
    /// damaged outside outline.
    static func rebuild(_ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM title_key;
                DELETE FROM title_search;
                DELETE FROM tag_index;
                INSERT OR IGNORE INTO title_unindexed (id) SELECT id FROM item WHERE id != 0;
                """)
        try catchUp(db)
    }
}

extension TitleIndex {
    /// Items whose folded copies are wrong or missing, and rows left for items that are gone:
    /// what an edit of the index tables outside outline leaves. Titles still noted are not
    /// counted: readers fold them themselves, and a later write indexes them.
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
            db, sql: "SELECT id, CAST(title AS TEXT), CAST(note AS TEXT) FROM item WHERE id != 0 ORDER BY id")
        let texts = try Row.fetchCursor(db, sql: "SELECT rowid, CAST(text AS TEXT) FROM title_search ORDER BY rowid")
        var text = try texts.next().map { (id: $0[0] as ItemID, text: $0[1] as String?) }
        while let row = try items.next() {
            let id: ItemID = row[0]
            let title: String = row[1] ?? ""
            // Index rows for ids below this one belong to items that are gone.
            while let current = text, current.id < id {
                if !noted.contains(current.id) { stale.append(current.id) }
                text = try texts.next().map { ($0[0], $0[1]) }
            }
            var matches = false
            if let current = text, current.id == id {
                matches = current.text == TitleKey.searchText(of: title, note: row[2])
                text = try texts.next().map { ($0[0], $0[1]) }
            }
            let key = keys.removeValue(forKey: id)
            if noted.contains(id) { continue }
            if !matches || key != TitleKey.stored(for: title) { stale.append(id) }
        }
        while let current = text {
            if !noted.contains(current.id) { stale.append(current.id) }
            text = try texts.next().map { ($0[0], $0[1]) }
        }
        stale += keys.keys.filter { !noted.contains($0) }
        return Array(Set(stale)).sorted()
    }
}
