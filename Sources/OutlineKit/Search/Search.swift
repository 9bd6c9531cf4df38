import Foundation
import GRDB

/// How `find` runs: the trigram index narrows the items down, SQLite's `instr()` confirms every
/// term, and the matches are put in outline order with their paths.
enum Search {
    /// The fewest characters the trigram index can look up; shorter terms are matched by a scan.
    static let shortestIndexedTerm = 3

    static func run(_ query: SearchQuery, _ db: Database) throws -> [FoundItem] {
        try found(try matches(query, db), within: query.subtree, skipping: try skipped(query, db), db)
    }

    /// The items `ids` that lie in `subtree` (and not below a `skipped` one), in outline order,
    /// each with its path, state, note and attributes.
    static func found(_ ids: [ItemID], within subtree: ItemID, skipping skipped: [ItemID] = [], _ db: Database)
        throws -> [FoundItem]
    {
        // A match's state, note and attributes come in the lookup that places it in the tree,
        // so that each match's row is read once (at 1,000,000 items the agenda's 7,200 matches
        // lie on as many pages, more than SQLite's cache keeps from one pass to the next).
        let content = try RawStatement(
            db,
            sql: """
                SELECT parent_id, position, title, done_at, note,
                       state, last_done, tags, scheduled, scheduled_repeat, due, due_repeat, priority, properties
                FROM item WHERE id = ?
                """)
        var contents: [ItemID: (doneAt: Date?, note: String?, attributes: ItemAttributes)] = [:]
        func readContent(_ id: ItemID, _ row: RawStatement) {
            let doneAt = row.doneAt(3)
            contents[id] = (doneAt, row.optionalText(4), ItemAttributes(statement: row, startingAt: 5, doneAt: doneAt))
        }
        let tree = try SearchTree(db, holding: ids, matchLookup: content, read: readContent)
        var found = tree.inOutlineOrder(ids, within: subtree, skipping: skipped)
        for index in found.indices {
            let id = found[index].item.id
            // Matches the tree read otherwise (by scanning, or as an ancestor first).
            if contents[id] == nil {
                content.reset(binding: id)
                guard try content.step() else { continue }
                readContent(id, content)
            }
            guard let (doneAt, note, attributes) = contents[id] else { continue }
            found[index].item.doneAt = doneAt
            found[index].item.note = note
            found[index].attributes = attributes
        }
        return found
    }

    /// The items `query` leaves out with their subtrees: the done ones, for `leavingOutDone`,
    /// read through the index of done items.
    static func skipped(_ query: SearchQuery, _ db: Database) throws -> [ItemID] {
        guard query.leavingOutDone else { return [] }
        return try ItemID.fetchAll(db.cachedStatement(sql: "SELECT id FROM item WHERE done_at IS NOT NULL"))
    }

    /// The matches of `query` and the part of the tree they need. With `secondReaderPath`, a big
    /// table may be read by two connections (see `ItemTableScan`), the second of which starts
    /// before the matches are known.
    static func matchesAndTree(
        _ query: SearchQuery, _ db: Database, secondReaderPath: String?, splitAbove: Int
    ) throws -> (ids: [ItemID], tree: SearchTree, skipped: [ItemID]) {
        var scan: ItemTableScan?
        if let secondReaderPath {
            let largestID = try Int(ItemID.fetchOne(db, sql: "SELECT max(id) FROM item") ?? 0)
            if largestID > splitAbove, SearchTree.canScan(largestID: largestID) {
                scan = ItemTableScan(largestID: largestID, secondReaderPath: secondReaderPath, splitAbove: splitAbove)
            }
        }
        let ids = try matches(query, db)
        return (ids, try SearchTree(db, holding: ids, startedScan: scan), try skipped(query, db))
    }

    /// The ids of the items whose titles or notes hold every term and that pass every filter,
    /// anywhere in the outline, in no order.
    static func matches(_ query: SearchQuery, _ db: Database) throws -> [ItemID] {
        // The walk up from the subtree refuses a missing one, and one cut off from the root
        // (only in a file edited by hand), which holds no match the search can place: it says
        // why, rather than find nothing.
        if query.subtree != .root { _ = try TreeQueries.ancestry(db, of: query.subtree) }
        let filtered = try FilterMatches.ids(query.filters, db)
        guard !query.terms.isEmpty else { return Array(filtered ?? []) }
        let textual = try textMatches(query, db)
        guard let filtered else { return textual }
        return textual.filter(filtered.contains)
    }

    /// The ids of the items whose titles or notes hold every term of `query`, in no order.
    private static func textMatches(_ query: SearchQuery, _ db: Database) throws -> [ItemID] {
        let terms = query.foldedTerms
        var ids = try indexedMatches(terms, db)
        // Titles written outside outline since its last write are not in the index yet, or are
        // there with their old text: fold them here.
        let noted = try TitleIndex.notedIDs(db)
        if !noted.isEmpty {
            let pending = try TitleIndex.pending(db)
            ids.removeAll { noted.contains($0) }
            let needles = terms.map { Array($0.utf8) }
            for item in pending {
                let text = Array(TitleKey.searchText(of: item.title, note: item.note).utf8)
                if needles.allSatisfy({ ByteSearch.contains($0, in: text) }) { ids.append(item.id) }
            }
        }
        return try keepingNoteMatches(ids, of: terms, db)
    }

    /// `ids` without those that hold a term with a line break only across the end of the title
    /// and the start of the note: the index joins the two with a line break, and a title is one
    /// line, so such a term can only be found inside a note (`b⏎n` once found "a b" with the note
    /// "note text"). Rare: it takes a line break typed into the search.
    private static func keepingNoteMatches(_ ids: [ItemID], of terms: [String], _ db: Database) throws -> [ItemID] {
        let multiLine = terms.filter { $0.utf8.contains(0x0A) }.map { Array($0.utf8) }
        guard !multiLine.isEmpty else { return ids }
        let note = try RawStatement(db, sql: "SELECT note FROM item WHERE id = ?")
        return try ids.filter { id in
            note.reset(binding: id)
            guard try note.step(), let text = note.optionalText(0) else { return false }
            let folded = Array(TitleKey.searchText(of: text).utf8)
            return multiLine.allSatisfy { ByteSearch.contains($0, in: folded) }
        }
    }

    /// `term` as one quoted FTS5 phrase (a quote inside doubled), so that nothing in it is
    /// query syntax.
    static func phrase(_ term: String) -> String {
        "\"" + term.replacingScalars { $0 == "\"" ? "\"\"" : nil } + "\""
    }

    /// The ids of the items whose indexed text holds every term. Terms long enough for the
    /// trigram index are looked up in it; the rest, and every term's exact placement, are
    /// checked with `instr()` on the candidates (all items when no term is long enough).
    private static func indexedMatches(_ terms: [String], _ db: Database) throws -> [ItemID] {
        let indexed = terms.filter { $0.unicodeScalars.count >= shortestIndexedTerm }
        // A phrase of three characters or more is matched as a run of trigrams: exactly the
        // substring. Shorter terms are not in the index, and are checked with instr().
        let short = JSONText.array(terms.filter { $0.unicodeScalars.count < shortestIndexedTerm })
        if indexed.isEmpty {
            let statement = try db.cachedStatement(
                sql: """
                    SELECT rowid FROM title_search
                    WHERE NOT EXISTS (SELECT 1 FROM json_each(?) WHERE instr(title_search.text, value) = 0)
                    """)
            return try ItemID.fetchAll(statement, arguments: [short])
        }
        let match = indexed.map(phrase).joined(separator: " AND ")
        if indexed.count == terms.count {
            // Collected inside SQLite: a common word matches a sixth of a million items, and
            // GRDB's rows would take as long as the index lookup itself.
            let statement = try RawStatement(
                db, sql: "SELECT outline_collect_id(rowid, ?2) FROM title_search WHERE title_search MATCH ?1")
            statement.reset(binding: match)
            return try IDSink.collect(statement, sinkParameter: 2)
        }
        let statement = try db.cachedStatement(
            sql: """
                SELECT rowid FROM title_search
                WHERE title_search MATCH ?
                  AND NOT EXISTS (SELECT 1 FROM json_each(?) WHERE instr(title_search.text, value) = 0)
                """)
        return try ItemID.fetchAll(statement, arguments: [match, short])
    }
}
