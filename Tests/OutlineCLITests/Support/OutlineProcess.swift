import Foundation
import OutlineKit
import OutlineTestSupport

/// What one run of the `outline` binary did.
struct RunResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The signal that ended the process, if one did (a crash, or the kill after a time-out).
    var signal: Int32? = nil
    /// Whether the process was killed for running past its time limit.
    var timedOut = false

    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

    /// Whether this run of `arguments` (without `--db`) was a `find` that found nothing: exit 1
    /// with nothing said (`[]` with `--json`), as grep does, which is not a refusal.
    func foundNothing(_ arguments: [String]) -> Bool {
        arguments.first { !$0.hasPrefix("-") } == "find" && status == 1 && stderr.isEmpty
            && (stdout.isEmpty || stdout == "[]\n")
    }
}

/// Runs the built `outline` binary against one temporary database.
struct OutlineProcess {
    /// Removed, with the database, when the last copy of this value goes.
    private let folder = TemporaryDirectory()
    var directory: String { folder.path }
    var database: String { folder.file("outline.db") }

    /// The binary that `swift test` built next to the test bundle (or `$OUTLINE_BIN`).
    static let binary: String = {
        if let override = ProcessInfo.processInfo.environment["OUTLINE_BIN"] { return override }
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        // On Linux the test runner is `<build>/debug/<name>.xctest`; the binary sits beside it.
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("outline").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return ".build/debug/outline"
    }()

    /// Runs `outline --db <temporary> ARGUMENTS` (unless `useDatabaseOption` is false). The option
    /// goes first so that it stays an option when ARGUMENTS hold `--`.
    @discardableResult
    func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
        useDatabaseOption: Bool = true
    ) throws -> RunResult {
        try Self.run(
            (useDatabaseOption ? ["--db", database] : []) + arguments, input: input.map { Data($0.utf8) },
            environment: environment)
    }

    /// Runs the binary with `arguments`, or with `viaShell`, runs `arguments` as a command line
    /// of its own (for redirections the test needs, such as `> /dev/full`), or runs `executable`.
    /// With `timeout`, a process still running after that many seconds is killed.
    static func run(
        _ arguments: [String], input: Data?, environment: [String: String] = [:], viaShell: Bool = false,
        executable: String? = nil, timeout: TimeInterval? = nil
    ) throws -> RunResult {
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? (viaShell ? "/bin/sh" : binary))
        process.arguments = viaShell ? Array(arguments.dropFirst()) : arguments
        var fullEnvironment = ProcessInfo.processInfo.environment
        fullEnvironment["NO_COLOR"] = "1"
        fullEnvironment.merge(environment) { $1 }
        process.environment = fullEnvironment
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        let watchdog = timeout.map { Watchdog(process, after: $0) }
        // Write and read on separate threads so that a large input or output cannot deadlock.
        let writer = Thread {
            // A command that does not read its input leaves the pipe broken: not an error here.
            if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = ErrorCollector(stderr.fileHandleForReading)
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog?.cancel()
        let signalled = process.terminationReason == .uncaughtSignal
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errorData.wait(), as: UTF8.self),
            signal: signalled ? process.terminationStatus : nil, timedOut: watchdog?.fired ?? false)
    }

    /// Writing to a process that has exited must fail with EPIPE, not kill the test runner.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Creates the database, empty, as the first `add` would: commands that only read refuse a
    /// `--db` file that does not exist.
    func createDatabase() throws {
        try OutlineStore(path: database).close()
    }

    /// `ls --tsv` of the whole outline, as lines; none while no command has created the file
    /// (`ls` refuses a missing `--db` file, as a likely typo).
    func tsv() throws -> [String] {
        guard FileManager.default.fileExists(atPath: database) else { return [] }
        let result = try run(["ls", "--tsv"])
        precondition(result.status == 0, "ls --tsv failed: \(result)")
        return result.lines
    }

    /// Runs SQL on the database with the sqlite3 shell: an edit made behind outline's back.
    /// Returns what it printed.
    @discardableResult
    func sqlite(_ sql: String) throws -> String { try Self.sqlite(database, sql) }

    /// Runs SQL on the database at `path` with the sqlite3 shell, and returns what it printed.
    @discardableResult
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The SQL text of a database an earlier release wrote, in `Tests/Fixtures`.
    static func fixture(_ name: String) -> String { fixtureFile(name + ".sql") }

    /// The path of a file in `Tests/Fixtures`.
    static func fixtureFile(_ relativePath: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/" + relativePath).path
    }

    /// Makes the database from a fixture, with the sqlite3 shell: a file as that release left it.
    func loadFixture(_ name: String) throws {
        try? FileManager.default.removeItem(atPath: database)
        try sqlite(".read '\(Self.fixture(name))'")
    }

    func fileBytes() -> Data? { FileManager.default.contents(atPath: database) }

}

/// Reads a pipe to its end on a thread of its own.
final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Kills a process that runs past its time limit.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private(set) var fired = false

    init(_ process: Process, after seconds: TimeInterval) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.withLock {
                guard !done else { return }
                fired = true
                kill(pid, SIGKILL)
            }
        }
    }

    /// Called once the process has exited, so that its id, perhaps reused, is never killed.
    func cancel() { lock.withLock { done = true } }
}
