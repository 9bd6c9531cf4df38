import GRDB

extension OutlineStore {
    /// Ways to finish `typed`, a REF being typed on a command line, at most `limit`, for shell
    /// completion. Each reads only what it needs, through the indexes on `lower(title)`:
    /// - digits: the ids that start with them, described by their paths.
    /// - a title's start, `Gr`: the titles anywhere that start with it, ignoring ASCII case
    ///   (`lower()`'s folding; other letters must match their case).
    /// - a path and a title's start, `Groceries/M` or `/Work/L`: the titles of the children of
    ///   the item the path names (when it names exactly one) that start with it.
    /// - nothing, or `/`: the top-level titles.
    ///
    /// A title that several items share is offered once, described by how many share it.
    public func referenceCompletions(for typed: String, limit: Int = 50) throws -> [ReferenceCompletion] {
        try read { db in try ReferenceCompleter(db: db, limit: max(0, limit)).completions(for: typed) }
    }
}

/// The queries behind `OutlineStore.referenceCompletions(for:limit:)`.
struct ReferenceCompleter {
    let db: Database
    let limit: Int

    /// Rows read for each completion offered: titles that several items share take several.
    private static let rowsPerCompletion = 4

    func completions(for typed: String) throws -> [ReferenceCompletion] {
        guard limit > 0 else { return [] }
        if !typed.isEmpty, typed.utf8.allSatisfy({ (48...57).contains($0) }) {
            return try ids(startingWith: typed)
        }
        let partial = PartialReference(typed)
        let parent: ItemID?
        if partial.parentText.isEmpty {
            // Nothing typed yet: the top level, rather than every title in the outline.
            parent = partial.titlePrefix.isEmpty ? .root : nil
        } else if partial.isTopLevel {
            parent = .root
        } else {
            // Always a path, digits included: in `2026/Ma`, 2026 is a title.
            guard let path = try? TitlePath(parsing: String(partial.parentText.dropLast())),
                let id = try? OutlineStore.resolve(path, db)
            else { return [] }
            parent = id
        }
        let rows = try titles(startingWith: partial.titlePrefix, under: parent)
        return try offers(rows, typedBefore: partial.parentText)
    }

    /// Items whose title starts with `prefix` ignoring ASCII case, under `parent` or anywhere.
    private func titles(startingWith prefix: String, under parent: ItemID?) throws -> [(id: ItemID, title: String)] {
        let low = TitleKey.sqliteLower(prefix)
        // Every text that starts with `low` sorts from `low` to just below `low` followed by the
        // last code point, in SQLite's byte order (which is code point order in UTF-8).
        let high = low + "\u{10FFFF}"
        let rows = limit * Self.rowsPerCompletion
        if let parent {
            let statement = try db.cachedStatement(
                sql: """
                    SELECT id, CAST(title AS TEXT) FROM item
                    WHERE parent_id = ? AND lower(title) >= ? AND lower(title) < ? AND id != 0
                    ORDER BY lower(title) LIMIT ?
                    """)
            return try Row.fetchAll(statement, arguments: [parent, low, high, rows]).map { ($0[0], $0[1] ?? "") }
        }
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, CAST(title AS TEXT) FROM item
                WHERE lower(title) >= ? AND lower(title) < ? AND id != 0
                ORDER BY lower(title) LIMIT ?
                """)
        return try Row.fetchAll(statement, arguments: [low, high, rows]).map { ($0[0], $0[1] ?? "") }
    }

    /// One completion a distinct title, in the order found, after the parent part as typed.
    private func offers(_ rows: [(id: ItemID, title: String)], typedBefore parentText: String) throws
        -> [ReferenceCompletion]
    {
        var order: [String] = []
        var items: [String: [ItemID]] = [:]
        for row in rows where !row.title.isEmpty {
            if items[row.title] == nil { order.append(row.title) }
            items[row.title, default: []].append(row.id)
        }
        // The last title read may have more items than the rows read hold.
        let cutShort = rows.count == limit * Self.rowsPerCompletion
        return try order.prefix(limit).map { title in
            let ids = items[title]!
            let mayHaveMore = cutShort && title == order.last
            let description =
                ids.count == 1 && !mayHaveMore
                ? try describe(ids[0])
                : "\(ids.count)\(mayHaveMore ? " or more" : "") items"
            return ReferenceCompletion(text: parentText + TitlePath.escaped(title), description: description)
        }
    }

    /// The ids that start with `digits`, in order: for 12, the ids 12, 120 to 129, 1200 to 1299
    /// and so on, each range read through the primary key.
    private func ids(startingWith digits: String) throws -> [ReferenceCompletion] {
        // 0 is the root, and no id starts with it; a number too long is no id.
        guard digits.first != "0", let first = Int64(digits) else { return [] }
        let largest = try ItemID.fetchOne(db, sql: "SELECT max(id) FROM item") ?? 0
        let statement = try db.cachedStatement(sql: "SELECT id FROM item WHERE id >= ? AND id < ? ORDER BY id LIMIT ?")
        var found: [ItemID] = []
        var (low, high) = (first, first + 1)
        while low <= largest, found.count < limit {
            found += try ItemID.fetchAll(statement, arguments: [low, high, limit - found.count])
            let (nextLow, lowOverflow) = low.multipliedReportingOverflow(by: 10)
            let (nextHigh, highOverflow) = high.multipliedReportingOverflow(by: 10)
            if lowOverflow || highOverflow { break }
            (low, high) = (nextLow, nextHigh)
        }
        return try found.map { ReferenceCompletion(text: String($0), description: try describe($0)) }
    }

    /// An item's anchored path, made safe for a terminal.
    private func describe(_ id: ItemID) throws -> String {
        TitleSanitizer.forTerminal(try OutlineStore.path(of: id, db).description)
    }
}
