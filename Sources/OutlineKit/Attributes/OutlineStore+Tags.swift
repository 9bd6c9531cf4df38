import GRDB

/// One tag in use, and how many items carry it.
public struct TagCount: Equatable, Sendable {
    /// The tag as the first item that carries it writes it.
    public var tag: String
    /// How many items carry it, set or written as `#tag` in their titles.
    public var count: Int

    /// A tag and its count.
    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}

extension OutlineStore {
    /// Every tag in use, compared ignoring case, with how many items carry it (set or written as
    /// `#word` in a title: once per item), most used first, then by tag.
    public func tags() throws -> [TagCount] {
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
            return tally.byUse.map { TagCount(tag: $0.spelling, count: $0.count) }
        }
    }
}
