import GRDB

/// Sync as the core sees it, through `StoreAddOn`: its tables come with schema version 6 (and
/// carry the attributes from version 9),
/// `check` reads them, `show` gives an item's global id, and undo and redo note what they
/// change for the next round.
enum SyncAddOn: StoreAddOn {
    static func migrate(_ db: Database, to version: Int) throws {
        if version == 6 { try SyncTables.create(db) }
        if version == 9 { try SyncTables.createVersion9(db) }
    }

    static func problems(_ db: Database) throws -> [Problem] {
        // A file that `check` opens without upgrading may predate the tables.
        guard try db.tableExists("sync_config") else { return [] }
        return try SyncTables.problems(db)
    }

    static func addDetails(to details: inout ItemDetails, _ db: Database) throws {
        details.globalID = try SyncTables.uid(of: details.item.id, db)
    }

    static func noteChanged(_ ids: [ItemID], _ db: Database) throws {
        try SyncTables.noteChanged(ids, db)
    }
}

/// A store's sync settings: how long git may run, and the hooks the tests use to act in the
/// middle of a round.
struct SyncStoreSettings: StoreAddOnSetting {
    /// See `OutlineStore.syncTransport`.
    var transport = SyncTransportSettings()
    /// See `OutlineStore.syncRoundDidPush`.
    var roundDidPush: (() throws -> Void)?
    /// See `OutlineStore.syncRoundWillPush`.
    var roundWillPush: ((_ commit: String) throws -> Void)?
    /// The sync cache's folder, when it is not beside the store's own file: a new database
    /// that joins is built under a temporary name, with the cache of the name it will have.
    var cacheFolder: String?
}

extension OutlineStore {
    /// How long a sync round lets each git command run, and whom it tells when it waits.
    public var syncTransport: SyncTransportSettings {
        get { addOnSettings[SyncStoreSettings.self].transport }
        set { addOnSettings[SyncStoreSettings.self].transport = newValue }
    }

    /// Called by a sync round between its push and its write (tests run commands there, as a
    /// user might while the round runs).
    var syncRoundDidPush: (() throws -> Void)? {
        get { addOnSettings[SyncStoreSettings.self].roundDidPush }
        set { addOnSettings[SyncStoreSettings.self].roundDidPush = newValue }
    }

    /// Called by a sync round with its commit, after noting it and before pushing it (tests push
    /// it themselves, later, as a push left running by a killed round would land).
    var syncRoundWillPush: ((_ commit: String) throws -> Void)? {
        get { addOnSettings[SyncStoreSettings.self].roundWillPush }
        set { addOnSettings[SyncStoreSettings.self].roundWillPush = newValue }
    }
}
