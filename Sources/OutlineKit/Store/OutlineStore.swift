import Foundation
import GRDB

/// The outline database: one SQLite file holding the item tree.
///
/// The store owns the connection and is the only way to change the tree: each of its changing
/// methods is one `BEGIN IMMEDIATE` transaction that leaves every invariant true (one root,
/// positions 1...n under every parent, no cycles), so a command happens whole or not at all.
///
/// ```swift
/// let store = try OutlineStore(path: "/tmp/todo.db")
/// let ids = try store.add(["Groceries"]).ids
/// try store.add(["Milk", "Eggs"], under: ids[0])
/// ```
///
/// ## Threads, processes and waiting
///
/// - A store is one SQLite connection, used synchronously: each call runs to its end on the
///   calling thread. It is not `Sendable`: use one store from one thread (or task, or actor) at a
///   time, with the results controllers and change feeds made on it.
/// - To work in parallel, open one store per thread on the same path. Stores in one process and
///   in many processes share a file the same way: reads run side by side (WAL mode), each change
///   is one transaction, and SQLite lets one write at a time.
/// - A change waits for another connection's write to finish for up to `busyTimeout` seconds
///   (`defaultBusyTimeout`, 120, unless `init` is given another), then throws
///   `OutlineError.databaseBusy` having changed nothing. Reads never wait for writes, but they
///   do wait for a connection that holds the file in SQLite's exclusive locking mode. A store
///   opened with `whenWaiting` is told when a wait passes `lockWaitNoticeDelay`.
public final class OutlineStore {
    /// The database file's path, as given.
    public let path: String
    let queue: DatabaseQueue

    /// How many steps the undo history keeps; older ones are pruned as this store records new
    /// ones. 0 keeps all. The history is the file's, shared by every store and process that opens
    /// it: a store with a small limit prunes everyone's history when it records a step.
    public var levelsOfUndo: Int

    /// The persistent undo manager: undo, redo and the history, shared by every process.
    public var undoManager: OutlineUndoManager { OutlineUndoManager(store: self) }

    /// How many undo steps a database keeps unless told otherwise.
    public static let defaultLevelsOfUndo = 1000

    /// How many levels deep items may nest (the root's children are level 1).
    ///
    /// Far beyond any real outline, and well inside what the tree's machinery can take: SQLite
    /// cascades a delete at most 1000 levels down, and every walk of the tree recurses once a level.
    public static let maximumDepth = 500

    /// How long a change waits for another connection's write to finish before giving up.
    /// Long on purpose: changes should wait their turn rather than fail, and removing a big
    /// subtree can hold the lock for seconds.
    public static let defaultBusyTimeout: TimeInterval = 120

    /// How long a wait for another connection's lock lasts before `init`'s `whenWaiting` is
    /// called: long enough that the waits of everyday concurrency (a few milliseconds while
    /// another command commits) say nothing, short enough that a person never stares at a
    /// silent command for long.
    public static let lockWaitNoticeDelay: TimeInterval = 1

    /// What to do when the database file does not exist.
    public enum MissingFile: Sendable {
        /// Create it, and its folder: for commands that add to the outline.
        case create
        /// Refuse with `OutlineError.noOutline`: for a path that was named on purpose, where a
        /// missing file is more likely a typo than a wish for a new outline.
        case refuse
        /// Open an empty outline in memory and write nothing to disk: for commands that only
        /// read, on a location that has simply not been used yet. `isEmptyStandIn` tells.
        case openEmpty
    }

    /// True when the file did not exist and the store holds an empty outline in memory in its
    /// place (`MissingFile.openEmpty`): nothing written through it reaches the disk.
    public let isEmptyStandIn: Bool

    /// The settings of the add-ons (`StoreAddOn`) for this store, each read and set by its own.
    var addOnSettings = StoreAddOnSettings()

    /// Opens the outline database at `path`.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - busyTimeout: how long a change waits for another connection's write lock, in seconds.
    ///   - levelsOfUndo: how many steps the history keeps (0: all).
    ///   - whenMissing: what to do when there is no file at `path` (by default, create it).
    ///   - upgradingOlderFiles: whether a file of an older schema is brought up to date (the
    ///     default), or refused with `OutlineError.olderSchema`: for a quick look, such as shell
    ///     completion, that must neither write nor wait for an upgrade.
    ///   - whenWaiting: called, on the waiting thread, when a read or a change has waited
    ///     `lockWaitNoticeDelay` seconds for a lock another connection holds (once a wait; the
    ///     wait goes on). The store says nothing itself: a front end says it in its own words.
    /// - Throws: `OutlineError` when the file is not an outline database, was written by a newer
    ///   schema, or cannot be opened or created, or is missing and `whenMissing` is `.refuse`. A
    ///   refused file is left untouched.
    public init(
        path: String, busyTimeout: TimeInterval = OutlineStore.defaultBusyTimeout,
        levelsOfUndo: Int = OutlineStore.defaultLevelsOfUndo, whenMissing: MissingFile = .create,
        upgradingOlderFiles: Bool = true, whenWaiting: (@Sendable () -> Void)? = nil
    ) throws {
        self.path = path
        self.levelsOfUndo = levelsOfUndo
        let configuration = Self.configuration(busyTimeout: busyTimeout, whenWaiting: whenWaiting)
        if try DatabaseFile.inspect(path) == .missing {
            switch whenMissing {
            case .refuse: throw OutlineError.noOutline(path: path)
            case .openEmpty:
                isEmptyStandIn = true
                queue = try Self.mapErrors(path: path) {
                    let memory = try DatabaseQueue(configuration: configuration)
                    try memory.inDatabase { db in try Schema.migrate(db, from: 0) }
                    return memory
                }
                return
            case .create:
                try DatabaseFile.create(at: path) { temporary in
                    try Self.initialiseNewDatabase(at: temporary, path: path)
                }
            }
        }
        isEmptyStandIn = false
        queue = try Self.mapErrors(path: path) {
            try DatabaseQueue(path: DatabaseFile.pathForSQLite(path), configuration: configuration)
        }
        try Self.mapErrors(path: path) {
            try Self.validateAndMigrate(queue, path: path, upgrading: upgradingOlderFiles)
        }
    }

    private static func configuration(
        busyTimeout: TimeInterval, whenWaiting: (@Sendable () -> Void)? = nil
    ) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode =
            whenWaiting.map {
                LockWait(timeout: busyTimeout, noticeAfter: lockWaitNoticeDelay, notice: $0).busyMode
            } ?? .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.label = "outline"
        configuration.prepareDatabase { db in
            // Sync the log at every commit, so that a command that has printed its result survives
            // a power cut. FULL is SQLite's usual default in WAL mode; say so rather than rely on
            // how the system's library was built.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Keep statement journals in memory. Each insert into the item table runs the title
            // index's trigger, so SQLite journals every statement's pages; past 64 KiB that went to
            // a temporary file (Docs/performance.md, "Big writes, export, a million siblings").
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            for function in TitleIndex.functions { db.add(function: function) }
            RowSink.register(on: db.sqliteConnection)
            IDSink.register(on: db.sqliteConnection)
        }
        return configuration
    }

    private static func initialiseNewDatabase(at temporary: String, path: String) throws {
        try mapErrors(path: path) {
            let newQueue = try DatabaseQueue(
                path: DatabaseFile.pathForSQLite(temporary), configuration: configuration(busyTimeout: 5))
            try newQueue.inDatabase { db in
                // WAL is a property of the file: set once here, it holds for every later connection.
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.inTransaction(.immediate) {
                    try Schema.migrate(db, from: 0)
                    return .commit
                }
            }
            try newQueue.close()
        }
    }

    /// Refuses foreign and newer files; brings older outline files up to the current schema.
    private static func validateAndMigrate(_ queue: DatabaseQueue, path: String, upgrading: Bool) throws {
        try queue.inDatabase { db in
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            guard applicationID == Schema.applicationID else {
                throw OutlineError.notAnOutlineDatabase(path: path)
            }
            if version > Schema.currentVersion {
                throw OutlineError.newerSchema(path: path, found: version, supported: Schema.currentVersion)
            }
            // Only an edit made outside outline can store a negative version.
            guard version >= 0 else {
                throw OutlineError.schemaMismatch(path: path, version: version, reason: "there is no such version")
            }
            if version < Schema.currentVersion, !upgrading {
                throw OutlineError.olderSchema(path: path, found: version, current: Schema.currentVersion)
            }
            if version < Schema.currentVersion {
                do {
                    try db.inTransaction(.immediate) {
                        // Another process may have migrated while we waited for the lock.
                        let current = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                        if current < Schema.currentVersion { try Schema.migrate(db, from: current) }
                        return .commit
                    }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
                    // The tables are not those of the version the file claims ("table ... already
                    // exists"): the migration was rolled back and the file is as it was.
                    throw OutlineError.schemaMismatch(
                        path: path, version: version, reason: error.message ?? "the migration failed")
                }
            }
        }
    }

    /// Runs `body` in one immediate write transaction: all of it is committed, or none of it
    /// (and none of it with `commit` false: a dry run, checked as the real change would be).
    func write<T>(commit: Bool = true, _ body: (Database) throws -> T) throws -> T {
        try requireOpen()
        return try Self.mapErrors(path: path) {
            try queue.inDatabase { db in
                try Self.enlargeCacheForWriting(db)
                defer { Self.restoreCache(db) }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    guard commit else { return .rollback }
                    try TitleIndex.catchUpIfDue(db)
                    return .commit
                }
                return result!
            }
        }
    }

    /// Runs a changing command in one write transaction and records it as one undo step, named by
    /// its action, in the same transaction. A command that changed nothing records no step.
    ///
    /// - Parameter reportingChanges: also compute the change report (`ChangeResult.changes`). A
    ///   report reads every list the change touched, which a plain `add` has no need to pay for.
    /// - Parameter commit: false for a dry run: the change is made, checked and reported, then
    ///   rolled back.
    /// - Parameter alsoRecording: an add-on's tables whose rows the step holds beside the items,
    ///   so that undo puts them back too.
    /// - Parameter applyingHistory: the body applies a recorded step (`undo --step`), which
    ///   wants foreign keys off (`writeApplyingHistory`).
    func performChange(
        reportingChanges: Bool, commit: Bool = true, alsoRecording tables: [String] = [],
        applyingHistory: Bool = false, _ body: (Database) throws -> ChangeResult
    ) throws -> ChangeResult {
        /// The change and its step, in the transaction the caller chose.
        func changeAndRecord(_ db: Database) throws -> ChangeResult {
            var (result, changeset) = try SessionChangeset.record(db, alsoRecording: tables) { try body(db) }
            if !changeset.isEmpty {
                result.step = try UndoHistory.push(
                    db, name: result.action.name, changeset: changeset,
                    listEnds: try ListEnds(db, parents: result.touchedParents, moves: result.moves),
                    levels: levelsOfUndo)
                if reportingChanges { result.changes = try report(db, try changeset.rows(inverted: false)) }
            }
            return result
        }
        return applyingHistory
            ? try writeApplyingHistory(commit: commit, changeAndRecord) : try write(commit: commit, changeAndRecord)
    }

    /// The change report of the change whose applied rows are `rows`, the database being in the
    /// state just after it.
    func report(_ db: Database, _ rows: [ChangedRow]) throws -> [ReportedChange] {
        var rewinder = try TreeRewinder(db, changes: [rows])
        return ChangeReporter.report(try rewinder.rewind(rows, db))
    }

    /// Adds `observer` to the store's connection for as long as the observer lives: the one way
    /// anything learns of this store's own commits.
    func observeCommits(_ observer: some TransactionObserver) {
        queue.add(transactionObserver: observer, extent: .observerLifetime)
    }

    /// Runs an undo or redo in one write transaction with foreign keys off (see
    /// `ChangesetApplication`), committing it unless this is a dry run.
    func writeApplyingHistory<T>(commit: Bool, _ body: (Database) throws -> T) throws -> T {
        try requireOpen()
        return try Self.mapErrors(path: path) {
            try queue.inDatabase { db in
                // Only takes effect outside a transaction, hence here rather than inside it.
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
                try Self.enlargeCacheForWriting(db)
                defer { Self.restoreCache(db) }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    if commit { try TitleIndex.catchUpIfDue(db) }
                    return commit ? .commit : .rollback
                }
                return result!
            }
        }
    }

    /// Gives a write a page cache of 32 MiB. SQLite's default of 2,000 KiB is smaller than the pages a
    /// big change touches in the title indexes, which lie all over the file: once the cache is
    /// full, SQLite writes dirty pages to the log before the commit and reads them back, often more
    /// than once (Docs/performance.md, "Big writes, export, a million siblings"). Reads keep the
    /// default, so that a walk of a million items does not hold a big cache it has no use for.
    private static func enlargeCacheForWriting(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = -32768")
    }

    private static func restoreCache(_ db: Database) {
        try? db.execute(sql: "PRAGMA cache_size = -2000")
    }

    /// Whether `close()` has closed the connection.
    private var isClosed = false

    /// Throws unless the connection is open: SQLite must never see a closed one (it crashes).
    func requireOpen() throws {
        if isClosed { throw OutlineError.storeClosed(path: path) }
    }

    /// Runs `body` in one read transaction, so that every query sees the same snapshot.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try requireOpen()
        return try Self.mapErrors(path: path) { try queue.read(body) }
    }

    /// Closes the connection; every later call throws `OutlineError.storeClosed`.
    /// Deinitialisation closes it too.
    public func close() throws {
        guard !isClosed else { return }
        try Self.mapErrors(path: path) { try queue.close() }
        isClosed = true
    }

    /// Turns SQLite's errors into `OutlineError`s with messages a user can act on.
    static func mapErrors<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as OutlineError {
            throw error
        } catch let error as DatabaseError {
            throw outlineError(for: error, path: path)
        }
    }

    static func outlineError(for error: DatabaseError, path: String) -> OutlineError {
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .databaseBusy(path: path)
        case .SQLITE_READONLY: return .databaseReadOnly(path: path)
        case .SQLITE_CORRUPT: return .databaseCorrupt(path: path, reason: reason)
        case .SQLITE_NOTADB: return .notADatabase(path: path, reason: "it is not an SQLite file")
        case .SQLITE_CANTOPEN: return .cannotOpenDatabase(path: path, reason: reason)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_ERROR where reason.contains("too many levels of trigger recursion"):
            // A cascading delete deeper than SQLite allows: only a file edited outside outline.
            return .fileNestsTooDeep(limit: maximumDepth)
        default: return .databaseFailure(cause: DatabaseFailure(error))
        }
    }
}
