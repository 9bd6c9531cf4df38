import Foundation
import GRDB

extension OutlineStore {
    /// Verifies the outline's invariants and SQLite's own integrity.
    ///
    /// It looks for: anything but exactly one root; items whose parent is missing; cycles (items
    /// not reachable from the root); positions that are not 1...n under a parent; titles that
    /// `outline` would refuse; and whatever `PRAGMA integrity_check` and `foreign_key_check` report.
    public func check() throws -> CheckReport {
        // Not in one read transaction: on a damaged file SQLite rolls a failed read back, and
        // closing the transaction would then fail too, hiding the report. Each check is one
        // self-contained query, so it needs no shared snapshot.
        try requireOpen()
        return try Self.mapErrors(path: path) {
            try queue.inDatabase { db in
                var problems: [Problem] = []
                // SQLite's own verdict first: if the file is damaged, later queries may mislead. Badly
                // damaged pages make the check itself fail; that is its verdict then.
                do {
                    let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                    if integrity != ["ok"] {
                        problems += integrity.prefix(20).map { Problem("sqlite integrity: \($0)") }
                    }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
                    problems.append(Problem("sqlite integrity: \(error.message ?? "the file is damaged")"))
                }
                var count = 0
                do {
                    let missingTables = try tableProblems(db)
                    problems += missingTables
                    // Every other check reads the tables.
                    if missingTables.isEmpty {
                        problems += try contentProblems(db)
                        count = try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE id != 0") ?? 0
                    }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
                    // A damaged file can fail the tree's own checks; what integrity_check said stands.
                    problems.append(
                        Problem("the tree could not be verified: \(error.message ?? "the file is damaged")"))
                }
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                return CheckReport(itemCount: count, schemaVersion: version, problems: problems)
            }
        }
    }

    /// What is wrong with the tree, the titles and the history, the tables being there.
    private func contentProblems(_ db: Database) throws -> [Problem] {
        // The tree's checks read ids and positions as integers; a value of another type would
        // stop the process, so they wait until the types are right.
        let wrongTypes = try typeProblems(db)
        var problems = wrongTypes
        if wrongTypes.isEmpty {
            problems += try rootProblems(db)
            problems += try orphanProblems(db)
            problems += try cycleProblems(db)
            problems += try positionProblems(db)
            problems += try depthProblems(db)
        }
        problems += try titleProblems(db)
        problems += try stateAndNoteProblems(db)
        problems += try AttributeProblems.find(db)
        problems += try titleIndexProblems(db)
        problems += try historyProblems(db)
        problems += try StoreAddOns.problems(db)
        let foreignKeys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
        problems += foreignKeys.prefix(20).map { row in
            let table = row[0] as String? ?? "?"
            return Problem("foreign key: row \(row[1] as Int64? ?? -1) of \(table) names a missing parent")
        }
        return problems
    }

    private func tableProblems(_ db: Database) throws -> [Problem] {
        let present = try Set(
            String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        let tables = [
            "item", "undo_step", "change_event", "title_key", "title_search", "title_unindexed", "tag_index",
            "outline_setting",
        ]
        return tables.filter {
            !present.contains($0)
        }.map {
            Problem("the table \($0) is missing")
        }
    }

    private func typeProblems(_ db: Database) throws -> [Problem] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, typeof(parent_id) IN ('integer', 'null'), typeof(position) = 'integer' FROM item
                WHERE typeof(parent_id) NOT IN ('integer', 'null') OR typeof(position) != 'integer'
                ORDER BY id LIMIT 20
                """)
        return rows.map { row in
            let id: ItemID = row[0]
            let parentIsID: Bool = row[1]
            return Problem(
                parentIsID
                    ? "item \(id) has a position that is not a whole number"
                    : "item \(id) has a parent that is not an id")
        }
    }

    /// Steps that undo or redo could not read or apply.
    private func historyProblems(_ db: Database) throws -> [Problem] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, typeof(name) = 'text' AND typeof(created_at) IN ('real', 'integer')
                           AND typeof(changeset) = 'blob',
                       CAST(changeset AS BLOB)
                FROM undo_step WHERE undone < 2 ORDER BY id
                """)
        var problems: [Problem] = []
        for row in rows where problems.count < 20 {
            let step: Int64 = row[0]
            let typesAreRight: Bool = row[1]
            let bytes = (row[2] as Data?) ?? Data()
            if !typesAreRight {
                problems.append(Problem("undo step \(step) has a name, date or changeset of the wrong type"))
            } else if (try? SessionChangeset(bytes: bytes).rows(inverted: false)) == nil {
                problems.append(Problem("undo step \(step) has a damaged changeset"))
            }
        }
        return problems
    }

    private func depthProblems(_ db: Database) throws -> [Problem] {
        let tooDeep = try ItemID.fetchAll(
            db,
            sql: """
                WITH RECURSIVE reachable(id, depth) AS (
                    SELECT 0, 0
                    UNION ALL
                    SELECT item.id, reachable.depth + 1 FROM item JOIN reachable ON item.parent_id = reachable.id
                    WHERE reachable.depth <= ?
                )
                SELECT id FROM reachable WHERE depth > ? ORDER BY id LIMIT 20
                """,
            arguments: [Self.maximumDepth, Self.maximumDepth])
        return problem("items nested more than \(Self.maximumDepth) levels deep: ", naming: tooDeep)
    }

    private func rootProblems(_ db: Database) throws -> [Problem] {
        let roots = try ItemID.fetchAll(db, sql: "SELECT id FROM item WHERE parent_id IS NULL ORDER BY id")
        if roots == [0] { return [] }
        if roots.isEmpty { return [Problem("the root item (0) is missing")] }
        return [Problem("expected one root item (0), found items without a parent: \(list(roots))")]
    }

    private func orphanProblems(_ db: Database) throws -> [Problem] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT child.id, child.parent_id FROM item AS child
                WHERE child.parent_id IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM item AS parent WHERE parent.id = child.parent_id)
                ORDER BY child.id LIMIT 20
                """)
        return rows.map { Problem("item \($0[0] as ItemID) has a missing parent \($0[1] as ItemID)") }
    }

    /// Items whose parent exists but that the root cannot reach: they lie below an item whose
    /// parent is missing or that has none (each reported on its own), or in or below a cycle.
    private func cycleProblems(_ db: Database) throws -> [Problem] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                WITH RECURSIVE
                reachable(id) AS (
                    SELECT 0 UNION SELECT item.id FROM item JOIN reachable ON item.parent_id = reachable.id
                ),
                cutOff(id) AS (
                    SELECT child.id FROM item AS child
                    WHERE (child.parent_id IS NOT NULL
                           AND NOT EXISTS (SELECT 1 FROM item AS parent WHERE parent.id = child.parent_id))
                       OR (child.parent_id IS NULL AND child.id != 0)
                    UNION SELECT item.id FROM item JOIN cutOff ON item.parent_id = cutOff.id
                )
                SELECT item.id, item.id IN (SELECT id FROM cutOff) FROM item
                WHERE item.parent_id IS NOT NULL
                  AND item.id NOT IN (SELECT id FROM reachable)
                  AND EXISTS (SELECT 1 FROM item AS parent WHERE parent.id = item.parent_id)
                ORDER BY item.id
                """)
        let belowMissing = rows.filter { $0[1] as Bool }.map { $0[0] as ItemID }
        let inCycles = rows.filter { !($0[1] as Bool) }.map { $0[0] as ItemID }
        return problem("items below an item whose parent is missing, unreachable from the root: ", naming: belowMissing)
            + problem("items in or below a cycle, unreachable from the root: ", naming: inCycles)
    }

    private func positionProblems(_ db: Database) throws -> [Problem] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT parent_id, count(*), min(position), max(position), count(DISTINCT position)
                FROM item WHERE parent_id IS NOT NULL
                GROUP BY parent_id
                HAVING min(position) != 1 OR max(position) != count(*) OR count(DISTINCT position) != count(*)
                ORDER BY parent_id LIMIT 20
                """)
        return rows.map { row in
            let count: Int = row[1]
            let distinct: Int = row[4]
            let detail =
                distinct != count
                ? "\(count - distinct) duplicate positions" : "positions run \(row[2] as Int) to \(row[3] as Int)"
            return Problem("children of \(row[0] as ItemID) are not numbered 1 to \(count): \(detail)")
        }
    }

    private func titleProblems(_ db: Database) throws -> [Problem] {
        var problems: [Problem] = []
        // A blob or a number in `title` would be converted to a string on reading, and bytes that
        // are not UTF-8 replaced: ask SQLite for the type, and read the bytes as they are.
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, CAST(title AS BLOB), typeof(title) = 'text' FROM item WHERE id != 0")
        while let row = try rows.next(), problems.count < 20 {
            let id: ItemID = row[0]
            guard row[2] as Bool else {
                problems.append(Problem("item \(id) has a title that is not text"))
                continue
            }
            guard let title = String(validating: (row[1] as Data?) ?? Data(), as: UTF8.self) else {
                problems.append(Problem("item \(id) has a title that is not valid UTF-8"))
                continue
            }
            if let problem = try Self.problem(
                of: id, title, validatedBy: Title.validated, whenChanged: "has a title with surrounding white space")
            {
                problems.append(problem)
            }
        }
        return problems
    }

    /// States that are not a time and notes that outline would refuse: only an edit made outside
    /// outline stores them. Reads the done and noted items alone.
    private func stateAndNoteProblems(_ db: Database) throws -> [Problem] {
        var problems: [Problem] = []
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, typeof(done_at) IN ('null', 'real', 'integer'), note, typeof(note) IN ('null', 'text')
                FROM item WHERE done_at IS NOT NULL OR note IS NOT NULL
                """)
        while let row = try rows.next(), problems.count < 20 {
            let id: ItemID = row[0]
            if !(row[1] as Bool) { problems.append(Problem("item \(id) has a done time that is not a number")) }
            guard row[3] as Bool else {
                problems.append(Problem("item \(id) has a note that is not text"))
                continue
            }
            guard let note = row[2] as String? else { continue }
            if let problem = try Self.problem(
                of: id, note, validatedBy: Note.validated,
                whenChanged: "has a note that is empty or ends in white space")
            {
                problems.append(problem)
            }
        }
        return problems
    }

    /// What is wrong with a stored title or note by the rule outline writes it by: refused
    /// (`validate` throws), or not as outline would have stored it (`whenChanged`).
    private static func problem(
        of id: ItemID, _ value: String, validatedBy validate: (String) throws -> String?, whenChanged: String
    ) throws -> Problem? {
        do {
            return try validate(value) == value ? nil : Problem("item \(id) \(whenChanged)")
        } catch let error as OutlineError {
            return Problem("item \(id): \(error.message)")
        }
    }

    /// Folded copies of titles that do not match the titles (see `TitleIndex`).
    private func titleIndexProblems(_ db: Database) throws -> [Problem] {
        let stale = try TitleIndex.staleItems(db)
        if stale.isEmpty { return [] }
        let shown = listFirst(stale)
        return [
            Problem(
                "the title index (for paths and find) is out of date for \(stale.count) "
                    + "\(stale.count == 1 ? "item" : "items") (\(shown)); "
                    + "'outline reindex' rebuilds it")
        ]
    }

    /// One problem, `text` and then the first of `ids` (see `listFirst`); none when `ids` is empty.
    private func problem(_ text: String, naming ids: [ItemID]) -> [Problem] {
        ids.isEmpty ? [] : [Problem(text + listFirst(ids))]
    }

    private func list(_ ids: [ItemID]) -> String {
        ids.map(String.init).joined(separator: ", ")
    }

    /// The first 20 ids, and an ellipsis when there are more.
    private func listFirst(_ ids: [ItemID]) -> String {
        list(Array(ids.prefix(20))) + (ids.count > 20 ? ", …" : "")
    }
}
