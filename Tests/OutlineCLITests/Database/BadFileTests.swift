import Foundation
import OutlineTestSupport
import Testing

/// Files that are not a sound outline database: every command gets one clear line and exit 1,
/// and the file keeps every byte it had.
@Suite("Bad database files")
struct BadFileTests {
    let outline = OutlineProcess()

    /// The commands tried on each bad file: a read, a write, undo, and check itself.
    static let commands: [[String]] = [["ls"], ["add", "x"], ["undo"], ["check"]]

    /// A healthy database of a few pages, fully checkpointed into its main file, at `path`.
    private func makeDatabase(at path: String) throws {
        let titles = (1...400).map { "a title long enough to fill a few pages, number \($0)\n" }.joined()
        #expect(try OutlineProcess.run(["add", "-", "--db", path], input: Data(titles.utf8)).status == 0)
    }

    private func expectRefusals(at path: String, message: String, runner: BadFileRunner = .asThisUser) throws {
        let before = FileManager.default.contents(atPath: path)
        for command in Self.commands {
            let result = try runner.run(command + ["--db", path])
            #expect(result.status == 1, "\(command): \(result)")
            #expect(result.stderr == "error: \(message)\n", "\(command)")
            #expect(result.stdout == "", "\(command)")
            #expect(FileManager.default.contents(atPath: path) == before, "\(command) changed \(path)")
        }
    }

    @Test func aTruncatedDatabase() throws {
        let path = outline.directory + "/cut.db"
        try makeDatabase(at: path)
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(truncate(path, off_t(size / 2)) == 0)
        try expectRefusals(
            at: path,
            message: "database '\(path)' is cut short: it holds \(size / 2) bytes where its header promises "
                + "\(size); restore it from a backup")
    }

    @Test func aFileOfRandomBytes() throws {
        let path = outline.directory + "/random.db"
        var rng = SeededGenerator(seed: 6)
        try Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &rng) }).write(to: URL(fileURLWithPath: path))
        try expectRefusals(at: path, message: "'\(path)' is not an outline database: it is not an SQLite file")
    }

    @Test func randomBytesBehindAValidHeader() throws {
        let path = outline.directory + "/scrambled.db"
        try makeDatabase(at: path)
        var bytes = try #require(FileManager.default.contents(atPath: path))
        var rng = SeededGenerator(seed: 7)
        for index in 100..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &rng) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let before = FileManager.default.contents(atPath: path)
        for command in Self.commands {
            let result = try OutlineProcess.run(command + ["--db", path], input: nil)
            #expect(result.status == 1, "\(command): \(result)")
            #expect(result.stderr.hasPrefix("error: "), "\(command)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(command): \(result.stderr)")
            #expect(FileManager.default.contents(atPath: path) == before, "\(command)")
        }
    }

    @Test func aZeroLengthFile() throws {
        let path = outline.directory + "/empty.db"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        try expectRefusals(at: path, message: "'\(path)' is not an outline database: the file is empty")
    }

    @Test func aDirectory() throws {
        let path = outline.directory + "/folder.db"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try expectRefusals(at: path, message: "'\(path)' is not an outline database: it is a directory")
    }

    @Test func aDatabaseFromANewerSchema() throws {
        let path = outline.directory + "/future.db"
        try makeDatabase(at: path)
        #expect(try OutlineProcess.sqlite(path, "PRAGMA user_version = 99") == "")
        try expectRefusals(
            at: path,
            message: "'\(path)' was written by a newer outline (schema 99; this one knows up to 10); upgrade outline")
    }

    @Test(arguments: [-5, 0, 1])
    func aSchemaVersionThatDoesNotMatchTheTables(version: Int) throws {
        let path = outline.directory + "/edited\(version).db"
        try makeDatabase(at: path)
        #expect(try OutlineProcess.sqlite(path, "PRAGMA user_version = \(version)") == "")
        let reason =
            switch version {
            case -5: "there is no such version"
            case 0: "table item already exists"
            default: "table undo_step already exists"
            }
        try expectRefusals(
            at: path,
            message: "'\(path)' says it holds schema version \(version), but its tables do not match (\(reason)); "
                + "it was changed outside outline")
    }

    @Test func aFileWithoutReadPermission() throws {
        let runner = try BadFileRunner.asAnotherUser(sharing: outline.directory)
        let path = outline.directory + "/private.db"
        try makeDatabase(at: path)
        #expect(chmod(path, 0) == 0)
        try expectRefusals(at: path, message: "cannot open database '\(path)': permission denied", runner: runner)
    }

    /// Reading still works; every change is refused.
    @Test func aFileWithoutWritePermission() throws {
        let runner = try BadFileRunner.asAnotherUser(sharing: outline.directory)
        let path = outline.directory + "/readonly.db"
        try makeDatabase(at: path)
        #expect(chmod(path, 0o444) == 0)
        let before = FileManager.default.contents(atPath: path)
        #expect(try runner.run(["ls", "--tsv", "--db", path]).lines.count == 400)
        for command in [["add", "x"], ["rm", "1"], ["undo"]] {
            let result = try runner.run(command + ["--db", path])
            #expect(result.status == 1, "\(command): \(result)")
            #expect(
                result.stderr
                    == "error: database '\(path)' is read-only; check the permissions of the file and its folder\n")
        }
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func aDatabaseOnAReadOnlyPath() throws {
        let runner = try BadFileRunner.asAnotherUser(sharing: outline.directory)
        let folder = outline.directory + "/sealed"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/outline.db"
        try makeDatabase(at: path)
        #expect(chmod(path, 0o644) == 0)
        #expect(chmod(folder, 0o555) == 0)
        defer { chmod(folder, 0o755) }
        try expectRefusals(
            at: path,
            message: "database '\(path)' is read-only; check the permissions of the file and its folder",
            runner: runner)
        let creating = try runner.run(["add", "x", "--db", folder + "/new.db"])
        #expect(creating.status == 1)
        #expect(creating.stderr == "error: cannot create database '\(folder)/new.db': permission denied\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/new.db"))
    }

    /// Whatever the umask, an outline is readable by its owner alone.
    @Test func aNewDatabaseIsPrivate() throws {
        let path = outline.directory + "/new/folder/outline.db"
        let result = try OutlineProcess.run(
            ["sh", "-c", "umask 000 && \"$0\" add x --db \"$1\"", OutlineProcess.binary, path], input: nil,
            viaShell: true)
        #expect(result.status == 0, "\(result)")
        let mode = { (path: String) in
            (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(mode(path) == 0o600)
        #expect(mode(outline.directory + "/new/folder") == 0o700)
        #expect(mode(outline.directory + "/new") == 0o700)
    }
}
