import Foundation

/// Emacs run in batch mode, for the tests that take org-mode as their reference.
public enum EmacsBatch {
    /// What one run printed, and how it ended.
    public struct Run {
        /// Its standard output.
        public var printed: String
        /// Its standard error: Emacs's own messages.
        public var said: String
        /// Its exit status.
        public var status: Int32
    }

    /// Where `emacs` is on PATH; nil where it is missing (`scripts/deps` installs emacs-nox).
    public static var path: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/emacs" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `emacs --batch -Q -l script arguments...` in `folder` (also its home, so that no
    /// one's init file is read), with the zone `zone`; nil when it ran for more than `limit`
    /// seconds and was stopped.
    ///
    /// Output goes to files rather than pipes: Emacs says a few lines a task on standard error,
    /// more than a pipe holds, and nothing need drain them while it runs.
    public static func run(
        _ emacs: String, script: String, arguments: [String] = [], in folder: TemporaryDirectory,
        zone: String = "UTC", limit: TimeInterval = 60
    ) throws -> Run? {
        try script.write(toFile: folder.file("script.el"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: emacs)
        process.arguments = ["--batch", "-Q", "-l", folder.file("script.el")] + arguments
        process.environment = [
            "TZ": zone, "LC_ALL": "C", "HOME": folder.path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        try "".write(toFile: folder.file("out"), atomically: false, encoding: .utf8)
        try "".write(toFile: folder.file("err"), atomically: false, encoding: .utf8)
        process.standardOutput = FileHandle(forWritingAtPath: folder.file("out"))
        process.standardError = FileHandle(forWritingAtPath: folder.file("err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A prompt that org asks against expectations would wait on standard input, which is
        // empty, so Emacs should end; the limit is there should it not.
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return Run(
            printed: try String(contentsOfFile: folder.file("out"), encoding: .utf8),
            said: try String(contentsOfFile: folder.file("err"), encoding: .utf8), status: process.terminationStatus)
    }
}
