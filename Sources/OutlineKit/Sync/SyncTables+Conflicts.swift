import Foundation
import GRDB

/// The log's open conflicts as this database keeps them (`sync_conflict`, and the count in
/// `sync_config`), the ones taken or dismissed here that the next round sends, and the ones
/// taken here whose take was undone after the log closed them, which the next round raises again.
extension SyncTables {
    /// The setting that holds how many conflicts the log has numbered.
    static let conflictCountSetting = "conflict_count"

    /// One row of `sync_conflict`.
    struct StoredConflict {
        var conflict: SyncConflict
        /// Taken or dismissed here.
        var resolvedHere: Bool
        /// Open in the log's outline (not closed since by a resolve this machine sent).
        var inLog: Bool
    }

    /// Reads the log's open conflicts and their count into `tree`, the log's outline.
    static func readConflicts(_ db: Database, into tree: inout SyncTree) throws {
        tree.conflictCount = try config(db, conflictCountSetting).flatMap { Int($0) } ?? 0
        tree.conflicts = try storedConflicts(db).filter(\.inLog).map(\.conflict)
    }

    /// Every row, by number; a row that does not read (an edit outside outline) is passed over.
    static func storedConflicts(_ db: Database) throws -> [StoredConflict] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT n, CAST(uid AS TEXT), CAST(what AS TEXT), CAST(kept AS TEXT), CAST(set_aside AS TEXT),
                       CAST(restore AS TEXT), CAST(path AS TEXT), resolved_here, in_log
                FROM sync_conflict ORDER BY n
                """)
        return rows.compactMap { row in
            func json(_ index: Int) -> Any? {
                try? JSONSerialization.jsonObject(with: Data((row[index] as String? ?? "").utf8))
            }
            guard let restore = json(5), let path = json(6),
                let conflict = try? SyncConflict(
                    uid: row[1] ?? "", number: row[0],
                    fields: [
                        "what": row[2] as String? as Any, "kept": (row[3] as String?) ?? NSNull(),
                        "set_aside": (row[4] as String?) ?? NSNull(), "restore": restore, "path": path,
                    ])
            else { return nil }
            return StoredConflict(
                conflict: conflict, resolvedHere: row[7] as Bool? ?? false, inLog: row[8] as Bool? ?? true)
        }
    }

    /// The conflicts `outline conflicts` lists here: open, and not taken or dismissed here.
    static func listedConflicts(_ db: Database) throws -> [SyncConflict] {
        try storedConflicts(db).filter { !$0.resolvedHere }.map(\.conflict)
    }

    /// The number of the one open conflict about any of `items`, if exactly one is: the
    /// conflict a take of those items took, listed again since.
    static func openConflict(onAnyOf items: [ItemID], _ db: Database) throws -> Int? {
        let items = Set(items)
        var found: [Int] = []
        for conflict in try listedConflicts(db) {
            if let id = try id(of: conflict.uid, db), items.contains(id) { found.append(conflict.number) }
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Makes the table hold `tree`'s open conflicts, keeping the marks of those taken or
    /// dismissed here; a conflict taken here that the log closed is kept (out of the log) for
    /// an undo of the take, and one raised again is forgotten once the log holds it anew.
    ///
    /// - Parameter renumberedAfter: on a round that moved onto a republished log, the number of
    ///   conflicts the two logs share: a conflict numbered past it here is the lost log's, and
    ///   its number names another conflict in the new one. One taken or dismissed here is kept
    ///   as closed, under its number while no open conflict has it (the round closed it in the
    ///   new log if it was sent again); one still open is kept under a number of its own for the
    ///   next round to send again, unless the new log holds it.
    static func writeConflicts(_ db: Database, _ tree: SyncTree, renumberedAfter: Int? = nil) throws {
        var existing = try storedConflicts(db)
        var lostLogs: [StoredConflict] = []
        if let renumberedAfter {
            lostLogs = existing.filter { $0.conflict.number > renumberedAfter }
            existing.removeAll { $0.conflict.number > renumberedAfter }
        }
        let resolvedHere = Set(existing.filter { $0.resolvedHere && $0.inLog }.map(\.conflict.number))
        let open = Set(tree.conflicts.map(\.number))
        func raisedAgain(_ conflict: SyncConflict) -> Bool {
            tree.conflicts.contains { $0.setsAsideTheSame(as: conflict) }
        }
        var rows: [(SyncConflict, resolvedHere: Bool, inLog: Bool)] = tree.conflicts.map {
            ($0, resolvedHere.contains($0.number), true)
        }
        for row in existing where !open.contains(row.conflict.number) {
            if row.resolvedHere {
                rows.append((row.conflict, true, false))
            } else if !row.inLog, !raisedAgain(row.conflict) {
                rows.append((row.conflict, false, false))
            }
        }
        // One taken or dismissed here keeps its number while the new log gives it to no other
        // conflict, so that an undo of the take finds its row.
        for row in lostLogs where row.resolvedHere && !rows.contains(where: { $0.0.number == row.conflict.number }) {
            rows.append((row.conflict, true, false))
        }
        // Numbered after every other: a number here is this machine's alone until the log
        // numbers the conflict.
        var next = max(tree.conflictCount, rows.map(\.0.number).max() ?? 0)
        for row in lostLogs where !row.resolvedHere && !raisedAgain(row.conflict) {
            next += 1
            var conflict = row.conflict
            conflict.number = next
            rows.append((conflict, false, false))
        }
        try db.execute(sql: "DELETE FROM sync_conflict")
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO sync_conflict (n, uid, what, kept, set_aside, restore, path, resolved_here, in_log)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (conflict, resolved, inLog) in rows {
            try insert.execute(arguments: [
                conflict.number, conflict.uid, conflict.what, conflict.kept, conflict.setAside, conflict.restoreJSON,
                JSONText.array(conflict.path), resolved, inLog,
            ])
        }
        // A new log may have numbered fewer conflicts than the lost one: its count stands.
        if tree.conflictCount > 0 || renumberedAfter != nil {
            try setConfig(db, conflictCountSetting, String(tree.conflictCount))
        }
    }

    /// What the next round sends of the conflicts: a resolve for each taken or dismissed here,
    /// and each one whose take was undone after the log closed it, raised again.
    static func resolutions(_ db: Database) throws -> [SyncOperation] {
        try storedConflicts(db).compactMap { row in
            switch (row.resolvedHere, row.inLog) {
            case (true, true): .resolve(number: row.conflict.number)
            case (false, false):
                .conflict(
                    SyncConflict(
                        uid: row.conflict.uid, what: row.conflict.what, kept: row.conflict.kept,
                        setAside: row.conflict.setAside, restore: row.conflict.restore, path: row.conflict.path))
            default: nil
            }
        }
    }

    /// Marks conflict `number` as taken or dismissed here.
    static func markResolved(_ db: Database, number: Int) throws {
        try db.execute(sql: "UPDATE sync_conflict SET resolved_here = 1 WHERE n = ?", arguments: [number])
    }
}
