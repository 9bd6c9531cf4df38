import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Stops a child process that runs past its time.
///
/// The child and every process it started are signalled (`ProcessTable.signalTree`): a local
/// push runs `git-receive-pack` and the remote's hooks, which a stopped git leaves running.
/// SIGTERM first: git then removes the lock files it holds (a `refs/...lock` left in the sync
/// cache, or in a local remote, would fail every later round). SIGKILL after a grace period,
/// for what does not end.
///
/// The child stays in this process's process group rather than get one of its own, which
/// would stop it in one blow: Ctrl-C on a terminal must reach it, and ssh must be able to ask
/// the terminal for a passphrase (from a process group in the background, it would be stopped).
final class ChildDeadline: @unchecked Sendable {
    /// How long a child has to end after SIGTERM before SIGKILL, and how long its output is
    /// waited for after it was stopped.
    static let grace: DispatchTimeInterval = .seconds(Int(graceSeconds))
    /// The same, in seconds, for a stop that polls (`GitChildRecord`).
    static let graceSeconds: TimeInterval = 2

    private let lock = NSLock()
    private let pid: pid_t
    private var ended = false
    private var fired = false
    /// The stop to come, cancelled when the child ends first: a round runs a dozen git
    /// commands, and a library may run many rounds, each clock otherwise pending for minutes.
    private var timer: DispatchWorkItem?

    /// Starts the clock on child `pid`, which must not be reaped before `childEnded()`.
    init(pid: pid_t, seconds: TimeInterval) {
        self.pid = pid
        let stop = DispatchWorkItem { [weak self] in
            guard let self, self.send(SIGTERM) else { return }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.grace) { [weak self] in _ = self?.send(SIGKILL) }
        }
        timer = stop
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: stop)
    }

    /// Notes that the child ended, so that no signal is sent after; whether it was stopped.
    /// Called before the child is reaped: until then its id cannot be another process's.
    func childEnded() -> Bool {
        lock.withLock {
            ended = true
            timer?.cancel()
            timer = nil
            return fired
        }
    }

    /// Sends `signal` to the child unless it ended; whether it was sent.
    private func send(_ signal: Int32) -> Bool {
        lock.withLock {
            guard !ended else { return false }
            fired = true
            ProcessTable.signalTree(pid, signal)
            return true
        }
    }
}
