import GRDB

extension OutlineStore {
    /// The id that `reference` names.
    ///
    /// An id is returned as it is (whether it exists is for the operation to find). A path is
    /// followed title by title, each through an index, keeping every item whose path so far
    /// matches ignoring case (full Unicode case folding, canonically equivalent forms alike), so
    /// `/A/B` names one item when two top-level items are titled A but only one has a child B.
    /// The path names the items whose whole path matches exactly, or, where none does, those
    /// whose whole path matches ignoring case.
    ///
    /// A title as a terminal shows it, with a control or bidi character written `\u202e` or
    /// `\x1b` (`TitleSanitizer`), is read that way too, beside its literal reading: a printed
    /// path names its item, and a title that holds those characters literally as well makes the
    /// path ambiguous rather than pick one.
    ///
    /// - Throws: `noItemTitled` naming the title that failed and where; `ambiguousReference`
    ///   listing the first candidates when the path names several items. A reference never picks
    ///   one of several items.
    public func resolve(_ reference: ItemReference) throws -> ItemID {
        switch reference {
        case .id(let id): return id
        case .path(let path): return try read { db in try Self.resolve(path, db) }
        }
    }

    /// The anchored path of `id`, as it is typed: `/Groceries/Milk`; `/` for the root.
    ///
    /// - Throws: `unknownItem`.
    public func path(of id: ItemID) throws -> TitlePath {
        try read { db in try Self.path(of: id, db) }
    }

    /// How many candidates an ambiguous reference lists.
    static let candidatesShown = 10

    /// `resolve(_:)` within a read; `hinting` as for `items(namedBy:_:hinting:)`.
    static func resolve(_ path: TitlePath, _ db: Database, hinting: Bool = true) throws -> ItemID {
        let named = try items(namedBy: path, db, hinting: hinting)
        if named.count == 1 { return named[0] }
        let shown = try named.sorted().prefix(candidatesShown).map { id in
            ReferenceCandidate(id: id, path: try Self.path(of: id, db).description)
        }
        throw OutlineError.ambiguousReference(path.description, candidates: shown, count: named.count)
    }

    /// Every item `path` names (see `resolve(_:)`), in no order: one or more.
    ///
    /// - Throws: `noItemTitled`, with a hint of what the path may have meant when `hinting`
    ///   (the search for one runs only once the path has failed).
    static func items(namedBy path: TitlePath, _ db: Database, hinting: Bool = true) throws -> [ItemID] {
        let pending = try TitleIndex.pending(db)
        // Each candidate with whether its path so far matched exactly.
        var candidates: [(id: ItemID, exact: Bool)] = path.isAnchored ? [(.root, true)] : []
        for (index, segment) in path.titles.enumerated() {
            let anywhere = index == 0 && !path.isAnchored
            var next: [(id: ItemID, exact: Bool)] = []
            for title in TitleSanitizer.readings(of: segment) {
                let parentExact = Dictionary(candidates, uniquingKeysWith: { $0 || $1 })
                let parents = anywhere ? nil : candidates.map(\.id)
                for match in try titled(TitleKey.of(title), under: parents, pending: pending, db) {
                    let exact = (anywhere || match.parent.flatMap { parentExact[$0] } == true) && match.title == title
                    next.append((match.id, exact))
                }
            }
            guard !next.isEmpty else {
                throw OutlineError.noItemTitled(
                    title: segment, parentTitle: index == 0 ? nil : path.titles[index - 1],
                    atTopLevel: index == 0 && path.isAnchored,
                    hint: hinting ? Self.hint(for: path, pending: pending, db) : nil)
            }
            candidates = Dictionary(next, uniquingKeysWith: { $0 || $1 }).map { ($0.key, $0.value) }
        }
        let exact = candidates.filter(\.exact)
        return (exact.isEmpty ? candidates : exact).map(\.id)
    }

    /// What `path`, which names no item, may have meant. A failure to find out is no reason to
    /// report another error than the path's own.
    private static func hint(for path: TitlePath, pending: [TitleIndex.PendingItem], _ db: Database)
        -> UnmatchedPathHint?
    {
        var search = UnmatchedPathSearch(db, pending: pending)
        return (try? search.hint(for: path)) ?? nil
    }

    /// The items whose title folds to `key` (`TitleKey.of`): children of `parents`, or anywhere
    /// when `parents` is nil. Titles noted in `pending` are folded here, since their keys in the
    /// indexes may be stale.
    static func titled(
        _ key: String, under parents: [ItemID]?, pending: [TitleIndex.PendingItem], _ db: Database
    ) throws -> [Match] {
        var matches = try parents.map { try $0.flatMap { try titled(key, under: $0, db) } } ?? titled(key, db)
        if !pending.isEmpty {
            let pendingIDs = Set(pending.map(\.id))
            matches.removeAll { pendingIDs.contains($0.id) }
            let parentSet = parents.map(Set.init)
            matches += pending.filter { item in
                guard let parentSet else { return true }
                return item.parent.map(parentSet.contains) == true
            }.map { ($0.id, $0.parent, $0.title) }
        }
        // The indexes find candidates by their keys; the titles themselves decide.
        return matches.filter { TitleKey.of($0.title) == key }
    }

    /// Items anywhere whose folded title may be `key`: those `lower()` folds right, and those
    /// with a stored key.
    private static func titled(_ key: String, _ db: Database) throws -> [Match] {
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, CASE typeof(parent_id) WHEN 'integer' THEN parent_id WHEN 'null' THEN 0 END,
                       CAST(title AS TEXT)
                FROM item WHERE lower(title) = ?1 AND id != 0
                UNION ALL
                SELECT i.id, CASE typeof(i.parent_id) WHEN 'integer' THEN i.parent_id WHEN 'null' THEN 0 END,
                       CAST(i.title AS TEXT)
                FROM title_key k JOIN item i ON i.id = k.id
                WHERE k.key = ?1
                """)
        return unique(try Row.fetchAll(statement, arguments: [key]).map { ($0[0], $0[1], $0[2] ?? "") })
    }

    /// An item a title lookup found: its id, parent and title. The parent is read with its type
    /// (GRDB stops the process on text where it decodes an integer): nil where an outside edit
    /// stored one that is not an id, so that the item, found anywhere, is under no item. The
    /// command that acts on it then says what is wrong (`ItemFault.parentNotAnID`).
    typealias Match = (id: ItemID, parent: ItemID?, title: String)

    /// The rows with their first id only. The two halves of the queries above are disjoint (an
    /// item has a stored key only where `lower()` folds it wrong), which spares SQLite the
    /// sorting of a UNION; a `title_key` damaged by hand could still name an item twice.
    static func unique(_ rows: [Match]) -> [Match] {
        var seen = Set<ItemID>()
        return rows.filter { seen.insert($0.id).inserted }
    }

    /// Children of `parent` whose folded title may be `key`.
    private static func titled(_ key: String, under parent: ItemID, _ db: Database) throws -> [Match] {
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, parent_id, CAST(title AS TEXT) FROM item WHERE parent_id = ?1 AND lower(title) = ?2
                UNION ALL
                SELECT i.id, i.parent_id, CAST(i.title AS TEXT) FROM title_key k JOIN item i ON i.id = k.id
                WHERE k.key = ?2 AND i.parent_id = ?1
                """)
        // Matched by `parent_id = ?1`, whose rows hold an integer parent.
        return unique(try Row.fetchAll(statement, arguments: [parent, key]).map { ($0[0], $0[1], $0[2] ?? "") })
    }

    static func path(of id: ItemID, _ db: Database) throws -> TitlePath {
        var titles: [String] = []
        for ancestor in try TreeQueries.ancestry(db, of: id) {
            titles.append(try TreeQueries.item(db, ancestor).title)
        }
        return TitlePath(titles: titles.reversed(), isAnchored: true)
    }
}

extension OutlineStore {
    /// One item's fields, path, depth and counts, all from one snapshot. The root is refused.
    ///
    /// - Throws: `unknownItem`, `rootNotAllowed`.
    public func details(of id: ItemID) throws -> ItemDetails {
        if id == .root { throw OutlineError.rootNotAllowed(operation: "shown as an item") }
        return try read { db in try Self.details(of: id, db) }
    }

    static func details(of id: ItemID, _ db: Database) throws -> ItemDetails {
        let attributed = try AttributedItem.read(db, id)
        let item = attributed.item
        let path = try Self.path(of: id, db)
        return try StoreAddOns.completing(
            ItemDetails(
                item: item, path: path,
                parentPath: TitlePath(titles: Array(path.titles.dropLast()), isAnchored: true),
                siblingCount: try TreeQueries.childCount(db, of: item.parentID), depth: path.titles.count,
                childCount: try TreeQueries.childCount(db, of: id),
                descendantCount: try TreeQueries.subtreeSize(db, rootedAt: [id]) - 1,
                attributes: attributed.attributes),
            db)
    }
}

extension OutlineStore {
    /// Folds every title into the title index (paths and search) again, in one transaction: the
    /// repair for an index that `check` finds out of date. Changes no item and records no undo step.
    ///
    /// - Returns: how many items were indexed.
    @discardableResult
    public func rebuildTitleIndex() throws -> Int {
        try write { db in
            try TitleIndex.rebuild(db)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE id != 0") ?? 0
        }
    }
}

extension OutlineStore {
    /// The items whose title or note holds every term of `query`, ignoring case and diacritics,
    /// in outline order, each with its path. Served by the title index: a term of three
    /// characters or more is looked up, not scanned for.
    ///
    /// - Throws: `unknownItem` when the query's subtree does not exist.
    public func find(_ query: SearchQuery) throws -> [FoundItem] {
        try read { db in try Search.run(query, db) }
    }

    /// Calls `body` with each item `find(_:)` finds, in its order, and its path made safe for a
    /// terminal (`TitleSanitizer.forTerminal`) as UTF-8 bytes that live for the call: `find`'s
    /// plain listing, which the executable writes. For big results: no `FoundItem` is made, and
    /// each title is read and escaped once, however many matches lie below it. Returns how many
    /// items were found.
    ///
    /// - Throws: `unknownItem` when the query's subtree does not exist, and whatever `body`
    ///   throws.
    package func forEachFoundPath(
        _ query: SearchQuery, _ body: (ItemID, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> Int {
        try forEachFoundPath(query, splittingTablesAbove: ItemTableScan.splitAbove, body)
    }

    /// `forEachFoundPath(_:_:)`, with a table of more than `splitAbove` items read by two
    /// connections if the matches need all of it (tests make small tables split).
    func forEachFoundPath(
        _ query: SearchQuery, splittingTablesAbove splitAbove: Int,
        _ body: (ItemID, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> Int {
        // A second connection may read half of a big table (see `ItemTableScan`). Its snapshot
        // is this one's if no other connection committed between the two version readings,
        // which come before this connection's first read and after the second's: otherwise the
        // search runs again on one connection.
        let version = try dataVersion()
        var (ids, tree, skipped) = try read { db in
            try Search.matchesAndTree(query, db, secondReaderPath: path, splitAbove: splitAbove)
        }
        if tree.usedSecondReader, try dataVersion() != version {
            (ids, tree, skipped) = try read { db in
                try Search.matchesAndTree(query, db, secondReaderPath: nil, splitAbove: splitAbove)
            }
        }
        // Paths are handed out after the read transaction ends: a slow reader of the output
        // holds nothing.
        return try tree.forEachPath(ids, within: query.subtree, skipping: skipped, body)
    }

    /// Whether a title on the match's path (its own included) or its note holds a NUL.
    private static func holdsNUL(_ match: FoundItem) -> Bool {
        match.item.note?.utf8.contains(0) == true || match.path.titles.contains { $0.utf8.contains(0) }
    }

    /// SQLite's count of commits by other connections, as this one has seen them.
    private func dataVersion() throws -> Int {
        try requireOpen()
        return try Self.mapErrors(path: path) {
            try queue.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
    }

    /// The items `find(_:)` finds, in its order, with all that `details(of:)` gives, read from
    /// the same snapshot as the search.
    public func findDetails(_ query: SearchQuery) throws -> [ItemDetails] {
        try read { db in
            try Self.details(of: try Search.run(query, db), db)
        }
    }

    /// The details of the items `ids` (in outline order; those that do not exist left out), all
    /// from one snapshot and read in bulk, as `find --json` reads its matches'.
    public func details(of ids: [ItemID]) throws -> [ItemDetails] {
        try read { db in try Self.details(of: try Search.found(ids, within: .root, db), db) }
    }

    /// The details of `found` items, read in bulk: the search gives each item with its path,
    /// state, note and attributes; the counts come for all of them at once.
    static func details(of found: [FoundItem], _ db: Database) throws -> [ItemDetails] {
        let counts = try SubtreeCounts(db, for: found.map(\.item))
        return try found.map { match in
            // A NUL (stored only by an edit outside outline) ends the text as `show` reads it,
            // and `find --json` must give `show --json`'s objects: such an item is read as
            // `show` reads it.
            if Self.holdsNUL(match) { return try Self.details(of: match.item.id, db) }
            return try StoreAddOns.completing(
                ItemDetails(
                    item: match.item, path: match.path,
                    parentPath: TitlePath(titles: Array(match.path.titles.dropLast()), isAnchored: true),
                    siblingCount: counts.childCount(of: match.item.parentID), depth: match.path.titles.count,
                    childCount: counts.childCount(of: match.item.id),
                    descendantCount: counts.descendantCount(of: match.item.id),
                    attributes: match.attributes),
                db)
        }
    }
}
