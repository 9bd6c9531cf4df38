import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on a file in the sync cache, so that rounds of one database take turns.
///
/// A round that finds the lock taken waits for it, as long as it takes, and says so after a
/// moment (a wait of a few milliseconds, two rounds started together, passes in silence). It
/// does not give up: the round that holds the lock ends on its own (each of its git commands
/// has a time limit), and the system releases the lock of a round that is killed. What is left
/// is a round that was stopped (Ctrl-Z): the message names its process, for the user to resume
/// or end it.
///
/// Once it holds the lock, the round writes its process id in the file, for the next one's
/// message, and waits for any git that a killed round left running (`GitChildRecord`).
final class SyncLock {
    private var descriptor: Int32

    /// How long a round waits in silence for another's lock before it says that it waits.
    static let quietWait: TimeInterval = 1

    /// Takes the lock of the cache `directory` (made if missing), waiting for it as long as it
    /// takes and telling `settings.notice` that it waits; then waits for a git left running by a
    /// killed round, up to `settings.timeout`.
    init(directory: String, settings: SyncTransportSettings) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        descriptor = open(directory + "/outline-sync.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SyncFailure.gitFailed(
                action: "lock \(directory)", reason: String(cString: strerror(errno)))
        }
        if !take(waiting: false) {
            let quietEnd = Date() + Self.quietWait
            var taken = false
            while !taken, Date() < quietEnd {
                usleep(20_000)
                taken = take(waiting: false)
            }
            if !taken {
                let holder = holdingProcess().map { " (process \($0))" } ?? ""
                settings.notice?(
                    "another sync round of this outline\(holder) holds its lock; waiting for it to finish")
                _ = take(waiting: true)
            }
        }
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } }
        GitChildRecord(cache: directory).awaitLeftover(timeout: settings.timeout, notice: settings.notice)
    }

    /// Takes the lock, waiting for it or not; whether it is taken. A wait that fails for another
    /// reason than a signal (ENOLCK: the kernel had no room for one more lock) goes on without
    /// it, as rounds always did.
    private func take(waiting: Bool) -> Bool {
        while flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            guard errno == EINTR else { return waiting }
        }
        return true
    }

    /// Whether a round of the cache `directory` holds its lock now, and its process when the
    /// file names one that runs: asked without waiting, and without making the file. A lock
    /// taken here for that instant makes a round that starts then wait a moment, in silence.
    static func runningRound(directory: String) -> (running: Bool, process: pid_t?) {
        let descriptor = open(directory + "/outline-sync.lock", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return (false, nil) }
        defer { close(descriptor) }
        var result: Int32
        repeat { result = flock(descriptor, LOCK_SH | LOCK_NB) } while result != 0 && errno == EINTR
        guard result != 0, errno == EWOULDBLOCK else { return (false, nil) }
        return (true, holdingProcess(descriptor))
    }

    /// The process that the file says holds the lock, if it still runs.
    private func holdingProcess() -> pid_t? { Self.holdingProcess(descriptor) }

    /// The process that the lock file open at `descriptor` names, if it still runs.
    private static func holdingProcess(_ descriptor: Int32) -> pid_t? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0,
            let pid = pid_t(
                String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            pid > 0, kill(pid, 0) == 0
        else { return nil }
        return pid
    }

    /// Lets the next round of this database go.
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
