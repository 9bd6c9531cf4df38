import Foundation

/// A `watch --json` running in the background, its lines collected as they come.
final class BackgroundWatch: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var buffer = ""
    private var errors = ""

    /// Starts `outline watch --json` on `database`, or with `database` nil on the default one of
    /// `environment`, and waits until it says on standard error that it is `waitingFor` (by
    /// default, that it follows the file).
    init(
        _ arguments: [String], database: String?, environment: [String: String] = [:],
        waitingFor: String = "watching"
    ) throws {
        process.executableURL = URL(fileURLWithPath: OutlineProcess.binary)
        process.arguments = ["watch", "--json"] + (database.map { ["--db", $0] } ?? []) + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.buffer += text }
        }
        error.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.errors += text }
        }
        try process.run()
        // It says so on stderr once it follows the file.
        _ = waitFor(timeout: 10) { self.lock.withLock { self.errors.contains(waitingFor) } }
    }

    var lines: [String] { lock.withLock { buffer.split(separator: "\n").map(String.init) } }

    /// Waits until `count` lines have arrived (or the timeout passes); returns them.
    func lines(count: Int, timeout: TimeInterval = 10) -> [String] {
        _ = waitFor(timeout: timeout) { self.lines.count >= count }
        return lines
    }

    /// Holds the watcher still (SIGSTOP), so that several commits land before its next poll.
    func freeze() { kill(process.processIdentifier, SIGSTOP) }

    /// Lets a frozen watcher go on (SIGCONT).
    func thaw() { kill(process.processIdentifier, SIGCONT) }

    func stop() -> Int32 {
        process.interrupt()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func waitFor(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}
