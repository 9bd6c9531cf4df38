import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension OutlineStore {
    /// Ties a database that does not exist yet to `remote` and runs the first round, which adopts
    /// the remote's outline.
    ///
    /// The database is built under a temporary name beside `path` (`JoiningFile`) and put in
    /// place only once the round has ended well, so that a start that is refused, fails, is
    /// interrupted or killed (even by SIGKILL) leaves no database at `path`: what a killed start
    /// left is removed by the next start of the same path. The cache is the one of `path`, and
    /// the start holds its lock throughout, so starts and rounds of the path take turns.
    ///
    /// - Returns: the round's summary; nil, having done nothing, when a file is at `path` (it
    ///   was there, or another process made it while this one waited for the lock): open it and
    ///   call `startSyncing(with:reportingChanges:)`.
    /// - Throws: what `startSyncing(with:reportingChanges:)` throws, and `OutlineError`s for a
    ///   file that cannot be made.
    public static func startSyncingNewFile(
        at path: String, with remote: String, levelsOfUndo: Int = OutlineStore.defaultLevelsOfUndo,
        transport: SyncTransportSettings = SyncTransportSettings(), reportingChanges: Bool = false,
        whenWaiting: (@Sendable () -> Void)? = nil
    ) throws -> SyncSummary? {
        guard try DatabaseFile.inspect(path) == .missing else { return nil }
        try SyncArgumentCheck.remote(remote, stored: false)
        let madeFolders = try DatabaseFile.makeFolder(for: path)
        let cache = syncCache(of: path)
        var placed = false
        defer {
            // The cache (this start's, or one a killed start left: with no database at the path,
            // nothing syncs through it), and the folders made for the file, go with a start that
            // failed, unless a database now stands at the path (another process's, which may
            // sync through it). A folder something else was put in meanwhile stays.
            if !placed, (try? DatabaseFile.inspect(path)) == .missing {
                try? FileManager.default.removeItem(atPath: cache)
                for folder in madeFolders { rmdir(folder) }
            }
        }
        let lock = try SyncLock(directory: cache, settings: transport)
        defer { lock.release() }
        guard try DatabaseFile.inspect(path) == .missing else { return nil }
        JoiningFile.removeLeftovers(of: path)
        let joining = JoiningFile(for: path)
        defer { joining.remove() }
        do {
            let store = try OutlineStore(
                path: joining.path, levelsOfUndo: levelsOfUndo, whenMissing: .create, whenWaiting: whenWaiting)
            store.addOnSettings[SyncStoreSettings.self].cacheFolder = cache
            store.syncTransport = transport
            let summary = try store.startSyncingInLock(with: remote, reportingChanges)
            try store.close()
            try joining.place(at: path)
            placed = true
            return summary
        } catch {
            throw startFailure(error, cacheGoes: true)
        }
    }
}

/// The temporary file a new database is built in while it joins a remote: hidden, beside the
/// file it will become, named `.NAME.joining-RANDOM`.
///
/// Only a start that holds the sync lock of `NAME` makes one, so a start that holds the lock
/// and finds another one knows it for what a killed start left.
struct JoiningFile {
    /// The temporary file's path.
    let path: String

    /// SQLite's files beside a database.
    private static let companions = ["", "-wal", "-shm", "-journal"]

    init(for databasePath: String) {
        path =
            DatabaseLocation.folder(of: databasePath) + "/" + Self.namePrefix(of: databasePath)
            + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// The start of the name of every joining file of `databasePath`.
    private static func namePrefix(of databasePath: String) -> String {
        "." + DatabaseLocation.fileName(of: databasePath) + ".joining-"
    }

    /// Links the closed database into place at `databasePath`: all of it appears at once, or
    /// nothing does. A write-ahead log left beside it would hold pages the link leaves behind.
    ///
    /// - Throws: `OutlineError.cannotCreateDatabase` when the log remains, or when the link
    ///   fails (a file was made at `databasePath` meanwhile, by a command that does not take
    ///   the sync lock: it is left as it is).
    func place(at databasePath: String) throws {
        var info = stat()
        if stat(path + "-wal", &info) == 0, info.st_size > 0 {
            throw OutlineError.cannotCreateDatabase(
                path: databasePath, reason: "SQLite kept a write-ahead log beside the joined outline")
        }
        if link(path, databasePath) != 0 {
            let code = errno
            let reason =
                code == EEXIST
                ? "another command made a file there while the outline joined; it is left as it is"
                : String(cString: strerror(code))
            throw OutlineError.cannotCreateDatabase(path: databasePath, reason: reason)
        }
    }

    /// Removes the temporary file and SQLite's files beside it.
    func remove() {
        for suffix in Self.companions { unlink(path + suffix) }
    }

    /// Removes every joining file of `databasePath` (with SQLite's files beside them), and the
    /// files a joining file is made from (`DatabaseFile.create` builds it under `.` + its name
    /// + `.new-…`): called holding the sync lock, so they are what killed starts left.
    static func removeLeftovers(of databasePath: String) {
        let folder = DatabaseLocation.folder(of: databasePath)
        let start = namePrefix(of: databasePath)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(start) || name.hasPrefix("." + start) {
            unlink(folder + "/" + name)
        }
    }
}
