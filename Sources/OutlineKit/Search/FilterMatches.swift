import Foundation
import GRDB

/// The items `SearchFilters` accept, each filter read through its own index (`Schema`, version
/// 7) and the results intersected: a filter that few items pass costs few rows, however big the
/// outline.
enum FilterMatches {
    /// The ids every filter accepts, in no order; nil when no filter is given (every item).
    static func ids(_ filters: SearchFilters, _ db: Database) throws -> Set<ItemID>? {
        guard !filters.isEmpty else { return nil }
        var sets: [Set<ItemID>] = []
        for tag in filters.tags { sets.append(try tagged(tag, db)) }
        if !filters.states.isEmpty { sets.append(try inStates(filters.states, db)) }
        if let priority = filters.priority {
            sets.append(
                try ids(db, "SELECT id FROM item WHERE priority IS NOT NULL AND priority <= ?", [priority.rawValue]))
        }
        if let dueBy = filters.dueBy { sets.append(try dated(.due, by: dueBy, db)) }
        if let scheduledBy = filters.scheduledBy { sets.append(try dated(.scheduled, by: scheduledBy, db)) }
        if let doneSince = filters.doneSince {
            let seconds = doneSince.timeIntervalSince1970
            sets.append(
                try ids(
                    db,
                    """
                    SELECT id FROM item WHERE done_at IS NOT NULL AND done_at >= ?1
                    UNION SELECT id FROM item WHERE last_done >= ?1
                    """, [seconds]))
        }
        if !filters.properties.isEmpty { sets.append(try withProperties(filters.properties, db)) }
        sets.sort { $0.count < $1.count }
        return sets.dropFirst().reduce(sets[0]) { $0.intersection($1) }
    }

    private static func ids(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws
        -> Set<ItemID>
    {
        Set(try ItemID.fetchAll(db.cachedStatement(sql: sql), arguments: arguments))
    }

    /// Items carrying `tag`, set or in their titles: from the tag index, and, for items noted
    /// since its last catch-up, from their own columns.
    private static func tagged(_ tag: String, _ db: Database) throws -> Set<ItemID> {
        let key = Tag.key(tag.hasPrefix("#") ? String(tag.dropFirst()) : tag)
        var found = try ids(db, "SELECT id FROM tag_index WHERE key = ?", [key])
        let noted = try TitleIndex.notedIDs(db)
        guard !noted.isEmpty else { return found }
        found.subtract(noted)
        for item in try TitleIndex.pending(db) where item.allTags.contains(where: { $0.key == key }) {
            found.insert(item.id)
        }
        return found
    }

    /// Items in any of `states`. A done item made before keywords has none stored and reads as
    /// DONE (`ItemAttributes.legacyDoneKeyword`).
    ///
    /// - Throws: `unknownKeyword` for a keyword that is not the workflow's (DONE always is, for
    ///   those done items).
    private static func inStates(_ states: [SearchFilters.State], _ db: Database) throws -> Set<ItemID> {
        var found = Set<ItemID>()
        let workflow = try OutlineStore.workflow(db)
        for state in states {
            switch state {
            case .keyword(let text):
                guard let keyword = workflow.keyword(named: text) ?? legacyKeyword(text) else {
                    throw OutlineError.unknownKeyword(text, workflow: workflow.description)
                }
                found.formUnion(try ids(db, "SELECT id FROM item WHERE state = ?", [keyword]))
                if keyword == ItemAttributes.legacyDoneKeyword {
                    found.formUnion(try ids(db, "SELECT id FROM item WHERE done_at IS NOT NULL AND state IS NULL"))
                }
            case .plain:
                found.formUnion(
                    try ids(db, "SELECT id FROM item WHERE id != 0 AND state IS NULL AND done_at IS NULL"))
            }
        }
        return found
    }

    /// DONE, which done items of files made before keywords carry whatever the workflow says.
    private static func legacyKeyword(_ text: String) -> String? {
        text.uppercased() == ItemAttributes.legacyDoneKeyword ? ItemAttributes.legacyDoneKeyword : nil
    }

    /// Open items whose `column` date is on or before `date`: the whole day for a date alone, up
    /// to the minute for a date and time (a date alone of that day counts as on or before it).
    private static func dated(_ column: DateColumn, by date: TaskDate, _ db: Database) throws -> Set<ItemID> {
        // Stored dates sort as text in time order: every date of a day sorts below the next day.
        let bound = date.minuteOfDay == nil ? date.day.adding(days: 1).description : date.stored
        let inclusive = date.minuteOfDay != nil
        let sql =
            switch (column, inclusive) {
            case (.due, false): "SELECT id FROM item WHERE due IS NOT NULL AND due < ? AND done_at IS NULL"
            case (.due, true): "SELECT id FROM item WHERE due IS NOT NULL AND due <= ? AND done_at IS NULL"
            case (.scheduled, false):
                "SELECT id FROM item WHERE scheduled IS NOT NULL AND scheduled < ? AND done_at IS NULL"
            case (.scheduled, true):
                "SELECT id FROM item WHERE scheduled IS NOT NULL AND scheduled <= ? AND done_at IS NULL"
            }
        return try ids(db, sql, [bound])
    }

    /// The two date columns a filter reads.
    private enum DateColumn { case due, scheduled }

    /// Items holding every property asked for (a key, compared ignoring case, and the value when
    /// one is given, compared exactly).
    private static func withProperties(_ wanted: [(key: String, value: String?)], _ db: Database) throws
        -> Set<ItemID>
    {
        var found = Set<ItemID>()
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, CAST(properties AS TEXT) FROM item WHERE properties IS NOT NULL")
        while let row = try rows.next() {
            let properties = ItemAttributes.properties(stored: row[1])
            let holdsAll = wanted.allSatisfy { want in
                properties.contains {
                    $0.key.lowercased() == want.key.lowercased() && (want.value ?? $0.value) == $0.value
                }
            }
            if holdsAll { found.insert(row[0]) }
        }
        return found
    }
}
