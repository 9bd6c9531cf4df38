import Foundation

/// Checks and creation of the database file that happen before SQLite ever opens it.
///
/// SQLite would happily open a zero-length file, a text file or a directory's sibling and then
/// write a header into it on the first pragma. These checks refuse such files while they are
/// still byte-for-byte as the user left them.
enum DatabaseFile {
    enum State { case missing, present }

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// `path` as SQLite must be given it to open that very file. Debian's SQLite is built to read
    /// a name starting `file:` as a URI, so `--db file:notes.db` opened `notes.db` instead (and
    /// created it, from a command that only reads); `./file:notes.db` is read as a path.
    static func pathForSQLite(_ path: String) -> String {
        path.hasPrefix("file:") ? "./" + path : path
    }

    /// Tells whether `path` is missing or holds something that looks like an SQLite file.
    ///
    /// - Throws: `OutlineError.notADatabase` for a directory, an empty file, or a file without
    ///   the SQLite header; `.cannotOpenDatabase` when the file cannot be read.
    static func inspect(_ path: String) throws -> State {
        if path.hasSuffix("/") {
            throw OutlineError.notADatabase(path: path, reason: "the path ends with '/', so it names a folder")
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT {
                // A symbolic link to nothing: SQLite would create its target, mode 0644, and then
                // find it empty. Refuse, and leave the link alone.
                var linkInfo = stat()
                if lstat(path, &linkInfo) == 0 {
                    throw OutlineError.cannotOpenDatabase(path: path, reason: "it is a symbolic link to a missing file")
                }
                return .missing
            }
            throw OutlineError.cannotOpenDatabase(path: path, reason: describe(code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw OutlineError.notADatabase(path: path, reason: "it is a directory")
        default: throw OutlineError.notADatabase(path: path, reason: "it is not a regular file")
        }
        if info.st_size == 0 {
            throw OutlineError.notADatabase(path: path, reason: "the file is empty")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutlineError.cannotOpenDatabase(path: path, reason: describe(errno))
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = read(descriptor, &header, header.count)
        guard count >= sqliteHeader.count, header.starts(with: sqliteHeader) else {
            throw OutlineError.notADatabase(path: path, reason: "it is not an SQLite file")
        }
        if count == header.count, let promised = promisedSize(header), Int64(info.st_size) < promised,
            !hasJournal(path), let size = currentSize(descriptor), size < promised
        {
            throw OutlineError.databaseTruncated(path: path, size: size, promised: promised)
        }
        return .present
    }

    /// The file's size now. A checkpoint may have been extending the file while we read its
    /// header, and deleted its log just before we looked for one: it writes every page before it
    /// deletes the log, so once the log is gone, the size is final.
    private static func currentSize(_ descriptor: Int32) -> Int64? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// The file size that an SQLite header promises, when the header vouches for its page count.
    ///
    /// A file cut short (a copy that stopped half-way, a full disk) would otherwise be read with
    /// its missing pages as zeros, and a later write could extend it over the gap. SQLite trusts
    /// the page count at offset 28 only while the change counter (offset 24) equals the
    /// "version valid for" number (offset 92); so do we.
    private static func promisedSize(_ header: [UInt8]) -> Int64? {
        func bigEndian(_ offset: Int, _ width: Int) -> Int64 {
            header[offset..<offset + width].reduce(0) { $0 << 8 | Int64($1) }
        }
        let storedPageSize = bigEndian(16, 2)
        let pageSize = storedPageSize == 1 ? 65536 : storedPageSize
        let pageCount = bigEndian(28, 4)
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0, pageCount > 0,
            bigEndian(24, 4) == bigEndian(92, 4)
        else { return nil }
        return pageSize * pageCount
    }

    /// Whether a write-ahead log or rollback journal beside the file may hold the missing pages:
    /// a checkpoint interrupted by a crash leaves the file short until SQLite replays the log.
    private static func hasJournal(_ path: String) -> Bool {
        ["-wal", "-journal"].contains { suffix in
            var info = stat()
            return stat(path + suffix, &info) == 0 && info.st_size > 0
        }
    }

    /// Creates a new, initialised outline database at `path`, and its folder if needed.
    ///
    /// The database is built under a temporary name in the same folder and then hard-linked into
    /// place, so that another process never sees a half-made file: two processes racing to create
    /// the same database both end up using whichever link landed first.
    ///
    /// - Parameter initialise: fills the new, empty database (schema, journal mode).
    /// - Returns: whether this call's file is the one at `path` (false when another process's
    ///   landed first).
    @discardableResult
    static func create(at path: String, initialise: (String) throws -> Void) throws -> Bool {
        let folder = DatabaseLocation.folder(of: path)
        try makeFolders(folder, for: path)
        let temporary =
            "\(folder)/.\(DatabaseLocation.fileName(of: path)).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // 0600: an outline is personal data; SQLite gives its -wal and -shm files the same mode.
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw OutlineError.cannotCreateDatabase(path: path, reason: describe(errno))
        }
        close(descriptor)
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
        }
        try initialise(temporary)
        if link(temporary, path) != 0 {
            let code = errno
            if code != EEXIST {
                throw OutlineError.cannotCreateDatabase(path: path, reason: describe(code))
            }
            return false
        }
        return true
    }

    /// Makes the folder `path` would be in, and its parents, when missing (mode 0700); the
    /// folders it made, deepest first, for a caller that may take them away again.
    ///
    /// - Throws: `OutlineError.cannotCreateDatabase` when the folder cannot be made, or a file
    ///   stands where it would be.
    @discardableResult
    static func makeFolder(for path: String) throws -> [String] {
        var missing: [String] = []
        var folder = DatabaseLocation.folder(of: path)
        while folder != "/", folder != ".", !FileManager.default.fileExists(atPath: folder) {
            missing.append(folder)
            folder = DatabaseLocation.folder(of: folder)
        }
        try makeFolders(DatabaseLocation.folder(of: path), for: path)
        return missing
    }

    private static func makeFolders(_ folder: String, for path: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 {
            if info.st_mode & S_IFMT != S_IFDIR {
                throw OutlineError.cannotCreateDatabase(path: path, reason: "'\(folder)' is not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw OutlineError.cannotCreateDatabase(
                path: path, reason: "cannot create the folder '\(folder)'")
        }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
