import Foundation
import OutlineKit

/// The self-pipe that signal handlers write to: a C signal handler cannot capture context, so the
/// descriptor lives in a global.
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// What woke a watcher.
enum WakeReason: Equatable {
    case fileChanged
    case signal(Int32)
    case key(Key)
    case timeout
}

/// Waits, without using the CPU, for the database to change, a signal, a key, or a timeout.
///
/// Changes are seen through inotify on the database's folder (the file and its `-wal`, which
/// every commit in WAL mode writes); the folder rather than the files, because SQLite deletes and
/// recreates the `-wal`. The caller confirms with `PRAGMA data_version`, so a spurious wake-up
/// costs one pragma, and a timeout makes a slow poll the fallback where inotify is unavailable.
final class Wakeup {
    private let inotify: Int32
    private let signalRead: Int32
    /// Nil when keys are not read (standard input is no terminal, or `--json`).
    private let keys: KeyReader?
    private let watchedNames: Set<String>

    init(databasePath: String, signals: [Int32], readsKeys: Bool) {
        let folder = DatabaseLocation.folder(of: databasePath)
        let name = DatabaseLocation.fileName(of: databasePath)
        watchedNames = [name, name + "-wal"]
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if inotify >= 0 {
            let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO)
            _ = inotify_add_watch(inotify, folder, mask)
        }
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        signalRead = fds[0]
        signalPipeWrite = fds[1]
        // A parent may have blocked these signals (test runners do), and a blocked signal never
        // reaches its handler: unblock them.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signalNumber in signals {
            sigaddset(&mask, signalNumber)
            Self.catchSignal(signalNumber)
        }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        keys = readsKeys ? KeyReader() : nil
    }

    /// Turns `signalNumber` into a wake-up. Also used to catch it again after letting it take its
    /// default action once (a stop, for Ctrl-Z).
    static func catchSignal(_ signalNumber: Int32) {
        signal(signalNumber) { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(signalPipeWrite, &byte, 1)
        }
    }

    deinit {
        if inotify >= 0 { close(inotify) }
    }

    /// Whether keys that one read brought together are still waiting to be taken.
    var hasQueuedKeys: Bool { keys?.hasQueuedKeys ?? false }

    /// Blocks until something happens or `timeout` seconds pass. Keys that one read brought
    /// together come one a call, without blocking.
    func wait(timeout: TimeInterval) -> WakeReason {
        if let key = keys?.nextQueuedKey() { return .key(key) }
        var fds = [pollfd(fd: signalRead, events: Int16(POLLIN), revents: 0)]
        if inotify >= 0 { fds.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)) }
        if keys != nil { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = Int32(max(0, min(timeout, 3600)) * 1000)
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return .timeout }
        for entry in fds where entry.revents != 0 {
            if entry.fd == signalRead {
                var byte: UInt8 = 0
                if read(signalRead, &byte, 1) == 1 { return .signal(Int32(byte)) }
            } else if entry.fd == inotify {
                if drainInotify() { return .fileChanged }
            } else if entry.fd == 0, let keys {
                switch keys.readKeys() {
                case .key(let key): return .key(key)
                case .nothing: break
                case .endOfInput: return .signal(SIGHUP)  // the terminal went away
                }
            }
        }
        return .timeout
    }

    /// Reads every pending inotify event; true if one concerned the database or its WAL.
    private func drainInotify() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (nameLength, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start..<min(count, start + Int(event.len))].prefix { $0 != 0 }
                    return (Int(event.len), String(decoding: bytes, as: UTF8.self))
                }
                if watchedNames.contains(name) { relevant = true }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
        return relevant
    }
}
