import Foundation
import Synchronization

/// The git command line as the transport of the shared log: it brings the user's ssh keys,
/// credential helpers and hosts, and outline writes no network code.
///
/// The log is the first-parent history of the branch the remote's HEAD names: `main`, or the
/// remote's only branch when that is not `main` (someone renamed it), or, among several, the
/// one HEAD names (`fetchedHead`). Each commit's tree holds one file:
/// `batch.json`, the operations of one sync round of one machine (`SyncBatch`), or
/// `snapshot.json`, the whole outline as the log made it so far (`SyncSnapshot`), which a new
/// machine starts from instead of replaying what came before. A push that is not
/// a fast-forward is refused by git, which makes the remote a compare-and-append sequencer.
/// Fetched commits are kept in a bare repository of their own beside the database.
struct GitRemote {
    /// The bare repository beside the database that holds what was fetched.
    let cache: String
    /// The remote, as the user gave it: a URL or a path.
    let remote: String
    /// How long each git command may run, in seconds (`SyncTransportSettings.timeout`).
    var timeout: TimeInterval = SyncTransportSettings.defaultTimeout
    /// Whether `fetch` leaves a cache that holds only the log's newest part as it is: set for
    /// the round of a machine that joins, which fetches the rest beside it (`HistoryFetch`).
    var keepsPartialHistory = false

    /// The branch the log lives on when the remote has none yet, or `main` among others.
    static let defaultBranch = "main"
    /// The branch the log lives on, as the last `fetchedHead` found it; `defaultBranch` before.
    var branch: String { foundBranch.name.withLock { $0 } }
    /// Where `fetchedHead` notes the branch it found, for the push after it: shared by the
    /// copies of this value a round hands around.
    private let foundBranch = FoundBranch()
    /// The file a commit of one round's operations holds.
    static let batchFile = "batch.json"
    /// The file a snapshot commit holds instead.
    static let snapshotFile = "snapshot.json"

    /// What a git command gave.
    typealias Output = ChildProcess.Output

    /// Runs git in the cache with `arguments`, feeding it `input`, for `timeout` seconds at most.
    /// While it runs, its process is noted in the cache (`GitChildRecord`), for the next round
    /// to find if this one is killed.
    func run(_ arguments: [String], input: Data? = nil) throws -> Output {
        let record = GitChildRecord(cache: cache)
        defer { record.clear() }
        return try Self.git(["-C", cache] + arguments, input: input, timeout: timeout, started: record.note)
    }

    /// Runs git with `arguments`, feeding it `input`; stopped after `timeout` seconds if given.
    static func git(
        _ arguments: [String], input: Data? = nil, timeout: TimeInterval? = nil, started: ((pid_t) -> Void)? = nil
    ) throws -> Output {
        var environment = ProcessInfo.processInfo.environment
        // Never a prompt (a script must not hang on a password), messages in English to be read,
        // and a fixed author: the log's commits are records, not anyone's work.
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        environment["GIT_AUTHOR_NAME"] = "outline"
        environment["GIT_AUTHOR_EMAIL"] = "outline@localhost"
        environment["GIT_COMMITTER_NAME"] = "outline"
        environment["GIT_COMMITTER_EMAIL"] = "outline@localhost"
        // ssh never asks for a password, and gives up on a host that does not answer (a host
        // that takes the connection and says nothing would otherwise hang the round for good).
        // Over http(s), a transfer slower than 1 KB/s for 20 s is abandoned the same way.
        if environment["GIT_HTTP_LOW_SPEED_LIMIT"] == nil {
            environment["GIT_HTTP_LOW_SPEED_LIMIT"] = "1000"
            environment["GIT_HTTP_LOW_SPEED_TIME"] = "20"
        }
        if environment["GIT_SSH_COMMAND"] == nil {
            environment["GIT_SSH_COMMAND"] =
                "ssh -o BatchMode=yes -o ConnectTimeout=20 -o ServerAliveInterval=15 -o ServerAliveCountMax=3"
        }
        // git's ext:: transport runs the command the remote names. git refuses it unless its
        // configuration allows it; outline refuses it whatever the configuration says, since the
        // remote is read from a file that may come from anywhere. Set as configuration from the
        // environment (after the user's own such settings), which outranks the config files.
        let index = Int(environment["GIT_CONFIG_COUNT"] ?? "").flatMap { $0 >= 0 ? $0 : nil } ?? 0
        environment["GIT_CONFIG_COUNT"] = String(index + 1)
        environment["GIT_CONFIG_KEY_\(index)"] = "protocol.ext.allow"
        environment["GIT_CONFIG_VALUE_\(index)"] = "never"
        return try ChildProcess.run(
            ["git"] + arguments, environment: environment, input: input, timeout: timeout, started: started)
    }

    /// Makes the cache if it is not there yet.
    func prepare() throws {
        if FileManager.default.fileExists(atPath: cache + "/HEAD") {
            removeStaleShallowLock()
            return
        }
        // After "--": a database path that begins with "-" makes a cache path that does too.
        let made = try Self.git(["init", "--quiet", "--bare", "--", cache], timeout: timeout)
        guard made.status == 0 else { throw SyncFailure.gitFailed(action: "make \(cache)", reason: made.stderr) }
    }

    /// Fetches the remote's log; its last commit, or nil when the remote has none yet.
    func fetch() throws -> String? {
        try prepare()
        // The remote after "--", so that git never reads it as an option (SyncArgumentCheck
        // refuses such a remote before it gets here).
        let fetched = try run(["fetch", "--quiet", "--no-tags", "--prune", "--", remote, "+refs/heads/*:refs/sync/*"])
        if fetched.timedOut { throw SyncFailure.unreachable(remote: remote, reason: notAnswered) }
        guard fetched.status == 0 else {
            throw SyncFailure.unreachable(remote: remote, reason: fetched.stderr)
        }
        // A join whose fetch of the history before its snapshot did not finish: this round
        // fetches it, so that this machine can send the whole log again (`sync republish`).
        // Left for a later round when it fails: nothing else needs it.
        if holdsPartialHistory, !keepsPartialHistory { _ = try? completeHistory() }
        return try fetchedHead()
    }

    /// The last commit of the log as the last fetch found it; nil when the remote had none.
    /// Notes which branch holds the log (`branch`).
    func fetchedHead() throws -> String? {
        let heads = try fetchedBranches()
        var branch = Self.logBranch(among: Array(heads.keys))
        // Among several branches, the log is on the one the remote's HEAD names (SPEC), asked
        // of the remote (a second connection: an outline's remote usually holds one branch).
        // Asked every round, so that all machines agree: a machine that chose by what it last
        // synced kept writing to an old `main` pushed back beside the renamed log, while the
        // others wrote to the log.
        if heads.count > 1, let named = try remoteHead(), heads[named] != nil { branch = named }
        foundBranch.name.withLock { $0 = branch }
        return heads[branch] ?? nil
    }

    /// The branch the remote's HEAD names, asked of the remote; nil when it names none that
    /// git tells (or the remote does not answer: the usual branch is kept then).
    private func remoteHead() throws -> String? {
        let listed = try run(["ls-remote", "--symref", "--", remote, "HEAD"])
        guard listed.status == 0, !listed.timedOut else { return nil }
        for line in listed.text.split(separator: "\n") where line.hasPrefix("ref: refs/heads/") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            return String(line[line.index(line.startIndex, offsetBy: "ref: refs/heads/".count)..<tab])
        }
        return nil
    }

    /// Which of the remote's branches holds the log, as far as the branches tell: `main` when
    /// it has one, else its only branch (a remote whose `main` was renamed, `trunk` say, by
    /// someone who changed the default branch of the repository: every machine then follows
    /// it, rather than reading the log as lost and starting a second one on `main` beside it),
    /// else `main`.
    static func logBranch(among branches: [String]) -> String {
        branches.count == 1 && !branches.contains(defaultBranch) ? branches[0] : defaultBranch
    }

    /// The remote's branches as the last fetch found them, each with the commit it names (nil
    /// for a branch that names another kind of object).
    private func fetchedBranches() throws -> [String: String?] {
        // A branch may name an annotated tag: its commit is given after the tag's own fields,
        // which are empty for a commit. The name last: the output's last line is read trimmed.
        let listed = try run([
            "for-each-ref", "--format=%(objecttype) %(objectname) %(*objecttype) %(*objectname) %(refname:lstrip=2)",
            "refs/sync/",
        ])
        guard listed.status == 0 else {
            throw SyncFailure.gitFailed(action: "read the fetched branches", reason: listed.stderr)
        }
        var branches: [String: String?] = [:]
        for line in listed.text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 else { continue }
            branches[fields[4]] =
                fields[0] == "commit" ? fields[1] : fields[0] == "tag" && fields[2] == "commit" ? fields[3] : nil
        }
        return branches
    }

    /// The names of the remote's branches as the last fetch found them, sorted.
    func fetchedBranchNames() throws -> [String] { try fetchedBranches().keys.sorted() }

    /// The remote's branches other than the log's whose history holds `commit`, as the last
    /// `fetch` found them.
    func otherBranches(holding commit: String) throws -> [String] {
        try fetchedBranches().filter { name, head in
            guard name != branch, let head else { return false }
            return try head == commit || contains(head, commit)
        }.keys.sorted()
    }

    /// The remote's refs that are not branches (tags, notes, anything but `refs/heads/` and
    /// HEAD), asked of the remote itself: `fetch` takes branches alone, so a repository of
    /// tags would look empty.
    func refsBesideBranches() throws -> [String] {
        let listed = try run(["ls-remote", "--", remote])
        if listed.timedOut { throw SyncFailure.unreachable(remote: remote, reason: notAnswered) }
        guard listed.status == 0 else { throw SyncFailure.unreachable(remote: remote, reason: listed.stderr) }
        return listed.text.split(separator: "\n").compactMap { line in
            guard let tab = line.firstIndex(of: "\t") else { return nil }
            let name = String(line[line.index(after: tab)...])
            return name == "HEAD" || name.hasPrefix("refs/heads/") ? nil : name
        }
    }

    /// Whether `ancestor` is `commit` or lies in its history.
    func contains(_ commit: String, _ ancestor: String) throws -> Bool {
        try run(["merge-base", "--is-ancestor", ancestor, commit]).status == 0
    }

    /// What one commit of the log holds.
    enum Entry {
        /// One round's operations.
        case batch(SyncBatch)
        /// The whole outline as the log made it up to here (`sync compact`).
        case snapshot(SyncTree)
    }

    /// Writes the whole outline as a snapshot commit on `parent`; its id.
    func commitSnapshot(_ tree: SyncTree, replica: String, parent: String) throws -> String {
        try commit(
            file: Self.snapshotFile, SyncSnapshot.encoded(tree), parent: parent,
            message: "outline: snapshot of \(tree.liveCount) items from \(replica)")
    }

    /// Writes `batch` as a commit on `parent` (none for the first), in the cache; its id.
    func commit(_ batch: SyncBatch, parent: String?) throws -> String {
        let count = batch.operations.count
        return try commit(
            file: Self.batchFile, batch.encoded(), parent: parent,
            message: "outline: \(count) operation\(count == 1 ? "" : "s") from \(batch.replica)")
    }

    /// Writes a commit whose tree holds `content` as `file`.
    func commit(file: String, _ content: Data, parent: String?, message: String) throws -> String {
        let blob = try run(["hash-object", "-w", "--stdin"], input: content)
        guard blob.status == 0 else { throw SyncFailure.gitFailed(action: "write a commit", reason: blob.stderr) }
        let tree = try run(["mktree"], input: Data("100644 blob \(blob.text)\t\(file)\n".utf8))
        guard tree.status == 0 else { throw SyncFailure.gitFailed(action: "write a commit", reason: tree.stderr) }
        var arguments = ["commit-tree", tree.text, "-m", message]
        if let parent { arguments += ["-p", parent] }
        let commit = try run(arguments)
        guard commit.status == 0 else {
            throw SyncFailure.gitFailed(action: "write a commit", reason: commit.stderr)
        }
        return commit.text
    }

    /// What a push came to.
    enum PushResult: Equatable {
        /// The remote's branch is now the commit.
        case pushed
        /// Someone else pushed first: fetch and try again.
        case rejected
    }

    /// Pushes `commit` as the remote's log branch, which git accepts only as a fast-forward.
    func push(_ commit: String) throws -> PushResult {
        // The remote after "--", as in `fetch`.
        let pushed = try run(["push", "--porcelain", "--quiet", "--", remote, "\(commit):refs/heads/\(branch)"])
        if pushed.timedOut { throw SyncFailure.unreachable(remote: remote, reason: notAnswered) }
        if pushed.status == 0 { return .pushed }
        switch GitPushReply(stdout: pushed.text, stderr: pushed.stderr) {
        case .lostRace: return .rejected
        case .refused(let reason): throw SyncFailure.pushRefused(remote: remote, reason: reason)
        case .unreachable(let reason): throw SyncFailure.unreachable(remote: remote, reason: reason)
        }
    }

    /// Why a fetch or push was given up on after `timeout`.
    var notAnswered: String { "it did not answer within \(SyncTransportSettings.wording(timeout))" }
}

/// The branch `GitRemote.fetchedHead` found the log on.
private final class FoundBranch: Sendable {
    let name = Mutex(GitRemote.defaultBranch)
}
