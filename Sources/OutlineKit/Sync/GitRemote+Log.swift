import Foundation

/// Reading the shared log: which commits it holds after a point, and what each holds.
///
/// The log is only outline's own commits, read as they were written: each has one parent (none
/// for the first), a tree of exactly one file (`batch.json` or `snapshot.json`), and a tree
/// unlike its parent's. Anything else (a README someone committed, a merge made by `git pull`,
/// an empty commit) is refused, naming the commit: read as a batch, its tree could replay an
/// older batch, and a merge's second parent would be passed over, so machines would part ways
/// without a word.
extension GitRemote {
    /// One commit of the log and what it holds.
    struct LogEntry {
        /// The commit's id.
        var commit: String
        /// Its batch or snapshot.
        var entry: Entry
    }

    /// One line of `git log` about a commit of the log.
    private struct LoggedCommit {
        var commit: String
        var tree: String
        var parents: [String]
        var subject: String
    }

    /// The commits after `last` up to `head`, oldest first, along the first parents, each checked
    /// to be a commit outline wrote (one parent, a tree unlike its parent's).
    ///
    /// - Throws: `SyncFailure.foreignCommit` for the first commit that is not.
    func commits(after last: String?, upTo head: String) throws -> [String] {
        let range = last.map { "\($0)..\(head)" } ?? head
        // Fields apart by the unit separator, which no commit id and no one-line subject holds.
        let listed = try run(["log", "--first-parent", "--reverse", "--format=%H%x1f%T%x1f%P%x1f%s", range, "--"])
        guard listed.status == 0 else {
            throw SyncFailure.gitFailed(action: "read the log", reason: listed.stderr)
        }
        let logged = listed.text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\u{1f}", maxSplits: 3, omittingEmptySubsequences: false).map(
                String.init)
            return LoggedCommit(
                commit: fields[0], tree: fields.count > 1 ? fields[1] : "",
                parents: fields.count > 2 ? fields[2].split(separator: " ").map(String.init) : [],
                subject: fields.count > 3 ? fields[3] : "")
        }
        var previousTree = try last.map { try tree(of: $0) }
        for entry in logged {
            if entry.parents.count > 1 {
                throw try foreign(
                    commit: entry.commit, subject: entry.subject, head: head,
                    reason: "it is a merge of \(entry.parents.count) commits")
            }
            if entry.tree == previousTree {
                throw try foreign(
                    commit: entry.commit, subject: entry.subject, head: head, reason: "it changes no file")
            }
            previousTree = entry.tree
        }
        return logged.map(\.commit)
    }

    /// The tree of `commit`.
    private func tree(of commit: String) throws -> String {
        let read = try run(["rev-parse", "--verify", "--quiet", commit + "^{tree}"])
        guard read.status == 0 else { throw SyncFailure.gitFailed(action: "read the log", reason: read.stderr) }
        return read.text
    }

    /// The error for a commit of the log that outline did not write, with the way to repair the
    /// remote: put its branch back on the newest commit outline wrote. A nil `subject` is read.
    private func foreign(commit: String, subject: String?, head: String, reason: String) throws -> SyncFailure {
        var subject = subject
        if subject == nil {
            let read = try run(["log", "-1", "--format=%s", commit, "--"])
            subject = read.status == 0 ? read.text : ""
        }
        // outline's commits carry its fixed author (see `git(_:input:)`); the newest of them in
        // the whole history, second parents of merges included, is where the log left off.
        let found = try run([
            "log", "--topo-order", "--format=%H", "--author=<outline@localhost>", "--grep=^outline: ", "-1", head,
            "--",
        ])
        let lastOutlineCommit = found.status == 0 && !found.text.isEmpty ? found.text : nil
        return SyncFailure.foreignCommit(
            remote: remote, branch: branch, cache: cache, commit: commit, subject: subject ?? "", reason: reason,
            lastOutlineCommit: lastOutlineCommit == commit ? nil : lastOutlineCommit)
    }

    /// What each commit holds, in order, read by two `git cat-file --batch` (the trees, then
    /// the files they name).
    ///
    /// - Throws: `SyncFailure.foreignCommit` for a commit whose tree is not one outline
    ///   file; `SyncFailure.badLog` for a file that does not parse.
    func entries(_ commits: [String], head: String) throws -> [LogEntry] {
        guard !commits.isEmpty else { return [] }
        let trees = try objects(commits.map { $0 + "^{tree}" })
        var paths: [String] = []
        for (commit, tree) in zip(commits, trees) {
            guard let tree, let file = Self.onlyFile(inTree: tree, hashBytes: commit.utf8.count / 2) else {
                throw try foreign(
                    commit: commit, subject: nil, head: head,
                    reason: "it holds other files than \(Self.batchFile) or \(Self.snapshotFile)")
            }
            paths.append("\(commit):\(file)")
        }
        let files = try objects(paths)
        var entries: [LogEntry] = []
        entries.reserveCapacity(commits.count)
        for (index, commit) in commits.enumerated() {
            guard let data = files[index] else {
                throw SyncFailure.badLog(commit: commit, reason: "git gave no answer for it")
            }
            do {
                let entry: Entry =
                    paths[index].hasSuffix(Self.batchFile)
                    ? .batch(try SyncBatch.decoded(data)) : .snapshot(try SyncSnapshot.decoded(data))
                entries.append(LogEntry(commit: commit, entry: entry))
            } catch let error as SyncLogError {
                throw SyncFailure.badLog(commit: commit, reason: error.reason)
            }
        }
        return entries
    }

    /// The bytes of each object named (`COMMIT^{tree}`, `COMMIT:FILE`), nil for one that is not
    /// there, read by one `git cat-file --batch`.
    private func objects(_ names: [String]) throws -> [Data?] {
        let read = try run(["cat-file", "--batch"], input: Data(names.map { $0 + "\n" }.joined().utf8))
        guard read.status == 0 else { throw SyncFailure.gitFailed(action: "read the log", reason: read.stderr) }
        let data = read.stdout
        var offset = data.startIndex
        var result: [Data?] = []
        result.reserveCapacity(names.count)
        for _ in names {
            guard let lineEnd = data[offset...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw SyncFailure.gitFailed(action: "read the log", reason: "git cat-file's answer is cut short")
            }
            let header = String(decoding: data[offset..<lineEnd], as: UTF8.self).split(separator: " ")
            offset = lineEnd + 1
            // "<id> <type> <size>", or "<name> missing" for an object that is not there.
            guard header.count == 3, let size = Int(header[2]) else {
                result.append(nil)
                continue
            }
            let end = offset + size
            guard end <= data.endIndex else {
                throw SyncFailure.gitFailed(action: "read the log", reason: "git cat-file's answer is cut short")
            }
            result.append(Data(data[offset..<end]))
            offset = end + 1
        }
        return result
    }

    /// The name of the tree's only entry when it is one regular file named `batch.json` or
    /// `snapshot.json`; nil otherwise. A tree object is a run of `MODE NAME\0HASH` entries,
    /// the hash as `hashBytes` raw bytes.
    static func onlyFile(inTree tree: Data, hashBytes: Int) -> String? {
        guard let space = tree.firstIndex(of: UInt8(ascii: " ")),
            let nul = tree[space...].firstIndex(of: 0),
            tree.index(nul, offsetBy: 1 + hashBytes) == tree.endIndex
        else { return nil }
        let mode = String(decoding: tree[tree.startIndex..<space], as: UTF8.self)
        let name = String(decoding: tree[tree.index(after: space)..<nul], as: UTF8.self)
        guard mode == "100644", name == batchFile || name == snapshotFile else { return nil }
        return name
    }

    /// The last snapshot commit in the log up to `head`, if there is one.
    func lastSnapshot(upTo head: String) throws -> String? {
        let found = try run([
            "log", "--first-parent", "--diff-filter=A", "--format=%H", "-1", head, "--", Self.snapshotFile,
        ])
        guard found.status == 0 else { throw SyncFailure.gitFailed(action: "read the log", reason: found.stderr) }
        return found.text.isEmpty ? nil : found.text
    }
}
