import Foundation

/// What `sync republish` needs of git beside a round's fetch and push: where two histories of the
/// log part, whether a republish happened since, and a push that may replace the remote's branch.
extension GitRemote {
    /// The start of a republished snapshot's commit message: how the machines that synced with
    /// the lost log know that someone started it again on purpose, not that it was rewritten.
    static let republishedSubject = "outline: republished"

    /// The newest commit both `first` and `second` hold in their history; nil when they share
    /// none, or when the cache no longer holds one of them.
    func forkPoint(_ first: String, _ second: String) throws -> String? {
        let found = try run(["merge-base", first, second])
        return found.status == 0 && !found.text.isEmpty ? found.text : nil
    }

    /// Whether the cache holds `commit` (a commit this outline synced may be gone with the cache).
    func holds(_ commit: String) throws -> Bool {
        try run(["cat-file", "-e", commit + "^{commit}"]).status == 0
    }

    /// The newest republished snapshot after `fork` up to `head`, along the first parents; nil
    /// when nobody republished the log there.
    func republishedSnapshot(after fork: String, upTo head: String) throws -> String? {
        let found = try run([
            "log", "--first-parent", "--fixed-strings", "--grep=" + Self.republishedSubject, "--format=%H", "-1",
            "\(fork)..\(head)", "--",
        ])
        guard found.status == 0 else { throw SyncFailure.gitFailed(action: "read the log", reason: found.stderr) }
        return found.text.isEmpty ? nil : found.text
    }

    /// Writes the whole outline as the snapshot that starts the log again (`sync republish`).
    func commitRepublishedSnapshot(_ tree: SyncTree, replica: String, parent: String?) throws -> String {
        try commit(
            file: Self.snapshotFile, SyncSnapshot.encoded(tree, republishedAfter: parent), parent: parent,
            message:
                "\(Self.republishedSubject) snapshot of \(tree.liveCount) \(tree.liveCount == 1 ? "item" : "items") "
                + "from \(replica)")
    }

    /// Makes `commit` the remote's `main` whatever it holds, but only if it still holds
    /// `expected` (nil: no branch at all), so that a push another machine made meanwhile is
    /// never thrown away unseen.
    func replaceLog(with commit: String, expecting expected: String?) throws -> PushResult {
        let lease = "--force-with-lease=refs/heads/\(branch):\(expected ?? "")"
        let pushed = try run([
            "push", "--porcelain", "--quiet", lease, "--", remote, "\(commit):refs/heads/\(branch)",
        ])
        if pushed.timedOut { throw SyncFailure.unreachable(remote: remote, reason: notAnswered) }
        if pushed.status == 0 { return .pushed }
        if pushed.text.contains("stale info") || pushed.stderr.contains("stale info") { return .rejected }
        switch GitPushReply(stdout: pushed.text, stderr: pushed.stderr) {
        case .lostRace: return .rejected
        case .refused(let reason): throw SyncFailure.pushRefused(remote: remote, reason: reason)
        case .unreachable(let reason): throw SyncFailure.unreachable(remote: remote, reason: reason)
        }
    }
}
