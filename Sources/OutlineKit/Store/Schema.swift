import GRDB

/// The versioned schema of an outline database.
///
/// The version lives in `PRAGMA user_version` and the file is marked as ours by
/// `PRAGMA application_id`: both sit in the database header, so telling a foreign or newer file
/// apart costs two pragma reads at start-up and no query of the schema.
///
/// We keep migrations as a plain ordered list rather than GRDB's `DatabaseMigrator` because the
/// migrator's bookkeeping table would have to be read on every command, and because a file must be
/// judged (foreign, newer) before anything at all is written to it.
enum Schema {
    /// "Outl" in ASCII: marks a file as an outline database.
    static let applicationID: Int32 = 0x4F75_746C

    /// Migration `n` (1-based) brings a file from version `n - 1` to version `n`.
    static let migrations: [@Sendable (Database) throws -> Void] = [
        createVersion1, createVersion2, createVersion3, createVersion4, createVersion5, createVersion6,
        createVersion7, createVersion8, createVersion9, createVersion10,
    ]

    static var currentVersion: Int { migrations.count }

    /// Version 1: the item tree.
    ///
    /// - `AUTOINCREMENT` keeps SQLite from ever giving a freed id to a new item.
    /// - The root is row 0 and the only row without a parent.
    /// - `position` is not declared UNIQUE per parent on purpose: renumbering shifts whole runs of
    ///   siblings in one statement, which a unique index would reject half-way. `check` verifies
    ///   that positions are 1...n.
    private static func createVersion1(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE item (
                    id        INTEGER PRIMARY KEY AUTOINCREMENT,
                    parent_id INTEGER REFERENCES item(id) ON DELETE CASCADE,
                    position  INTEGER NOT NULL CHECK (position >= 1),
                    title     TEXT NOT NULL,
                    CHECK ((id = 0) = (parent_id IS NULL))
                );
                CREATE INDEX item_by_parent ON item(parent_id, position);
                INSERT INTO item (id, parent_id, position, title) VALUES (0, NULL, 1, '');
                """)
    }

    /// Version 2: the undo history, one row a step, and the log of what happened to steps.
    ///
    /// `undone` is 0 for a step on the undo stack, 1 for one on the redo stack, and 2 for one that
    /// was undone and then cleared by a new change: no longer in the history, but kept (until
    /// pruned) so that a `watch` that has not caught up can still report its undo. Undone steps
    /// always sit on top of the stack, so the index finds the top of either stack in O(log n).
    ///
    /// `change_event` lists every commit that changed the outline, in order: a step done (0),
    /// undone (1) or redone (2). A watcher reads the events since the last one it saw.
    private static func createVersion2(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE undo_step (
                    id         INTEGER PRIMARY KEY AUTOINCREMENT,
                    name       TEXT NOT NULL,
                    changeset  BLOB NOT NULL,
                    created_at REAL NOT NULL,
                    undone     INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1, 2))
                );
                CREATE INDEX undo_step_by_state ON undo_step(undone, id);
                CREATE TABLE change_event (
                    seq  INTEGER PRIMARY KEY AUTOINCREMENT,
                    step INTEGER NOT NULL,
                    kind INTEGER NOT NULL CHECK (kind IN (0, 1, 2))
                );
                """)
    }

    /// Version 3: each step notes where the lists it touched end (`ListEnds`), so that undo and
    /// redo can tell a list changed outside outline since from one that was already broken before
    /// the step. Steps recorded before version 3 have none and are verified the old way.
    private static func createVersion3(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE undo_step ADD COLUMN list_ends TEXT")
    }

    /// Version 4: title paths and search (`TitleIndex`).
    ///
    /// - Two indexes on `lower(title)` serve "an item titled T anywhere" and "a child of P titled
    ///   T" without a scan. They are built from SQLite's own function so that any SQLite tool can
    ///   still write the item table.
    /// - `title_key` holds the case-folded key of the few titles whose fold `lower()` (ASCII only)
    ///   gets wrong; `title_search` is the trigram index of every title, case and diacritics folded.
    /// - Both live outside the item table, so that the undo history's changesets, which record
    ///   the item table alone, stay valid across versions. Triggers note each added or retitled
    ///   item in `title_unindexed` (plain SQL, so a title written with the sqlite3 shell is noted
    ///   too), and every removed item; a write of outline's that finds `TitleIndex.backlog` titles
    ///   noted folds them, and drops the rows of removed items, before it commits.
    private static func createVersion4(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX item_by_lower_title ON item(lower(title));
                CREATE INDEX item_by_parent_and_lower_title ON item(parent_id, lower(title));
                CREATE TABLE title_key (id INTEGER PRIMARY KEY, key TEXT NOT NULL);
                CREATE INDEX title_key_by_key ON title_key(key);
                CREATE VIRTUAL TABLE title_search USING fts5(text, tokenize = 'trigram');
                CREATE TABLE title_unindexed (id INTEGER PRIMARY KEY);
                CREATE TRIGGER item_added AFTER INSERT ON item WHEN new.id != 0 BEGIN
                    INSERT OR IGNORE INTO title_unindexed (id) VALUES (new.id);
                END;
                CREATE TRIGGER item_retitled AFTER UPDATE OF title ON item WHEN new.id != 0 BEGIN
                    INSERT OR IGNORE INTO title_unindexed (id) VALUES (new.id);
                END;
                CREATE TRIGGER item_removed AFTER DELETE ON item BEGIN
                    INSERT OR IGNORE INTO title_unindexed (id) VALUES (old.id);
                END;
                INSERT INTO title_unindexed (id) SELECT id FROM item WHERE id != 0;
                """)
        // `migrate` folds the noted titles once the last version is in place: the folding reads
        // the columns of the current schema.
    }

    /// Version 5: the content of an item beyond its title: its state and its note.
    ///
    /// - `done_at` is when the item was marked done (seconds since 1970, UTC), NULL while it is
    ///   open: one column holds both the state and its time, so they cannot disagree.
    /// - `note` is the item's note, NULL for none. It is the last column, so that a long note's
    ///   overflow pages are never read by a query that stops at the title.
    /// - Added with `ALTER TABLE ADD COLUMN`, which rewrites no row: upgrading a million-item file
    ///   costs what a small one does. The history's changesets, recorded with four columns, still
    ///   apply: SQLite's session extension fills a column a changeset lacks with its default
    ///   (open, no note), which is what every item had before this version.
    /// - `item_done` lists the done items alone, so that `find --open` learns which to leave out
    ///   without reading the table.
    /// - The search index holds the note beside the title (`TitleIndex`), so the trigger that
    ///   notes a retitled item notes a changed note too.
    /// - Title keys are in composed form (`TitleKey.of`) from this version on: the titles that
    ///   are not plain ASCII are noted, so that their keys are folded again.
    private static func createVersion5(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE item ADD COLUMN done_at REAL;
                ALTER TABLE item ADD COLUMN note TEXT;
                CREATE INDEX item_done ON item(id) WHERE done_at IS NOT NULL;
                DROP TRIGGER item_retitled;
                CREATE TRIGGER item_retitled AFTER UPDATE OF title, note ON item WHEN new.id != 0 BEGIN
                    INSERT OR IGNORE INTO title_unindexed (id) VALUES (new.id);
                END;
                INSERT OR IGNORE INTO title_unindexed (id) SELECT id FROM item WHERE id != 0 AND title GLOB '*[^ -~]*';
                """)
    }

    /// Version 6: the history tells steps made here from steps that came from another machine.
    ///
    /// - `undo_step.origin` tells a step a command made here (0) from one a sync made (1), which
    ///   `undo` passes over: undo reverts this machine's own steps.
    /// - The sync add-on makes its tables at this version (`StoreAddOn.migrate`); they stay
    ///   empty until `sync init`.
    private static func createVersion6(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE undo_step ADD COLUMN origin INTEGER NOT NULL DEFAULT 0")
    }

    /// Version 7: what an item holds beyond its title and note (`ItemAttributes`), and the
    /// outline's workflow.
    ///
    /// - Each attribute is a column of its own, added at the end with `ALTER TABLE ADD COLUMN`
    ///   as in version 5: no row is rewritten, and the history's changesets, recorded with fewer
    ///   columns, still apply (a missing column is filled with its default, NULL).
    /// - `state` is the item's keyword, NULL for a plain item. No row is rewritten to give the
    ///   done items of older files their `DONE`: that would make every step recorded before
    ///   undo to a state the rows never had. A done item with no keyword (`done_at` set, `state`
    ///   NULL) reads as `DONE` instead (`ItemState`), and undoing an old `done` still leaves a
    ///   plain item.
    /// - `last_done` is when a repeating task was last marked done (it stays open); `scheduled`
    ///   and `due` hold `TaskDate.stored` text, which sorts in time order, and their repeaters
    ///   sit beside them; `tags` holds the tags as set, one space between them; `properties` a
    ///   JSON object, keys in the order they were set.
    /// - `outline_setting` holds the workflow (key `workflow`, `Workflow.description`); the
    ///   session records it beside the item table, so that a change of workflow is a step.
    /// - `tag_index` holds each item's tags folded (`TagKey`), set or written as `#word` in its
    ///   title, for `find --tag` and `tags`. Derived, as the title index is, and kept by the same
    ///   catch-up: the trigger that notes a retitled item notes a change of tags too.
    /// - The partial indexes (keyword, dates) hold only the items that have one, so that the
    ///   agenda and `find`'s filters on them read few rows, and a plain `add` writes to none of
    ///   them. Priority and properties have none: each index is parsed at every start and
    ///   compiled into every insert, and those two filters can read the table.
    private static func createVersion7(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE item ADD COLUMN state TEXT;
                ALTER TABLE item ADD COLUMN last_done REAL;
                ALTER TABLE item ADD COLUMN priority TEXT;
                ALTER TABLE item ADD COLUMN scheduled TEXT;
                ALTER TABLE item ADD COLUMN scheduled_repeat TEXT;
                ALTER TABLE item ADD COLUMN due TEXT;
                ALTER TABLE item ADD COLUMN due_repeat TEXT;
                ALTER TABLE item ADD COLUMN tags TEXT;
                ALTER TABLE item ADD COLUMN properties TEXT;
                CREATE INDEX item_by_state ON item(state) WHERE state IS NOT NULL;
                CREATE INDEX item_by_scheduled ON item(scheduled) WHERE scheduled IS NOT NULL;
                CREATE INDEX item_by_due ON item(due) WHERE due IS NOT NULL;
                CREATE TABLE outline_setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE tag_index (key TEXT NOT NULL, id INTEGER NOT NULL, tag TEXT NOT NULL,
                                        PRIMARY KEY (key, id)) WITHOUT ROWID;
                CREATE INDEX tag_index_by_id ON tag_index(id);
                DROP TRIGGER item_retitled;
                CREATE TRIGGER item_retitled AFTER UPDATE OF title, note, tags ON item WHEN new.id != 0 BEGIN
                    INSERT OR IGNORE INTO title_unindexed (id) VALUES (new.id);
                END;
                INSERT OR IGNORE INTO title_unindexed (id) SELECT id FROM item WHERE id != 0 AND instr(title, '#') > 0;
                """)
    }

    /// Version 8: the date indexes hold what the agenda and `find --due-by` ask, so that neither
    /// reads the item table for the dated items it then leaves out.
    ///
    /// - Only open items: both questions are about what is still to do, and most dated items
    ///   of an old outline are done.
    /// - The repeater beside the date: a past date with a `+` repeater can still fall in the
    ///   agenda's days, and telling which needs the repeater. With the item's id (the row id
    ///   every index holds), the index answers the question without the table: at 1,000,000
    ///   items the agenda read 49,000 pages for its 7,200 lines with version 7's indexes,
    ///   one table page for each of the 20,000 dated items.
    /// - `done_at` too, always NULL here: SQLite reads a column the query names from the table
    ///   unless the index holds it, even one that the index's own condition fixes.
    private static func createVersion8(_ db: Database) throws {
        try db.execute(
            sql: """
                DROP INDEX item_by_scheduled;
                DROP INDEX item_by_due;
                CREATE INDEX item_by_scheduled ON item(scheduled, scheduled_repeat, done_at)
                    WHERE scheduled IS NOT NULL AND done_at IS NULL;
                CREATE INDEX item_by_due ON item(due, due_repeat, done_at) WHERE due IS NOT NULL AND done_at IS NULL;
                """)
    }

    /// Version 9: nothing in the core; the log's copy of the outline gains the attributes, so
    /// that they sync (`SyncAddOn`).
    private static func createVersion9(_ db: Database) throws {}

    /// Version 10: a step's changeset is the last column of its row.
    ///
    /// A big changeset is written into a zero blob of its size (`UndoHistory.insertStep`).
    /// SQLite leaves a zero blob unexpanded only at the end of a record; anywhere else it builds
    /// the whole blob in memory and copies it into the record, which at a million imported
    /// items was 110 MB more at the peak (Docs/performance.md, "The undo step's changeset, last").
    /// The column keeps its name, so every query that reads it is unchanged: a new column at the
    /// end takes the values, the old one goes, and the new one takes its name. Every step is
    /// kept, with its id, and `AUTOINCREMENT`'s counter is not touched.
    private static func createVersion10(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE undo_step ADD COLUMN changeset_last BLOB NOT NULL DEFAULT x'';
                UPDATE undo_step SET changeset_last = changeset;
                ALTER TABLE undo_step DROP COLUMN changeset;
                ALTER TABLE undo_step RENAME COLUMN changeset_last TO changeset;
                """)
    }

    /// Brings the database from `version` to `currentVersion`, inside the caller's transaction.
    ///
    /// The add-ons' part of each version follows the core's, as it did when both were one
    /// migration: the schema a file ends with is the same whichever version it started from.
    static func migrate(_ db: Database, from version: Int) throws {
        for index in migrations.indices.dropFirst(version) {
            try migrations[index](db)
            try StoreAddOns.migrate(db, to: index + 1)
        }
        try TitleIndex.catchUp(db)
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(currentVersion)")
    }
}
