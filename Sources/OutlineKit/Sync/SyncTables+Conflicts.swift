import Foundation
import GRDB

/// The log's open conflicts as this database keeps them (`sync_conflict`, and the count in
/// `sync_config`), and the ones taken or dismissed here that the next round sends.
extension SyncTables {
    /// The setting that holds how many conflicts the log has numbered.
    static let conflictCountSetting = "conflict_count"

    /// Reads the open conflicts and their count into `tree`, the log's outline.
    static func readConflicts(_ db: Database, into tree: inout SyncTree) throws {
        tree.conflictCount =
            try String.fetchOne(
                db, sql: "SELECT CAST(value AS TEXT) FROM sync_config WHERE name = ?",
                arguments: [conflictCountSetting]
            ).flatMap { Int($0) } ?? 0
        tree.conflicts = try storedConflicts(db).map(\.conflict)
    }

    /// Every open conflict, by number, and whether it was taken or dismissed here; a row that
    /// does not read (an edit outside outline) is passed over (`check` names it).
    static func storedConflicts(_ db: Database) throws -> [(conflict: SyncConflict, resolvedHere: Bool)] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT n, CAST(uid AS TEXT), CAST(what AS TEXT), CAST(kept AS TEXT), CAST(set_aside AS TEXT),
                       CAST(restore AS TEXT), CAST(path AS TEXT), resolved_here
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
                        "what": row[2] as String? as Any, "kept": row[3] as String? as Any,
                        "set_aside": row[4] as String? as Any, "restore": restore, "path": path,
                    ])
            else { return nil }
            return (conflict, row[7] as Bool? ?? false)
        }
    }

    /// Makes the table hold `tree`'s open conflicts, keeping the mark of those taken or
    /// dismissed here that are still open in the log (the round that would send it did not).
    static func writeConflicts(_ db: Database, _ tree: SyncTree) throws {
        let resolvedHere = Set(
            try Int.fetchAll(db, sql: "SELECT n FROM sync_conflict WHERE resolved_here"))
        try db.execute(sql: "DELETE FROM sync_conflict")
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO sync_conflict (n, uid, what, kept, set_aside, restore, path, resolved_here)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for conflict in tree.conflicts {
            try insert.execute(arguments: [
                conflict.number, conflict.uid, conflict.what, conflict.kept, conflict.setAside, conflict.restoreJSON,
                JSONText.array(conflict.path), resolvedHere.contains(conflict.number),
            ])
        }
        if tree.conflictCount > 0 { try setConfig(db, conflictCountSetting, String(tree.conflictCount)) }
    }

    /// The conflicts taken or dismissed here and not yet sent, as operations.
    static func resolutions(_ db: Database) throws -> [SyncOperation] {
        try Int.fetchAll(db, sql: "SELECT n FROM sync_conflict WHERE resolved_here ORDER BY n").map {
            .resolve(number: $0)
        }
    }

    /// Marks conflict `number` as taken or dismissed here.
    static func markResolved(_ db: Database, number: Int) throws {
        try db.execute(sql: "UPDATE sync_conflict SET resolved_here = 1 WHERE n = ?", arguments: [number])
    }
}
