import Foundation

/// A machine that joins reads the log from its last snapshot on, and fetches that part first:
/// git's shallow fetch. The history before it, which only `sync republish` needs (it sends the
/// old log again), is fetched while the machine fills its outline (`HistoryFetch`), or by the
/// next round when that did not finish.
extension GitRemote {
    /// Whether the cache holds only the newest part of the log's history: git keeps the list of
    /// where it stops in a file named `shallow`.
    var holdsPartialHistory: Bool { FileManager.default.fileExists(atPath: cache + "/shallow") }

    /// Fetches the remote's log back to its last snapshot, or whole when it has none; its last
    /// commit, or nil when the remote has none yet. What `fetch` does, for a machine that joins.
    ///
    /// - Throws: `SyncFailure.unreachable` when git stopped before the log reached back to a
    ///   snapshot or to its start (killed, interrupted, the remote gone meanwhile): a machine
    ///   that read the log from a commit in the middle would hold part of the outline.
    func fetchFromLastSnapshot() throws -> String? {
        try prepare()
        // A remote with no branch fails a shallow fetch without a word: the plain fetch says
        // what is wrong, or finds it empty.
        var head: String?
        if try fetchShallow(["--depth=1"]) {
            head = try fetchedHead()
            // The last snapshot is often the newest commit; failing that, a few commits back;
            // failing that, the whole history is fetched.
            for deepening in ["--deepen=63", "--unshallow"] {
                guard let head, holdsPartialHistory, try lastSnapshot(upTo: head) == nil else { break }
                guard try fetchShallow([deepening]) else { break }
            }
        } else {
            head = try fetch()
        }
        guard let head else { return nil }
        let reachesASnapshot = try !holdsPartialHistory || lastSnapshot(upTo: head) != nil
        guard reachesASnapshot else {
            throw SyncFailure.unreachable(
                remote: remote,
                reason: "git stopped before it had fetched the log back to its last snapshot or its start")
        }
        return head
    }

    /// Removes the lock git keeps on its list of where the history stops while it fetches,
    /// when a fetch killed outright left it behind: every later fetch into the cache would
    /// fail on it. Called under the sync lock, after a git a killed round left running has
    /// ended (`GitChildRecord`): no git of outline's runs in the cache then.
    func removeStaleShallowLock() {
        try? FileManager.default.removeItem(atPath: cache + "/shallow.lock")
    }

    /// Fetches the rest of the log's history into a cache that holds only its newest part;
    /// whether it did. Nothing is fetched when the cache holds the whole.
    @discardableResult
    func completeHistory() throws -> Bool {
        guard holdsPartialHistory else { return true }
        return try fetchShallow(["--unshallow"]) && !holdsPartialHistory
    }

    /// Runs `git fetch` of the remote's branches with `depth` (a depth option of git's);
    /// whether it succeeded. A remote that does not answer in time is `unreachable`.
    private func fetchShallow(_ depth: [String]) throws -> Bool {
        let fetched = try run(
            ["fetch", "--quiet", "--no-tags", "--prune"] + depth + ["--", remote, "+refs/heads/*:refs/sync/*"])
        if fetched.timedOut { throw SyncFailure.unreachable(remote: remote, reason: notAnswered) }
        return fetched.status == 0
    }
}

/// `GitRemote.completeHistory` run beside the rest of a join, on a thread of its own: the
/// history before the snapshot is as big as the outline ever was, and fetching it took as long
/// as filling the outline from the snapshot. Started once the round has done with git, and
/// waited for before the join ends, so that no other git of the round runs meanwhile and the
/// record of the running git (`GitChildRecord`) names this one.
final class HistoryFetch: @unchecked Sendable {
    private let git: GitRemote
    private let finished = DispatchSemaphore(value: 0)
    private var started = false

    init(_ git: GitRemote) { self.git = git }

    /// Starts the fetch, unless it started already or the cache holds the whole history.
    func start() {
        guard !started, git.holdsPartialHistory else { return }
        started = true
        let git = git
        let finished = finished
        Thread.detachNewThread {
            // A failure leaves the cache as it was: the next round fetches the rest.
            _ = try? git.completeHistory()
            finished.signal()
        }
    }

    /// Waits for the fetch to end, if it started.
    func wait() {
        guard started else { return }
        finished.wait()
        started = false
    }
}
