import Foundation
import OutlineTestSupport
import Testing

/// A `git daemon` on the loopback interface serving a folder's repositories as git://, with
/// pushes allowed: a real network transport for the sync tests, not a path.
final class GitDaemon {
    /// The URL of `remote.git` in the folder.
    let url: String
    private let process: Process

    /// Starts the daemon on a free port (tried at random), and waits until it answers for
    /// `remote.git`, which must be there. It stops when the object goes: hold it to the end.
    init(serving folder: String) throws {
        // The daemon itself rather than `git daemon`, which would leave it running when stopped.
        let executable = "/usr/lib/git-core/git-daemon"
        try #require(FileManager.default.isExecutableFile(atPath: executable), "git's daemon is not installed")
        for _ in 0..<10 {
            let port = Int.random(in: 20_000...60_000)
            let candidate = Process()
            candidate.executableURL = URL(fileURLWithPath: executable)
            candidate.arguments = [
                "--reuseaddr", "--export-all", "--enable=receive-pack", "--listen=127.0.0.1", "--port=\(port)",
                "--base-path=\(folder)", folder,
            ]
            candidate.standardOutput = FileHandle.nullDevice
            candidate.standardError = FileHandle.nullDevice
            try candidate.run()
            let url = "git://127.0.0.1:\(port)/remote.git"
            for _ in 0..<50 where candidate.isRunning {
                let probe = try OutlineProcess.run(["ls-remote", url], input: nil, executable: "/usr/bin/git")
                if probe.status == 0 {
                    self.url = url
                    process = candidate
                    return
                }
                usleep(100_000)
            }
            if candidate.isRunning {
                kill(candidate.processIdentifier, SIGKILL)
                candidate.waitUntilExit()
            }
        }
        throw DaemonDidNotStart()
    }

    deinit {
        // SIGKILL: the daemon may inherit a mask that blocks SIGTERM from the test's process.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private struct DaemonDidNotStart: Error {}
}
