import Foundation

/// Checks and creation of the database file that happen before SQLite ever opens it.
///
/// SQLite would happily open a zero-length file, a text file or a directory's sibling and then
/// write a header into it on the first pragma. These checks refuse such files while they are
/// still byte-for-byte as the user left them.
enum DatabaseFile {
    enum State { case missing, present }

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

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
        var header = [UInt8](repeating: 0, count: sqliteHeader.count)
        let count = read(descriptor, &header, header.count)
        guard count == header.count, header == sqliteHeader else {
            throw OutlineError.notADatabase(path: path, reason: "it is not an SQLite file")
        }
        return .present
    }

    /// Creates a new, initialised outline database at `path`, and its folder if needed.
    ///
    /// The database is built under a temporary name in the same folder and then hard-linked into
    /// place, so that another process never sees a half-made file: two processes racing to create
    /// the same database both end up using whichever link landed first.
    ///
    /// - Parameter initialise: fills the new, empty database (schema, journal mode).
    static func create(at path: String, initialise: (String) throws -> Void) throws {
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
        }
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
