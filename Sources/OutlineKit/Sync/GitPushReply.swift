/// What a `git push --porcelain` that failed says, read: a lost race, a refusal and its reason,
/// or a remote that was not reached.
enum GitPushReply: Equatable {
    /// Another machine pushed first (or was pushing at the same instant): fetch and try again.
    case lostRace
    /// The remote was reached and refused: a hook, a repository that is not bare, a remote that
    /// cannot be written. `reason` is the remote's or git's own words, in one line.
    case refused(reason: String)
    /// The remote was not reached; git's words.
    case unreachable(reason: String)

    /// How a file system says it cannot be written. A ref that cannot be locked for one of these
    /// reasons is a remote that cannot be written, not a push that lost the race for the lock,
    /// which retrying twenty times would not mend.
    private static let cannotWrite = [
        "Permission denied", "Read-only file system", "Operation not permitted", "No space left on device",
        "Disk quota exceeded",
    ]

    /// Reads what git wrote: the porcelain lines on standard output, messages on standard error.
    init(stdout: String, stderr: String) {
        let said = stdout + "\n" + stderr
        // Only with a lock that failed: ssh's "Permission denied (publickey)" is not a refusal.
        let cannotWrite = Self.cannotWrite.contains { said.contains($0) }
        if said.contains("[rejected]") || said.contains("non-fast-forward") || said.contains("fetch first") {
            self = .lostRace
        } else if (said.contains("cannot lock ref") || said.contains("failed to lock")) && !cannotWrite {
            self = .lostRace
        } else if said.contains("[remote rejected]") || said.contains("remote: ") {
            self = .refused(reason: Self.reason(stdout: stdout, stderr: stderr))
        } else {
            self = .unreachable(reason: stderr.isEmpty ? stdout : stderr)
        }
    }

    /// The words that say why: the remote's own (a hook's, or receive-pack's errors), else git's
    /// errors but its closing "failed to push some refs" (for a remote that cannot unpack:
    /// "remote unpack failed: unable to create temporary object directory"), else the reason in
    /// the porcelain line's "[remote rejected] ... (reason)", which alone says little ("unpacker
    /// error").
    private static func reason(stdout: String, stderr: String) -> String {
        let lines = stderr.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        func withoutPrefix(_ line: Substring) -> String {
            var line = line.trimmingCharacters(in: .whitespaces)
            for prefix in ["error: ", "fatal: "] where line.hasPrefix(prefix) { line.removeFirst(prefix.count) }
            return line
        }
        let remote = lines.filter { $0.hasPrefix("remote: ") }.map { withoutPrefix($0.dropFirst(8)) }
            .filter { !$0.isEmpty }
        if !remote.isEmpty { return remote.joined(separator: " ") }
        let errors = lines.filter { $0.hasPrefix("error: ") || $0.hasPrefix("fatal: ") }
            .map { withoutPrefix(Substring($0)) }.filter { !$0.hasPrefix("failed to push some refs") }
        if !errors.isEmpty { return errors.joined(separator: "; ") }
        let said = stdout + "\n" + stderr
        return said.firstMatch(of: /\[remote rejected\][^(]*\(([^)]*)\)/).map { String($0.1) } ?? said
    }
}
