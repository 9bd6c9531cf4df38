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
            // Always a path, digits included: in `2026/Ma`, 2026 is a title. A path that names
            // nothing offers nothing: no time goes into finding out why.
            guard let path = try? TitlePath(parsing: String(partial.parentText.dropLast())),
                let id = try? OutlineStore.resolve(path, db, hinting: false)
            else { return [] }
            parent = id
        }
        let rows = try titles(startingWith: partial.titlePrefix, under: parent)
        return try offers(rows, typedBefore: partial.parentText)
    }

    /// Items whose title starts with `prefix` ignoring ASCII case, under `parent` or anywhere.
    private func titles(startingWith prefix: String, under parent: ItemID?) throws -> [(
        id: ItemID, parent: ItemID, title: String
    )] {
        let low = TitleKey.sqliteLower(prefix)
        // Every text that starts with `low` sorts from `low` to just below `low` followed by the
        // last code point, in SQLite's byte order (which is code point order in UTF-8).
        let high = low + "\u{10FFFF}"
        let rows = limit * Self.rowsPerCompletion
        // An item whose parent an outside edit stored as text or a blob hangs from no item, and
        // every command refuses it: it is not offered (and GRDB would stop the process on
        // decoding that parent as an integer).
        if let parent {
            let statement = try db.cachedStatement(
                sql: """
                    SELECT id, parent_id, CAST(title AS TEXT) FROM item
                    WHERE parent_id = ? AND lower(title) >= ? AND lower(title) < ? AND id != 0
                    ORDER BY lower(title) LIMIT ?
                    """)
            return try Row.fetchAll(statement, arguments: [parent, low, high, rows]).map {
                ($0[0], $0[1] ?? .root, $0[2] ?? "")
            }
        }
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, parent_id, CAST(title AS TEXT) FROM item
                WHERE lower(title) >= ? AND lower(title) < ? AND id != 0 AND typeof(parent_id) = 'integer'
                ORDER BY lower(title) LIMIT ?
                """)
        return try Row.fetchAll(statement, arguments: [low, high, rows]).map { ($0[0], $0[1] ?? .root, $0[2] ?? "") }
    }

    /// One completion a distinct title, in the order found, after the parent part as typed.
    ///
    /// A title that cannot be typed (one with a line break, written by another tool) is not
    /// offered. One that would not be read as a title where nothing precedes it (digits are an
    /// id, `root` is the root, a leading `-` makes an option) is offered as its full path.
    private func offers(_ rows: [(id: ItemID, parent: ItemID, title: String)], typedBefore parentText: String)
        throws -> [ReferenceCompletion]
    {
        var order: [String] = []
        var items: [String: [(id: ItemID, parent: ItemID)]] = [:]
        for row in rows where !row.title.isEmpty && !row.title.unicodeScalars.contains(where: Title.isControl) {
            if items[row.title] == nil { order.append(row.title) }
            items[row.title, default: []].append((row.id, row.parent))
        }
        // The last title read may have more items than the rows read hold.
        let cutShort = rows.count == limit * Self.rowsPerCompletion
        var offered: [ReferenceCompletion] = []
        for title in order where offered.count < limit {
            let found = items[title]!
            let escaped = TitlePath.escaped(title)
            if parentText.isEmpty, Self.isReadAsOtherThanATitle(escaped) {
                for item in found where offered.count < limit {
                    let path = item.parent == .root ? "/" + escaped : try OutlineStore.path(of: item.id, db).description
                    offered.append(ReferenceCompletion(text: path, description: try describe(item.id)))
                }
                continue
            }
            let mayHaveMore = cutShort && title == order.last
            let description =
                found.count == 1 && !mayHaveMore
                ? try describe(found[0].id)
                : "\(found.count)\(mayHaveMore ? " or more" : "") items"
            offered.append(ReferenceCompletion(text: parentText + escaped, description: description))
        }
        return offered
    }

    /// Whether `text`, typed alone as a REF, is read as an id, the root or an option.
    private static func isReadAsOtherThanATitle(_ text: String) -> Bool {
        text.utf8.allSatisfy { (48...57).contains($0) } || text == "root" || text.hasPrefix("-")
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
