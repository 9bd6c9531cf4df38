import GRDB

/// How `find` runs: the trigram index narrows the items down, SQLite's `instr()` confirms every
/// term, and the matches are put in outline order with their paths.
enum Search {
    /// The fewest characters the trigram index can look up; shorter terms are matched by a scan.
    static let shortestIndexedTerm = 3

    static func run(_ query: SearchQuery, _ db: Database) throws -> [FoundItem] {
        try TreeQueries.requireParent(db, query.subtree)
        let terms = query.foldedTerms
        var ids = try indexedMatches(terms, db)
        // Titles written outside outline since its last write are not in the index yet, or are
        // there with their old text: fold them here.
        let pending = try TitleIndex.pending(db)
        if !pending.isEmpty {
            let pendingIDs = Set(pending.map(\.id))
            ids.removeAll { pendingIDs.contains($0) }
            let needles = terms.map { Array($0.utf8) }
            for item in pending {
                let text = Array(TitleKey.searchText(of: item.title).utf8)
                if needles.allSatisfy({ ByteSearch.contains($0, in: text) }) { ids.append(item.id) }
            }
        }
        var tree = AncestorCache(db)
        var found: [(key: [Int], item: FoundItem)] = []
        for id in ids {
            let chain = try tree.chain(of: id)
            if query.subtree != .root, !chain.dropFirst().contains(where: { $0.id == query.subtree }) { continue }
            let item = chain[0]
            let path = TitlePath(titles: chain.reversed().map(\.title), isAnchored: true)
            found.append((chain.reversed().map(\.position), FoundItem(item: item, path: path)))
        }
        found.sort { $0.key.lexicographicallyPrecedes($1.key) }
        return found.map(\.item)
    }

    /// The ids of the items whose indexed text holds every term. Terms long enough for the
    /// trigram index are looked up in it; the rest, and every term's exact placement, are
    /// checked with `instr()` on the candidates (all items when no term is long enough).
    private static func indexedMatches(_ terms: [String], _ db: Database) throws -> [ItemID] {
        let indexed = terms.filter { $0.unicodeScalars.count >= shortestIndexedTerm }
        let everyTerm = JSONText.array(terms)
        if indexed.isEmpty {
            let statement = try db.cachedStatement(
                sql: """
                    SELECT rowid FROM title_search
                    WHERE NOT EXISTS (SELECT 1 FROM json_each(?) WHERE instr(title_search.text, value) = 0)
                    """)
            return try ItemID.fetchAll(statement, arguments: [everyTerm])
        }
        // Each term a quoted phrase (a quote inside doubled): matched as a run of trigrams.
        let match = indexed.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            .joined(separator: " AND ")
        let statement = try db.cachedStatement(
            sql: """
                SELECT rowid FROM title_search
                WHERE title_search MATCH ?
                  AND NOT EXISTS (SELECT 1 FROM json_each(?) WHERE instr(title_search.text, value) = 0)
                """)
        return try ItemID.fetchAll(statement, arguments: [match, everyTerm])
    }
}

/// Items and their ancestors, each read once however many matches share it.
struct AncestorCache {
    private let db: Database
    private var items: [ItemID: Item] = [:]

    init(_ db: Database) { self.db = db }

    /// `id` and its ancestors up to, not including, the root: the item first.
    mutating func chain(of id: ItemID) throws -> [Item] {
        var chain: [Item] = []
        var current = id
        while current != .root {
            let item = try self.item(current)
            chain.append(item)
            current = item.parentID
            // A cycle (only in a file edited by hand) must not hang the search.
            if chain.count > OutlineStore.maximumDepth {
                throw OutlineError.fileNestsTooDeep(limit: OutlineStore.maximumDepth)
            }
        }
        return chain
    }

    private mutating func item(_ id: ItemID) throws -> Item {
        if let known = items[id] { return known }
        let item = try TreeQueries.item(db, id)
        items[id] = item
        return item
    }
}
