import GRDB

/// What `check` finds wrong in the sync tables, and what a round refuses to start with: only an
/// edit made outside outline breaks them, and a round that read them as they are would send
/// other machines a batch they refuse (a global id of `root`), or leave an item unsent.
extension SyncTables {
    /// Every problem found in the sync tables; none when the outline does not sync.
    static func problems(_ db: Database) throws -> [Problem] {
        var problems = try configurationProblems(db)
        let syncs = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_config)") ?? false
        guard syncs else { return problems }
        problems += try uidProblems(db)
        problems += try baseProblems(db)
        return problems
    }

    /// Refuses a round on sync tables that `check` finds wrong.
    ///
    /// - Throws: `SyncFailure.tablesDamaged`, naming the first problem.
    static func requireSound(_ db: Database) throws {
        let found = try problems(db)
        if let first = found.first {
            let problem = first.description
            throw SyncFailure.tablesDamaged(
                problem: problem.hasPrefix("sync: ") ? String(problem.dropFirst(6)) : problem, count: found.count)
        }
    }

    /// The problems of the items' global ids: a missing one, one that is not text, empty, the
    /// root's, or not of the form every machine makes them in.
    private static func uidProblems(_ db: Database) throws -> [Problem] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT item.id, sync_uid.id IS NULL, typeof(sync_uid.uid) = 'text', CAST(sync_uid.uid AS TEXT)
                FROM item LEFT JOIN sync_uid ON sync_uid.id = item.id
                WHERE item.id != 0
                  AND (sync_uid.id IS NULL OR typeof(sync_uid.uid) != 'text' OR sync_uid.uid IN ('', ?)
                       OR length(sync_uid.uid) != 32 OR sync_uid.uid GLOB '*[^0-9a-f]*')
                ORDER BY item.id LIMIT 20
                """,
            arguments: [SyncTree.rootUID])
        return rows.map { row in
            let id: ItemID = row[0]
            if row[1] as Bool { return Problem("sync: item \(id) has no global id") }
            if !(row[2] as Bool) { return Problem("sync: item \(id) has a global id that is not text") }
            let uid: String = row[3] ?? ""
            if uid.isEmpty { return Problem("sync: item \(id) has an empty global id") }
            if uid == SyncTree.rootUID { return Problem("sync: item \(id) has the root's global id '\(uid)'") }
            // Every machine makes global ids as 32 lower-case hex digits (`install`'s trigger).
            return Problem(
                "sync: item \(id) has a global id that outline does not make, '\(TitleSanitizer.forTerminal(uid))'")
        }
    }

    private static func configurationProblems(_ db: Database) throws -> [Problem] {
        let rows = try Row.fetchAll(
            db, sql: "SELECT CAST(name AS TEXT), CAST(value AS TEXT), typeof(value) = 'text' FROM sync_config")
        guard !rows.isEmpty else { return [] }
        var values: [String: String] = [:]
        var problems: [Problem] = []
        for row in rows {
            let name: String = row[0] ?? ""
            values[name] = row[1]
            if !(row[2] as Bool) { problems.append(Problem("sync: the setting \(name) is not text")) }
        }
        for name in ["remote", "replica"] where (values[name] ?? "").isEmpty {
            problems.append(Problem("sync: the setting \(name) is missing"))
        }
        if let sequence = values["sequence"], (Int(sequence) ?? -1) < 0 {
            problems.append(Problem("sync: the setting sequence is not a whole number"))
        }
        // What git would read as an option: the same rule a round refuses by.
        if let configuration = try configuration(db) {
            problems += SyncArgumentCheck.problems(in: configuration).map { Problem("sync: " + $0) }
        }
        return problems
    }

    /// The rows of the log's outline whose attributes do not read as the log writes them.
    private static func unreadableAttributes(_ db: Database) throws -> [String] {
        var found: [String] = []
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT CAST(uid AS TEXT), CAST(attributes AS TEXT) FROM sync_base
                WHERE typeof(attributes) = 'text' ORDER BY uid
                """)
        while found.count < 20, let row = try rows.next() {
            if storedAttributes(row[1]) == nil { found.append(row[0]) }
        }
        return found
    }

    /// Rows of the log's outline whose values a round could not read.
    private static func baseProblems(_ db: Database) throws -> [Problem] {
        let uids =
            try String.fetchAll(
                db,
                sql: """
                    SELECT CAST(uid AS TEXT) FROM sync_base
                    WHERE typeof(uid) != 'text' OR typeof(parent) != 'text' OR typeof(key) != 'text'
                       OR typeof(title) != 'text' OR typeof(done_at) NOT IN ('real', 'integer', 'null')
                       OR typeof(note) NOT IN ('text', 'null') OR typeof(live) != 'integer' OR uid IN ('', ?)
                       OR parent = '' OR key = '' OR typeof(attributes) NOT IN ('text', 'null')
                    ORDER BY uid LIMIT 20
                    """, arguments: [SyncTree.rootUID])
            + unreadableAttributes(db)
        return uids.map { Problem("sync: the log's copy of item '\(TitleSanitizer.forTerminal($0))' is damaged") }
    }
}
