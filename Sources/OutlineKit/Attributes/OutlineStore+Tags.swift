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
            let noted = try TitleIndex.notedIDs(db)
            // Per key: the spelling of the lowest id (SQLite takes the bare column from the row
            // min() picks), and the items, those noted since the last catch-up left out.
            var counts: [String: (tag: String, first: ItemID, count: Int)] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT key, tag, min(id), count(*) FROM tag_index
                    WHERE id NOT IN (SELECT id FROM title_unindexed) GROUP BY key
                    """)
            while let row = try rows.next() { counts[row[0]] = (row[1], row[2], row[3]) }
            if !noted.isEmpty {
                let pending = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT i.id, CAST(i.title AS TEXT), CAST(i.tags AS TEXT)
                        FROM title_unindexed u CROSS JOIN item i ON i.id = u.id
                        """)
                for row in pending {
                    let id: ItemID = row[0]
                    for (key, tag) in Tag.all(title: row[1] ?? "", tags: row[2]) {
                        let known = counts[key]
                        let first = known.map { $0.first < id } ?? false
                        counts[key] = (first ? known!.tag : tag, min(known?.first ?? id, id), (known?.count ?? 0) + 1)
                    }
                }
            }
            return counts.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
                .map { TagCount(tag: $0.value.tag, count: $0.value.count) }
        }
    }
}
