import Foundation

/// The git command line as the transport of the shared log: it brings the user's ssh keys,
/// credential helpers and hosts, and outline writes no network code.
///
/// The log is the first-parent history of the remote's `main`. Each commit's tree holds one file,
/// `batch.json`: the operations of one sync round of one machine (`SyncBatch`). A push that is not
/// a fast-forward is refused by git, which makes the remote a compare-and-append sequencer.
/// Fetched commits are kept in a bare repository of their own beside the database.
struct GitRemote {
    /// The bare repository beside the database that holds what was fetched.
    let cache: String
    /// The remote, as the user gave it: a URL or a path.
    let remote: String

    /// The branch the log lives on.
    static let branch = "main"
    /// Where the fetched branch is kept in the cache.
    private static let fetchedRef = "refs/sync/main"
    /// The file each commit holds.
    static let batchFile = "batch.json"

    /// What a git command gave.
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Runs git in the cache with `arguments`, feeding it `input`.
    func run(_ arguments: [String], input: Data? = nil) throws -> Output {
        try Self.git(["-C", cache] + arguments, input: input)
    }

    static func git(_ arguments: [String], input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        var environment = ProcessInfo.processInfo.environment
        // Never a prompt (a script must not hang on a password), messages in English to be read,
        // and a fixed author: the log's commits are records, not anyone's work.
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        environment["GIT_AUTHOR_NAME"] = "outline"
        environment["GIT_AUTHOR_EMAIL"] = "outline@localhost"
        environment["GIT_COMMITTER_NAME"] = "outline"
        environment["GIT_COMMITTER_EMAIL"] = "outline@localhost"
        if environment["GIT_SSH_COMMAND"] == nil { environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes" }
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw OutlineError.syncGitMissing
        }
        // Output is read on other threads while input is written, so that neither pipe fills.
        let group = DispatchGroup()
        let out = Collected()
        let err = Collected()
        let outHandle = stdout.fileHandleForReading
        let errHandle = stderr.fileHandleForReading
        DispatchQueue.global().async(group: group) { out.data = outHandle.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err.data = errHandle.readDataToEndOfFile() }
        if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: out.data, stderr: String(decoding: err.data, as: UTF8.self))
    }

    /// Makes the cache if it is not there yet.
    func prepare() throws {
        if FileManager.default.fileExists(atPath: cache + "/HEAD") { return }
        let made = try Self.git(["init", "--quiet", "--bare", cache])
        guard made.status == 0 else { throw OutlineError.syncGitFailed(action: "make \(cache)", reason: made.stderr) }
    }

    /// Fetches the remote's log; its last commit, or nil when the remote has none yet.
    func fetch() throws -> String? {
        try prepare()
        let fetched = try run(["fetch", "--quiet", "--no-tags", "--prune", remote, "+refs/heads/*:refs/sync/*"])
        guard fetched.status == 0 else {
            throw OutlineError.syncUnreachable(remote: remote, reason: fetched.stderr)
        }
        let head = try run(["rev-parse", "--quiet", "--verify", Self.fetchedRef + "^{commit}"])
        return head.status == 0 ? head.text : nil
    }

    /// Whether `ancestor` is `commit` or lies in its history.
    func contains(_ commit: String, _ ancestor: String) throws -> Bool {
        try run(["merge-base", "--is-ancestor", ancestor, commit]).status == 0
    }

    /// The commits after `last` up to `head`, oldest first, along the first parents.
    func commits(after last: String?, upTo head: String) throws -> [String] {
        let range = last.map { "\($0)..\(head)" } ?? head
        let listed = try run(["rev-list", "--reverse", "--first-parent", range])
        guard listed.status == 0 else {
            throw OutlineError.syncGitFailed(action: "read the log", reason: listed.stderr)
        }
        return listed.text.split(separator: "\n").map(String.init)
    }

    /// The batch each commit holds, in order, read by one `git cat-file --batch`.
    func batches(_ commits: [String]) throws -> [SyncBatch] {
        guard !commits.isEmpty else { return [] }
        let request = commits.map { "\($0):\(Self.batchFile)\n" }.joined()
        let read = try run(["cat-file", "--batch"], input: Data(request.utf8))
        guard read.status == 0 else { throw OutlineError.syncGitFailed(action: "read the log", reason: read.stderr) }
        var batches: [SyncBatch] = []
        var offset = read.stdout.startIndex
        let data = read.stdout
        for commit in commits {
            guard let lineEnd = data[offset...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw OutlineError.syncBadLog(commit: commit, reason: "git gave no answer for it")
            }
            let header = String(decoding: data[offset..<lineEnd], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]) else {
                throw OutlineError.syncBadLog(commit: commit, reason: "it holds no \(Self.batchFile)")
            }
            let start = lineEnd + 1
            let end = start + size
            guard end <= data.endIndex else { throw OutlineError.syncBadLog(commit: commit, reason: "it is cut short") }
            do {
                batches.append(try SyncBatch.decoded(Data(data[start..<end])))
            } catch let error as SyncLogError {
                throw OutlineError.syncBadLog(commit: commit, reason: error.reason)
            }
            offset = end + 1
        }
        return batches
    }

    /// Writes `batch` as a commit on `parent` (none for the first), in the cache; its id.
    func commit(_ batch: SyncBatch, parent: String?) throws -> String {
        let blob = try run(["hash-object", "-w", "--stdin"], input: batch.encoded())
        guard blob.status == 0 else { throw OutlineError.syncGitFailed(action: "write a commit", reason: blob.stderr) }
        let tree = try run(["mktree"], input: Data("100644 blob \(blob.text)\t\(Self.batchFile)\n".utf8))
        guard tree.status == 0 else { throw OutlineError.syncGitFailed(action: "write a commit", reason: tree.stderr) }
        let count = batch.operations.count
        var arguments = [
            "commit-tree", tree.text, "-m", "outline: \(count) operation\(count == 1 ? "" : "s") from \(batch.replica)",
        ]
        if let parent { arguments += ["-p", parent] }
        let commit = try run(arguments)
        guard commit.status == 0 else {
            throw OutlineError.syncGitFailed(action: "write a commit", reason: commit.stderr)
        }
        return commit.text
    }

    /// What a push came to.
    enum PushResult: Equatable {
        case pushed
        /// Someone else pushed first: fetch and try again.
        case rejected
    }

    /// Pushes `commit` as the remote's `main`, which git accepts only as a fast-forward.
    func push(_ commit: String) throws -> PushResult {
        let pushed = try run(["push", "--porcelain", "--quiet", remote, "\(commit):refs/heads/\(Self.branch)"])
        if pushed.status == 0 { return .pushed }
        let said = pushed.text + "\n" + pushed.stderr
        if said.contains("[rejected]") || said.contains("non-fast-forward") || said.contains("fetch first") {
            return .rejected
        }
        throw OutlineError.syncUnreachable(remote: remote, reason: pushed.stderr.isEmpty ? pushed.text : pushed.stderr)
    }
}

/// Bytes one reading thread fills in; read only after the group it runs in is waited for.
private final class Collected: @unchecked Sendable {
    var data = Data()
}
