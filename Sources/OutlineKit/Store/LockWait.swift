import Foundation
import GRDB

/// How a connection waits for a lock that another connection holds: as SQLite's own busy
/// timeout waits (short sleeps at first, then 100 ms at a time, until the time is up), and once a
/// wait has lasted `noticeAfter` seconds, it says so, once a wait, through `notice`.
///
/// SQLite's `sqlite3_busy_timeout` waits in silence: a command stuck behind another process's
/// long transaction looked hung for up to two minutes. This handler replaces it. It runs only
/// when SQLite finds the database locked, on the thread that asked for the lock, so a command
/// that meets no lock pays nothing: no thread, no clock reading, no timer.
final class LockWait: @unchecked Sendable {
    /// The sleeps before each retry, in milliseconds, as SQLite's default busy handler takes
    /// them; 100 ms each after the last.
    private static let sleeps: [Int] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50]

    private let timeout: TimeInterval
    private let noticeAfter: TimeInterval
    private let notice: @Sendable () -> Void
    // Used only by the connection that owns the handler, one lock request at a time (SQLite calls
    // the handler on the thread that waits), hence `@unchecked Sendable`.
    private var started = Date.distantPast
    private var noticed = false

    /// A wait of at most `timeout` seconds a lock request, calling `notice` once a request that
    /// has waited `noticeAfter` seconds.
    init(timeout: TimeInterval, noticeAfter: TimeInterval, notice: @escaping @Sendable () -> Void) {
        self.timeout = timeout
        self.noticeAfter = noticeAfter
        self.notice = notice
    }

    /// The handler for `Configuration.busyMode`: SQLite calls it with 0 when a lock request
    /// first finds the database locked, and with 1, 2, ... on each retry of the same request.
    /// Returns whether to retry (after sleeping), or give up with `SQLITE_BUSY`.
    var busyMode: Database.BusyMode {
        .callback { [self] tries in retry(after: tries) }
    }

    private func retry(after tries: Int) -> Bool {
        let now = Date()
        if tries == 0 {
            started = now
            noticed = false
        }
        let waited = now.timeIntervalSince(started)
        if waited >= timeout { return false }
        if waited >= noticeAfter, !noticed {
            noticed = true
            notice()
        }
        let sleep = Double(tries < Self.sleeps.count ? Self.sleeps[tries] : 100) / 1000
        Thread.sleep(forTimeInterval: min(sleep, timeout - waited))
        return true
    }
}
