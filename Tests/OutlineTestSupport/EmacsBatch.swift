import Foundation

/// Emacs run in batch mode, for the tests that take org-mode as their reference.
public enum EmacsBatch {
    /// What one run printed, and how it ended (its standard error holds Emacs's own messages).
    public typealias Run = ToolRun

    /// Where `emacs` is on PATH; nil where it is missing (`scripts/deps` installs emacs-nox).
    public static var path: String? { ToolRun.onPath("emacs") }

    /// Runs `emacs --batch -Q -l script arguments...` in `folder` (also its home, so that no
    /// one's init file is read), with the zone `zone`; nil when it ran for more than `limit`
    /// seconds and was stopped.
    public static func run(
        _ emacs: String, script: String, arguments: [String] = [], in folder: TemporaryDirectory,
        zone: String = "UTC", limit: TimeInterval = 60
    ) throws -> Run? {
        try script.write(toFile: folder.file("script.el"), atomically: true, encoding: .utf8)
        // A prompt that org asks against expectations would wait on standard input, which is
        // empty, so Emacs should end; the limit is there should it not.
        return try ToolRun.run(
            emacs, ["--batch", "-Q", "-l", folder.file("script.el")] + arguments,
            environment: [
                "TZ": zone, "LC_ALL": "C", "HOME": folder.path,
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            ], in: folder, limit: limit)
    }
}
