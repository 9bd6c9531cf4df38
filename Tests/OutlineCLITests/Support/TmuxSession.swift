import Foundation
import Testing

/// A private tmux server, on a socket in the test's folder: no other tmux is touched, and
/// killing the server ends everything the test started.
struct TmuxSession {
    static let name = "watch"
    let socket: String
    let capture: String

    /// Nil, with an issue recorded, when tmux is missing (`scripts/deps` installs it).
    init?(in folder: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            Issue.record("tmux is not installed; scripts/deps installs it")
            return nil
        }
        socket = folder + "/tmux.sock"
        capture = folder + "/capture.txt"
    }

    /// Starts `command` in a pane of `columns` by `rows`.
    func start(_ command: String, columns: Int = 80, rows: Int = 12) throws {
        run(["new-session", "-d", "-s", Self.name, "-x", String(columns), "-y", String(rows), command])
    }

    func stop() { run(["kill-server"]) }

    func send(_ keys: [String]) { run(["send-keys", "-t", Self.name] + keys) }

    /// Runs tmux and returns what it printed. Spawned and reaped by hand: the server that
    /// new-session forks inherits descriptors, and Foundation's Process would wait on them.
    /// Spawned with no signal blocked: the test runner blocks some, and a shell in a pane that
    /// inherited them would outlive `kill-server`, and keep the server alive with it.
    @discardableResult
    func run(_ arguments: [String]) -> String {
        let script = "exec tmux -S '\(socket)' \"$@\" > '\(capture)' 2>/dev/null < /dev/null"
        let argv = ["/bin/sh", "-c", script, "tmux"] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, &cArguments, environ) == 0 else { return "" }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: FileManager.default.contents(atPath: capture) ?? Data(), as: UTF8.self)
    }

    /// The screen once it shows `text`, or as it is after `timeout` seconds.
    func screen(containing text: String, timeout: TimeInterval = 10) -> String {
        screen(timeout: timeout) { $0.contains(text) }
    }

    /// The screen once `condition` holds for it, or as it is after `timeout` seconds: a busy
    /// machine may take a while to redraw.
    func screen(timeout: TimeInterval = 10, where condition: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        repeat {
            last = run(["capture-pane", "-p", "-t", Self.name])
            if condition(last) { return last }
            usleep(20_000)
        } while Date() < deadline
        return last
    }
}
