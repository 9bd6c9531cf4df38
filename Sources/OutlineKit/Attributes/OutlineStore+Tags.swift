import GRDB

extension OutlineStore {
    /// Every tag in use, compared ignoring case, with how many items carry it (set or written as
    /// `#word` in a title: once per item), most used first, then by tag.
    package func tags() throws -> [UsageCount] {
        try read { db in
            // Per key, from the index: the spelling of the lowest id (SQLite takes the bare column
            // from the row min() picks) and the items, those noted since the last catch-up left
            // out; they are counted from their own columns.
            var tally = SpellingTally()
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT key, tag, min(id), count(*) FROM tag_index
                    WHERE id NOT IN (SELECT id FROM title_unindexed) GROUP BY key
                    """)
            while let row = try rows.next() { tally.add(row[1], key: row[0], first: row[2], count: row[3]) }
            for item in try TitleIndex.pending(db) {
                for (key, tag) in item.allTags { tally.add(tag, key: key, first: item.id) }
            }
            return tally.byUse
        }
    }
}
