import GRDB

extension OutlineStore {
    /// Every property key in use, compared ignoring case as `ItemAttributes.property(_:)`
    /// compares them, with how many items have it, most used first, then by key. Each is
    /// spelled as the item with the lowest id spells it.
    ///
    /// The keys are read from the `properties` column of every item, which no index covers (the
    /// schema says why): a query for completion and listings, not for every command. A key
    /// that `set --property` would refuse, written by an edit outside outline (a reserved key,
    /// one that is not a word, one whose value is not text), is left out, and so is a column
    /// that does not hold a JSON object.
    package func propertyKeys() throws -> [UsageCount] {
        try read { db in
            // Grouped by the key as spelled, in SQLite; folded here, where Swift's lowercasing
            // is the one properties are compared by (SQLite's lower() folds only ASCII).
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT CAST(p.key AS TEXT), min(i.id), count(*)
                    FROM item i, json_each(
                        CASE WHEN json_valid(i.properties) AND json_type(i.properties) = 'object'
                        THEN i.properties ELSE '{}' END) p
                    WHERE i.properties IS NOT NULL AND i.id != 0 AND p.type = 'text'
                    GROUP BY p.key
                    """)
            var tally = SpellingTally()
            while let row = try rows.next() {
                guard let key = row[0] as String?, (try? ItemProperty.validatedKey(key, in: key)) == key else {
                    continue
                }
                tally.add(key, key: key.lowercased(), first: row[1], count: row[2])
            }
            return tally.byUse
        }
    }
}
