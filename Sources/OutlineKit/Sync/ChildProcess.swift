import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program and collects what it wrote, through `posix_spawn` and `waitpid`.
///
/// Not Foundation's `Process`: its `waitUntilExit` polls a run loop every 50 ms (most of a sync
/// with nothing to do), its `readDataToEndOfFile` stops the process when a signal interrupts a
/// read, and launching from several threads at once crashed the tests. The child starts with
/// no signal blocked and SIGPIPE at its default, whatever this process has set.
package enum ChildProcess {
    /// What a program did: its exit status (128 + the signal's number if a signal ended it) and
    /// what it wrote.
    package struct Output {
        package var status: Int32
        package var stdout: Data
        package var stderr: String
        /// Whether it was stopped for running past its time limit.
        var timedOut = false
        /// Standard output as text, white space around it trimmed.
        var text: String { String(decoding: stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Runs `arguments[0]`, found on `$PATH`, with `environment`, feeding it `input`.
    ///
    /// With `timeout`, a program still running after that many seconds is stopped (see
    /// `ChildDeadline`), and the output says so; its standard error then begins with a `fatal:`
    /// line that says it did not finish, for the callers that pass git's words on.
    /// `started` is given the program's process id as soon as it runs, before any waiting.
    ///
    /// - Throws: `SyncFailure.gitMissing` when the program cannot be started.
    package static func run(
        _ arguments: [String], environment: [String: String], input: Data?, timeout: TimeInterval? = nil,
        started: ((pid_t) -> Void)? = nil
    ) throws -> Output {
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        // Close-on-exec, so that no other child keeps a pipe open; the child's own ends are
        // duplicated onto 0, 1 and 2, which stay open.
        func makePipe(_ ends: inout [Int32]) -> Bool {
            guard pipe(&ends) == 0 else { return false }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard makePipe(&inPipe), makePipe(&outPipe), makePipe(&errPipe) else {
            for descriptor in inPipe + outPipe + errPipe where descriptor >= 0 { close(descriptor) }
            throw SyncFailure.gitFailed(action: "start \(arguments[0])", reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        // The program is looked up on this process's $PATH, as a shell would.
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(inPipe[1])
            close(outPipe[0])
            close(errPipe[0])
            throw SyncFailure.gitMissing
        }
        started?(pid)
        let deadline = timeout.map { ChildDeadline(pid: pid, seconds: $0) }
        // Output is read on other threads while input is written, so that no pipe fills. Each
        // reader closes its own end when it is done: after a stop it may be left behind (below),
        // and a descriptor closed under a reader could be reused before it reads again.
        let group = DispatchGroup()
        let out = Collected()
        let err = Collected()
        let outDescriptor = outPipe[0]
        let errDescriptor = errPipe[0]
        DispatchQueue.global().async(group: group) {
            out.set(readAll(outDescriptor))
            close(outDescriptor)
        }
        DispatchQueue.global().async(group: group) {
            err.set(readAll(errDescriptor))
            close(errDescriptor)
        }
        if let input {
            // A child that stops reading (it failed) must not end this process with SIGPIPE.
            let previous = signal(SIGPIPE, SIG_IGN)
            writeAll(input, to: inPipe[1])
            signal(SIGPIPE, previous)
        }
        close(inPipe[1])
        // Waits for the end without reaping the child, so that the deadline, which may signal
        // it until told it ended, never signals another process that was given its id.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
            guard errno == EINTR else { break }
        }
        let timedOut = deadline?.childEnded() ?? false
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        // The pipes end when every process that holds them has ended. A stopped git's own
        // children (ssh, a hook) may outlive it for a while: they are not waited for.
        if timedOut {
            _ = group.wait(timeout: .now() + ChildDeadline.grace)
        } else {
            group.wait()
        }
        // The wait status: the low 7 bits are the signal that ended the child, if one did.
        let signalNumber = status & 0x7F
        let exitStatus = signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber
        var stderr = String(decoding: err.get(), as: UTF8.self)
        if timedOut, let timeout {
            stderr = "fatal: it did not finish within \(SyncTransportSettings.wording(timeout))\n" + stderr
        }
        return Output(status: exitStatus, stdout: out.get(), stderr: stderr, timedOut: timedOut)
    }

    /// Reads a pipe to its end, reading again after a signal interrupts a read.
    private static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(buffer, count: count)
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    /// Writes all of `data` to a pipe, again after an interrupted write; stops when the reader
    /// has gone.
    private static func writeAll(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}

/// Bytes one reading thread fills in. Behind a lock: after a stop, they may be read while that
/// thread still waits for the end of its pipe.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ bytes: Data) { lock.withLock { data = bytes } }
    func get() -> Data { lock.withLock { data } }
}
