import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The git process a round is running, noted in a file of the sync cache while it runs.
///
/// A round killed with SIGKILL cannot stop its git, which goes on: a push may land in the remote
/// seconds later. The next round reads the note (under the sync lock, before it fetches) and
/// waits for that git to end, so that it never reads the remote while a push it may hold is on
/// its way, and no git of a killed round runs on unnoticed.
///
/// A process is known by its id and the moment it started (from `/proc`), so that an id the
/// system has given to another process since is never waited for or stopped.
struct GitChildRecord {
    /// `outline-sync.child` in the cache: the id and start time of the running git.
    let path: String

    init(cache: String) { path = cache + "/outline-sync.child" }

    /// Notes process `pid` as the running git. Not synced to the disk: a machine that goes down
    /// takes the process with it.
    func note(_ pid: pid_t) {
        guard let started = ProcessTable.startTime(of: pid) else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let text = Array("\(pid) \(started)\n".utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// Forgets the note: the git it named has ended.
    func clear() { unlink(path) }

    /// When the note names a git that still runs, tells `notice` and waits up to `timeout`
    /// seconds for it to end, then stops it and what it started (as `ChildDeadline` does); then
    /// forgets the note.
    func awaitLeftover(timeout: TimeInterval, notice: ((String) -> Void)?) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        defer { clear() }
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0, let started = UInt64(fields[1]) else { return }
        let isRunning = { ProcessTable.startTime(of: pid) == started }
        guard isRunning() else { return }
        notice?(
            "waiting for git (process \(pid)), which a sync round that was cut short left running, "
                + "to finish (at most \(SyncTransportSettings.wording(timeout)))")
        if Self.wait(until: Date() + timeout, while: isRunning) { return }
        for (signal, grace) in [(SIGTERM, ChildDeadline.graceSeconds), (SIGKILL, ChildDeadline.graceSeconds)] {
            if isRunning() { ProcessTable.signalTree(pid, signal) }
            if Self.wait(until: Date() + grace, while: isRunning) { return }
        }
    }

    /// Polls `running` until it is false (true) or `deadline` passes (false). The process is not
    /// this one's child: there is nothing to wait on but its entry in /proc.
    private static func wait(until deadline: Date, while running: () -> Bool) -> Bool {
        while running() {
            if Date() >= deadline { return false }
            usleep(50_000)
        }
        return true
    }
}
