import Foundation
import GRDB
import OutlineTestSupport
import Testing

// Internals: the connection's own pragmas and the schema version.
@testable import OutlineKit

@Suite("Opening and creating the database")
struct StoreOpeningTests {
    let directory = TemporaryDirectory()

    @Test func createsTheFileAndItsFoldersWithPrivateMode() throws {
        let path = directory.file("a/b/outline.db")
        let store = try OutlineStore(path: path)
        try store.add(["x"])
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let journal = try store.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        #expect(try store.check().isHealthy)
    }

    /// A closed store refuses every call with one error: SQLite must never see a closed connection.
    @Test func aClosedStoreRefusesEveryCall() throws {
        let store = try OutlineStore(path: directory.file("outline.db"))
        let id = try store.add(["x"]).ids[0]
        let controller = ResultsController(store: store, request: .children(of: .root))
        try store.close()
        try store.close()  // a second close is harmless
        let closed = OutlineError.storeClosed(path: store.path)
        #expect(throws: closed) { try store.children() }
        #expect(throws: closed) { try store.add(["y"]) }
        #expect(throws: closed) { try store.edit(id, title: "z") }
        #expect(throws: closed) { try store.undoManager.undo() }
        #expect(throws: closed) { try store.check() }
        #expect(throws: closed) { try controller.performFetch() }
        #expect(throws: closed) { try ChangeFeed(store: store) }
    }

    /// 2 is FULL: the write-ahead log is synced at every commit.
    @Test func everyCommitIsSynced() throws {
        let store = try OutlineStore(path: directory.file("outline.db"))
        #expect(try store.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 2)
    }

    @Test func reopensAnExistingDatabase() throws {
        let path = directory.file("outline.db")
        try OutlineStore(path: path).add(["kept"])
        let reopened = try OutlineStore(path: path)
        #expect(try reopened.children().map(\.title) == ["kept"])
    }

    @Test func refusesAFileThatIsNotSQLite() throws {
        try expectRefusedUnchanged(contents: Data("hello, world\n".utf8)) { path in
            .notADatabase(path: path, reason: "it is not an SQLite file")
        }
    }

    @Test func refusesAnEmptyFile() throws {
        try expectRefusedUnchanged(contents: Data()) { path in
            .notADatabase(path: path, reason: "the file is empty")
        }
    }

    @Test func refusesADirectory() throws {
        let path = directory.file("folder.db")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: OutlineError.notADatabase(path: path, reason: "it is a directory")) {
            try OutlineStore(path: path)
        }
    }

    @Test func refusesAnSQLiteFileWithOtherTables() throws {
        let path = directory.file("other.db")
        let other = try DatabaseQueue(path: path)
        try other.write { db in try db.execute(sql: "CREATE TABLE note (body TEXT); INSERT INTO note VALUES ('hi')") }
        try other.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: OutlineError.notAnOutlineDatabase(path: path)) { try OutlineStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesANewerSchema() throws {
        let path = directory.file("newer.db")
        try OutlineStore(path: path).close()
        let raw = try DatabaseQueue(path: path)
        try raw.write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        try raw.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: OutlineError.newerSchema(path: path, found: 99, supported: Schema.currentVersion)) {
            try OutlineStore(path: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesAFolderPathThatIsAFile() throws {
        let blocker = directory.file("blocker")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let path = blocker + "/outline.db"
        #expect(throws: OutlineError.self) { try OutlineStore(path: path) }
    }

    @Test func idsAreNeverReusedAfterDeletes() throws {
        let fixture = try StoreFixture()
        let first = try fixture.store.add(["a", "b"]).ids
        try fixture.store.remove([first[1]])
        let next = try fixture.store.add(["c"]).ids[0]
        #expect(next == first[1] + 1)
    }

    private func expectRefusedUnchanged(contents: Data, expected: (String) -> OutlineError) throws {
        let path = directory.file("refused.db")
        try contents.write(to: URL(fileURLWithPath: path))
        #expect(throws: expected(path)) { try OutlineStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
}

@Suite("Finding the database")
struct DatabaseLocationTests {
    @Test func explicitPathWins() throws {
        let path = try DatabaseLocation.resolve(explicitPath: "/x.db", environment: ["OUTLINE_DB": "/y.db"])
        #expect(path == "/x.db")
    }

    @Test func environmentThenXDGThenHome() throws {
        #expect(try DatabaseLocation.resolve(explicitPath: nil, environment: ["OUTLINE_DB": "/y.db"]) == "/y.db")
        #expect(
            try DatabaseLocation.resolve(explicitPath: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == "/d/outline/outline.db")
        #expect(
            try DatabaseLocation.resolve(explicitPath: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
                == "/h/.local/share/outline/outline.db")
    }

    @Test func noHomeIsAClearError() {
        #expect(throws: OutlineError.self) { try DatabaseLocation.resolve(explicitPath: nil, environment: [:]) }
    }
}
