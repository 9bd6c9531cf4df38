import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What `/proc` says of processes: when one started, which ones it started, and stopping it
/// with them. For a git that runs past its time, whose own children do not always end with it
/// (a local push runs `git-receive-pack` through `sh -c`, which runs the remote's hooks).
enum ProcessTable {
    /// One process's line of `/proc/PID/stat`, after its name: field 3 (the state) on. nil when
    /// there is no such process, or only its exit status is left (a zombie, which stays until
    /// its adopter reaps it, and some containers' first process never does).
    private static func fields(of pid: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // The name, in parentheses, may hold spaces and parentheses: it ends at the last one.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return fields
    }

    /// When process `pid` started, in clock ticks after boot (field 22); nil when it does not run.
    /// With the id, it names the process: an id may be given to another process later.
    static func startTime(of pid: pid_t) -> UInt64? {
        fields(of: pid).flatMap { UInt64($0[19]) }
    }

    /// The processes that `pid` started, and theirs, and so on (field 4 is the parent's id).
    static func descendants(of pid: pid_t) -> [pid_t] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        var children: [pid_t: [pid_t]] = [:]
        for id in ids {
            if let parent = fields(of: id).flatMap({ pid_t($0[1]) }) { children[parent, default: []].append(id) }
        }
        var found: [pid_t] = []
        var next = children[pid] ?? []
        while let id = next.popLast() {
            found.append(id)
            next += children[id] ?? []
        }
        return found
    }

    /// Sends `signal` to `pid` and to every process it started, found first: once `pid` ends,
    /// its children are adopted by another process and can no longer be told from others.
    static func signalTree(_ pid: pid_t, _ signal: Int32) {
        let tree = descendants(of: pid)
        kill(pid, signal)
        for id in tree { kill(id, signal) }
    }
}
