import Foundation
import GRDB

/// What a database that syncs keeps beside the item table, inside the caller's transaction.
///
/// - `sync_config`: the remote, this machine's replica id, the last commit of the remote's log
///   this database has applied, the number of the last batch it wrote, and the log's workflow.
/// - `sync_uid`: each item's global id. A removed item keeps its row, so that an undo that brings
///   it back with its local id brings back its global id too.
/// - `sync_base`: the outline as the log makes it up to that commit (`SyncTree`), tombstones
///   included. What this machine has changed since is the difference between it and the items.
/// - `sync_dirty`: the items changed here since the last sync, noted by triggers (plain SQL, so
///   an undo, a redo, or an edit with the sqlite3 shell is noted too). A superset: an item
///   changed and changed back is compared and found unchanged.
///
/// None of these tables is recorded in the undo history's changesets: undo changes items, and
/// the next sync sends what it changed.
enum SyncTables {
    /// Makes the tables (schema version 6); they stay empty until `install`.
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_config (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE sync_uid (id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE);
                CREATE TABLE sync_base (
                    uid     TEXT PRIMARY KEY,
                    parent  TEXT NOT NULL,
                    key     TEXT NOT NULL,
                    title   TEXT NOT NULL,
                    done_at REAL,
                    note    TEXT,
                    live    INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE sync_dirty (id INTEGER PRIMARY KEY);
                """)
    }

    /// Version 9: the log's copy of each item holds its attributes (`SyncAttributes.json`, NULL
    /// for none), and `sync_conflict` the log's open conflicts (`SyncConflict`; `restore` its
    /// operations and `path` its titles, as JSON), with `resolved_here` set for one taken or
    /// dismissed here, and `in_log` cleared for one taken here that the log has closed since (kept
    /// so that an undo of the take lists it again). Items given attributes before, in an outline that syncs, are noted as changed: the
    /// rounds before sent none of them, and the next must.
    static func createVersion9(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE sync_base ADD COLUMN attributes TEXT;
                CREATE TABLE sync_conflict (
                    n             INTEGER PRIMARY KEY,
                    uid           TEXT NOT NULL,
                    what          TEXT NOT NULL,
                    kept          TEXT,
                    set_aside     TEXT,
                    restore       TEXT NOT NULL,
                    path          TEXT NOT NULL,
                    resolved_here INTEGER NOT NULL DEFAULT 0,
                    in_log        INTEGER NOT NULL DEFAULT 1
                );
                INSERT OR IGNORE INTO sync_dirty (id)
                SELECT id FROM item
                WHERE id != 0 AND EXISTS (SELECT 1 FROM sync_config WHERE name = 'remote')
                  AND (state IS NOT NULL OR last_done IS NOT NULL OR tags IS NOT NULL OR scheduled IS NOT NULL
                       OR due IS NOT NULL OR priority IS NOT NULL OR properties IS NOT NULL);
                """)
    }

    /// Sets the database up to sync with `remote`: the triggers, a global id for every item, and
    /// every item noted as changed, so that the first sync sends them all (or, on an empty
    /// outline, none).
    static func install(_ db: Database, remote: String, replica: String) throws {
        try db.execute(
            sql: """
                CREATE TRIGGER sync_item_added AFTER INSERT ON item WHEN new.id != 0 BEGIN
                    INSERT OR IGNORE INTO sync_uid (id, uid) VALUES (new.id, lower(hex(randomblob(16))));
                    INSERT OR IGNORE INTO sync_dirty (id) VALUES (new.id);
                END;
                CREATE TRIGGER sync_item_changed AFTER UPDATE ON item WHEN new.id != 0 BEGIN
                    INSERT OR IGNORE INTO sync_dirty (id) VALUES (new.id);
                END;
                CREATE TRIGGER sync_item_removed AFTER DELETE ON item BEGIN
                    INSERT OR IGNORE INTO sync_dirty (id) VALUES (old.id);
                END;
                INSERT OR IGNORE INTO sync_uid (id, uid) SELECT id, lower(hex(randomblob(16))) FROM item WHERE id != 0;
                INSERT OR IGNORE INTO sync_dirty (id) SELECT id FROM item WHERE id != 0;
                """)
        try setConfig(db, "remote", remote)
        try setConfig(db, "replica", replica)
    }

    /// Unties the outline from its remote: the triggers go, and the tables are emptied.
    static func uninstall(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP TRIGGER IF EXISTS sync_item_added;
                DROP TRIGGER IF EXISTS sync_item_changed;
                DROP TRIGGER IF EXISTS sync_item_removed;
                DELETE FROM sync_config;
                DELETE FROM sync_uid;
                DELETE FROM sync_base;
                DELETE FROM sync_dirty;
                DELETE FROM sync_conflict;
                """)
    }

    /// Notes `ids` as changed, as the triggers would have: for undo and redo, whose changesets
    /// are applied with triggers off (see `ChangesetApplication`). Nothing when the outline does
    /// not sync.
    static func noteChanged(_ ids: [ItemID], _ db: Database) throws {
        guard !ids.isEmpty,
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_config WHERE name = 'remote')") ?? false
        else {
            return
        }
        let list = JSONText.array(ids)
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO sync_uid (id, uid)
                SELECT value, lower(hex(randomblob(16))) FROM json_each(?) WHERE value != 0
                """, arguments: [list])
        try db.execute(
            sql: "INSERT OR IGNORE INTO sync_dirty (id) SELECT value FROM json_each(?) WHERE value != 0",
            arguments: [list])
    }

    /// The sync settings, or nil when the database does not sync.
    static func configuration(_ db: Database) throws -> SyncConfiguration? {
        let rows = try Row.fetchAll(db, sql: "SELECT CAST(name AS TEXT), CAST(value AS TEXT) FROM sync_config")
        var values: [String: String] = [:]
        for row in rows { values[row[0]] = row[1] }
        guard let remote = values["remote"], let replica = values["replica"] else { return nil }
        return SyncConfiguration(
            remote: remote, replica: replica, lastCommit: values["last_commit"], pushing: values["pushing"],
            sequence: values["sequence"].flatMap { Int($0) } ?? 0,
            written: Dictionary(
                values.compactMap { name, value in
                    name.hasPrefix(writtenPrefix) ? Int(name.dropFirst(writtenPrefix.count)).map { ($0, value) } : nil
                }, uniquingKeysWith: { first, _ in first }),
            partedAt: values[partedAtKey], remoteUnchecked: values[remoteUncheckedKey] != nil)
    }

    /// The setting that holds `SyncConfiguration.remoteUnchecked`.
    static let remoteUncheckedKey = "remote_unchecked"

    /// The setting that holds `SyncConfiguration.partedAt`.
    static let partedAtKey = "parted_at"

    /// The settings that note the commit of each batch this database wrote: `batch:N`.
    static let writtenPrefix = "batch:"

    /// Notes that this database wrote batch `sequence` as `commit`, and forgets the notes of
    /// batches more than `keptWritten` older, which no push still on its way can hold.
    static func noteWritten(_ db: Database, sequence: Int, commit: String) throws {
        try setConfig(db, "sequence", String(sequence))
        try setConfig(db, writtenPrefix + String(sequence), commit)
        try db.execute(
            sql: """
                DELETE FROM sync_config WHERE name LIKE 'batch:%' AND CAST(substr(name, 7) AS INTEGER) <= ?
                """, arguments: [sequence - keptWritten])
    }

    /// How many of its last batches a database knows by commit: a push left running by a killed
    /// round lands, if at all, before a later round of the same database has pushed twice.
    static let keptWritten = 20

    /// The setting `name`, or nil.
    static func config(_ db: Database, _ name: String) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT CAST(value AS TEXT) FROM sync_config WHERE name = ?"), arguments: [name])
    }

    static func setConfig(_ db: Database, _ name: String, _ value: String) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO sync_config (name, value) VALUES (?, ?)", arguments: [name, value])
    }

    static func removeConfig(_ db: Database, _ name: String) throws {
        try db.execute(sql: "DELETE FROM sync_config WHERE name = ?", arguments: [name])
    }

    /// Whether any item is noted as changed since the last sync, or the workflow differs from
    /// the log's.
    static func hasChanges(_ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM sync_dirty)
                    OR EXISTS (SELECT 1 FROM sync_conflict WHERE resolved_here = in_log)
                    OR (SELECT CAST(value AS TEXT) FROM outline_setting WHERE key = 'workflow')
                       IS NOT (SELECT CAST(value AS TEXT) FROM sync_config WHERE name = ?)
                """, arguments: [baseWorkflowSetting]) ?? false
    }

    /// The setting that holds the log's workflow (`SyncTree.workflow`), when one was set.
    static let baseWorkflowSetting = "workflow"

    /// Notes that a round ended now, and, when it sent what this machine had (`sentAll`), that
    /// the steps up to `throughStep` (the newest in the history, if nil) are sent.
    static func noteRound(_ db: Database, sentAll: Bool, throughStep: StepID? = nil) throws {
        try setConfig(db, "last_round", String(Date().timeIntervalSince1970))
        guard sentAll else { return }
        let newest = try throughStep ?? UndoHistory.newestStep(db)
        try setConfig(db, "sent_through_step", String(newest))
    }

    /// The names of the steps made here since the last round, oldest first: what it has not
    /// sent yet, as `history` names it (steps undone since are left out, as their changes are).
    static func unsentSteps(_ db: Database) throws -> [String] {
        let last = try config(db, "sent_through_step").flatMap { Int64($0) } ?? 0
        return try String.fetchAll(
            db,
            sql: "SELECT CAST(name AS TEXT) FROM undo_step WHERE id > ? AND origin = 0 AND undone = 0 ORDER BY id",
            arguments: [last])
    }

    /// The items that the steps not sent yet moved within their lists on purpose, as their
    /// commands said (`ListEnds.moves`): the item a `mv` named, not the siblings it passed;
    /// every item a `sort` numbered again.
    static func movedWithinSinceLastRound(_ db: Database) throws -> Set<ItemID> {
        let last = try config(db, "sent_through_step").flatMap { Int64($0) } ?? 0
        var moved: Set<ItemID> = []
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT id, CAST(list_ends AS TEXT) FROM undo_step
                WHERE id > ? AND origin = 0 AND undone = 0 AND list_ends IS NOT NULL
                """,
            arguments: [last])
        {
            switch ListEnds(stored: row[1])?.moves {
            case .items(let items)?:
                moved.formUnion(items)
            case .everyItem?:
                // Read only for such a step: its rows name the items it numbered again.
                let bytes = try Data.fetchOne(
                    db, sql: "SELECT CAST(changeset AS BLOB) FROM undo_step WHERE id = ?", arguments: [row[0] as StepID]
                )
                let rows = try SessionChangeset(bytes: bytes ?? Data()).rows(inverted: false)
                moved.formUnion(StepMoves.everyItem.moved(among: rows))
            case nil:
                continue
            }
        }
        return moved
    }

    /// When the last round ended, if one was noted.
    static func lastRound(_ db: Database) throws -> Date? {
        try config(db, "last_round").flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    /// The outline's workflow here, as stored, or nil when it never set one.
    static func localWorkflow(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT CAST(value AS TEXT) FROM outline_setting WHERE key = 'workflow'")
    }

    /// The ids noted as changed since the last sync.
    static func changedIDs(_ db: Database) throws -> [ItemID] {
        try ItemID.fetchAll(db, sql: "SELECT id FROM sync_dirty ORDER BY id")
    }

    /// Notes exactly `ids` as changed since the last sync.
    static func setChanged(_ db: Database, _ ids: [ItemID]) throws {
        try db.execute(sql: "DELETE FROM sync_dirty")
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_dirty (id) VALUES (?)")
        for id in ids { try insert.execute(arguments: [id]) }
    }

    /// The outline as the log made it, up to the last commit applied here.
    static func base(_ db: Database) throws -> SyncTree {
        var nodes: [String: SyncTree.Node] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT CAST(uid AS TEXT), CAST(parent AS TEXT), CAST(key AS TEXT), CAST(title AS TEXT),
                       done_at, note, live, CAST(attributes AS TEXT)
                FROM sync_base
                """)
        while let row = try rows.next() {
            nodes[row[0]] = SyncTree.Node(
                parent: row[1], key: row[2], title: row[3], doneAt: row[4], note: row[5], isLive: row[6],
                attributes: storedAttributes(row[7]) ?? SyncAttributes())
        }
        let workflow = try config(db, baseWorkflowSetting)
        var tree = SyncTree(nodes: nodes, workflow: workflow)
        try readConflicts(db, into: &tree)
        return tree
    }

    /// The attributes the base's `attributes` column holds: nil for none, or for a value that
    /// does not read (which `check` names, and a round refuses to start with).
    static func storedAttributes(_ text: String?) -> SyncAttributes? {
        guard let text, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        else { return nil }
        return try? SyncAttributes(json: object)
    }

    /// Writes the nodes of `tree` named in `uids` to the base, and its conflicts
    /// (`writeConflicts`, with `conflictsRenumberedAfter` as its `renumberedAfter`).
    static func writeBase(
        _ db: Database, _ tree: SyncTree, _ uids: Set<String>, conflictsRenumberedAfter: Int? = nil
    ) throws {
        let write = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO sync_base (uid, parent, key, title, done_at, note, live, attributes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        let forget = try db.cachedStatement(sql: "DELETE FROM sync_base WHERE uid = ?")
        for uid in uids.sorted() {
            // Left out of a snapshot: a removed item the log no longer names.
            guard let node = tree[uid] else {
                try forget.execute(arguments: [uid])
                continue
            }
            try write.execute(arguments: [
                uid, node.parent, node.key, node.title, node.doneAt, node.note, node.isLive,
                node.attributes.isEmpty ? nil : node.attributes.json,
            ])
        }
        if let workflow = tree.workflow { try setConfig(db, baseWorkflowSetting, workflow) }
        try writeConflicts(db, tree, renumberedAfter: conflictsRenumberedAfter)
    }

    /// The global id of each local id in `ids` that has one.
    static func uids(of ids: some Sequence<ItemID>, _ db: Database) throws -> [ItemID: String] {
        let statement = try db.cachedStatement(sql: "SELECT CAST(uid AS TEXT) FROM sync_uid WHERE id = ?")
        var result: [ItemID: String] = [:]
        for id in ids {
            if let uid = try String.fetchOne(statement, arguments: [id]) { result[id] = uid }
        }
        return result
    }

    /// The local id of `uid`, if this database has ever held that item.
    static func id(of uid: String, _ db: Database) throws -> ItemID? {
        if uid == SyncTree.rootUID { return .root }
        return try ItemID.fetchOne(db.cachedStatement(sql: "SELECT id FROM sync_uid WHERE uid = ?"), arguments: [uid])
    }

    /// The global id of one item, or nil when the outline does not sync (or for the root).
    static func uid(of id: ItemID, _ db: Database) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(sql: "SELECT CAST(uid AS TEXT) FROM sync_uid WHERE id = ?"), arguments: [id])
    }
}

/// A database's sync settings.
struct SyncConfiguration: Equatable {
    /// The git remote: a URL or a path.
    var remote: String
    /// This machine's id in the log.
    var replica: String
    /// The last commit of the remote's log applied here; nil before the first sync.
    var lastCommit: String?
    /// The commit the last round was pushing, until the round is recorded: if the round was
    /// killed, the next finds it in the log.
    var pushing: String?
    /// The number of the last batch this database wrote (0 before the first); see `OwnBatches`.
    var sequence: Int = 0
    /// The commits of the last batches this database wrote, by number.
    var written: [Int: String] = [:]
    /// Where the log of a remote `sync remote` moved to parts from the one this machine synced
    /// (`OutlineStore.RemoteMove.parted`), until the next round has moved onto it.
    var partedAt: String?
    /// Whether `sync remote` took the remote without reaching it: its first round moves onto its
    /// log as onto one `sync remote` found parting from this machine's, if it does.
    var remoteUnchecked = false
}
