import GRDB

/// Looks for what a title path that names no item may have meant, for its error
/// (`UnmatchedPathHint`). It runs only once a path has failed, so it may read more than a
/// lookup does; a budget of lookups keeps a long hostile path from taking long.
///
/// Two readings are tried, in order:
/// 1. Some `/` in the path belong to titles (`Health/Yoga Tue/Thu` for the title `Yoga Tue/Thu`):
///    neighbouring titles are joined by `/`, matched as paths match (exactly, else ignoring case).
/// 2. Titles match but for accents (`Kase` for `Käse`), folded as `find` folds them
///    (`TitleKey.searchText`), joins as in 1 allowed.
struct UnmatchedPathSearch {
    let db: Database
    /// Titles the indexes may hold stale keys for (`TitleIndex.pending`).
    let pending: [TitleIndex.PendingItem]
    /// The most title lookups one search makes: each ending of a title among the path's slashes
    /// is one, so a path of many titles could otherwise try exponentially many.
    static let lookupBudget = 200
    private var lookupsLeft = lookupBudget
    /// The children of each item read so far for accent-folded matching, with their folded titles.
    private var foldedChildren: [ItemID: [(id: ItemID, folded: String)]] = [:]

    init(_ db: Database, pending: [TitleIndex.PendingItem]) {
        self.db = db
        self.pending = pending
    }

    /// How titles are compared.
    private enum Folding {
        /// As paths match: `TitleKey.of`, case folded.
        case caseOnly
        /// As `find` matches: `TitleKey.searchText`, case and diacritics folded.
        case caseAndAccents
    }

    /// A way of reading a path's titles: the titles, those of them joined from several, and
    /// the items they name.
    private struct Reading {
        var titles: [String] = []
        var joined: [String] = []
        var items: Set<ItemID>
    }

    /// What `path` may have meant, or nil when neither reading names an item.
    mutating func hint(for path: TitlePath) throws -> UnmatchedPathHint? {
        if let slashed = try firstReading(of: path, folding: .caseOnly), !slashed.joined.isEmpty {
            return .slashInTitle(
                joined: slashed.joined, path: TitlePath(titles: slashed.titles, isAnchored: path.isAnchored))
        }
        guard let unaccented = try firstReading(of: path, folding: .caseAndAccents) else { return nil }
        // An item cut off from the root by an outside edit has no path to offer.
        let paths = unaccented.items.sorted().compactMap { try? OutlineStore.path(of: $0, db).description }
        guard !paths.isEmpty else { return nil }
        let named = UnmatchedPathHint.pathsNamed
        return .accents(paths: paths.count <= named + 1 ? paths : Array(paths.prefix(named)), count: paths.count)
    }

    /// The first reading of `path`'s titles, some perhaps joined by `/`, that names items under
    /// `folding`. Fewer joins, earlier in the path, come first.
    private mutating func firstReading(of path: TitlePath, folding: Folding) throws -> Reading? {
        try reading(path.titles[...], under: path.isAnchored ? [.root] : nil, folding: folding)
    }

    /// A reading of `rest` under `parents` (anywhere when nil), depth first.
    private mutating func reading(_ rest: ArraySlice<String>, under parents: Set<ItemID>?, folding: Folding) throws
        -> Reading?
    {
        guard let first = rest.indices.first else { return Reading(items: parents ?? []) }
        for end in rest.indices.map({ $0 + 1 }) {
            guard lookupsLeft > 0 else { return nil }
            lookupsLeft -= 1
            let title = rest[first..<end].joined(separator: "/")
            let found = try items(titled: title, under: parents, folding: folding)
            guard !found.isEmpty, var deeper = try reading(rest[end...], under: found, folding: folding) else {
                continue
            }
            deeper.titles.insert(title, at: 0)
            if end - first > 1 { deeper.joined.insert(title, at: 0) }
            return deeper
        }
        return nil
    }

    /// The items titled `title` under one of `parents` (anywhere when nil), with each of the
    /// title's readings (`TitleSanitizer.readings`).
    private mutating func items(titled title: String, under parents: Set<ItemID>?, folding: Folding) throws
        -> Set<ItemID>
    {
        var found = Set<ItemID>()
        for reading in TitleSanitizer.readings(of: title) {
            switch folding {
            case .caseOnly:
                let matches = try OutlineStore.titled(
                    TitleKey.of(reading), under: parents.map(Array.init), pending: pending, db)
                found.formUnion(matches.map(\.id))
            case .caseAndAccents:
                let key = TitleKey.searchText(of: reading)
                if let parents {
                    for parent in parents {
                        found.formUnion(try children(of: parent).filter { $0.folded == key }.map(\.id))
                    }
                } else {
                    found.formUnion(try anywhere(folded: key))
                }
            }
        }
        return found
    }

    /// `parent`'s children with their titles folded as `find` folds them, read once.
    private mutating func children(of parent: ItemID) throws -> [(id: ItemID, folded: String)] {
        if let known = foldedChildren[parent] { return known }
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT id, CAST(title AS TEXT) FROM item WHERE parent_id = ? AND id != 0"),
            arguments: [parent])
        let children = rows.map { row in (id: row[0] as ItemID, folded: TitleKey.searchText(of: row[1] ?? "")) }
        foldedChildren[parent] = children
        return children
    }

    /// The items anywhere whose title folds to `key` as `find` folds it: found through the
    /// search index where the key is long enough for its trigrams, else by reading every title.
    private func anywhere(folded key: String) throws -> [ItemID] {
        let rows: [Row]
        if key.unicodeScalars.count >= Search.shortestIndexedTerm {
            let phrase = Search.phrase(key)
            rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT i.id, CAST(i.title AS TEXT) FROM title_search JOIN item i ON i.id = title_search.rowid
                        WHERE title_search MATCH ? AND i.id != 0
                        """),
                arguments: [phrase])
        } else {
            rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, CAST(title AS TEXT) FROM item WHERE id != 0"))
        }
        let pendingIDs = Set(pending.map(\.id))
        // The index may miss a title noted since the last write, or hold its old text.
        let indexed = rows.map { (id: $0[0] as ItemID, title: ($0[1] as String?) ?? "") }
            .filter { !pendingIDs.contains($0.id) }
        let candidates = indexed + pending.map { (id: $0.id, title: $0.title) }
        return candidates.filter { TitleKey.searchText(of: $0.title) == key }.map(\.id)
    }
}
