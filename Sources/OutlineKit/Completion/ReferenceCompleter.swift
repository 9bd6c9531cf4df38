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
    /// - a path that names several items, `Reading/` or `Reading/C`: in its place, the anchored
    ///   paths of those items (`/Reading/`, `/Books/Reading/`), or of their children that start
    ///   with the title typed after it (`/Books/Reading/C`), as the ambiguity error lists them.
    ///
    /// A title that several items share is offered once, described by how many share it. Each
    /// offer says whether it may go on with a `/` (`ReferenceCompletion.continues`).
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
                let named = try? OutlineStore.items(namedBy: path, db, hinting: false)
            else { return [] }
            guard named.count == 1 else { return try anchored(under: named.sorted(), titlePrefix: partial.titlePrefix) }
            parent = named[0]
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
        for row in rows where !row.title.isEmpty && Self.isTypeable(row.title) {
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
                    offered.append(
                        ReferenceCompletion(
                            text: path, description: try describe(item.id), continues: try hasChildren(item.id)))
                }
                continue
            }
            let mayHaveMore = cutShort && title == order.last
            let description =
                found.count == 1 && !mayHaveMore
                ? try describe(found[0].id)
                : "\(found.count)\(mayHaveMore ? " or more" : "") items"
            offered.append(
                ReferenceCompletion(
                    text: parentText + escaped, description: description,
                    continues: try found.contains { try hasChildren($0.id) }))
        }
        return offered
    }

    /// In place of a parent part that names several items, their anchored paths: each item's
    /// that has children, followed by `/`, or, with a title's start typed after the parent
    /// part, each child's that starts with it. Described by their ids, which tell apart two
    /// items whose paths read the same.
    private func anchored(under parents: [ItemID], titlePrefix: String) throws -> [ReferenceCompletion] {
        var offered: [ReferenceCompletion] = []
        for parent in parents where offered.count < limit {
            if titlePrefix.isEmpty {
                // An item cut off from the root by an outside edit has no path to offer.
                guard try hasChildren(parent), let path = try? OutlineStore.path(of: parent, db).description,
                    Self.isTypeable(path)
                else { continue }
                offered.append(
                    ReferenceCompletion(
                        text: path + "/", description: "id \(parent)", continues: true, inPlaceOfTyped: true))
                continue
            }
            for child in try titles(startingWith: titlePrefix, under: parent) where offered.count < limit {
                guard let path = try? OutlineStore.path(of: child.id, db).description, Self.isTypeable(path) else {
                    continue
                }
                offered.append(
                    ReferenceCompletion(
                        text: path, description: "id \(child.id)", continues: try hasChildren(child.id),
                        inPlaceOfTyped: true))
            }
        }
        return offered
    }

    /// Whether `id` has children, read through the index on the parent column.
    private func hasChildren(_ id: ItemID) throws -> Bool {
        let statement = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM item WHERE parent_id = ?)")
        return try Bool.fetchOne(statement, arguments: [id]) ?? false
    }

    /// Whether `text` can be typed on a command line: a title written by another tool may hold
    /// a line break or another control character.
    private static func isTypeable(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: Title.isControl)
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
