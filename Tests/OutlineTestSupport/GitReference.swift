import Foundation

/// The real git, for the tests that take it as the judge of line diffs (`git diff`) and
/// three-way merges (`git merge-file`) of notes. It runs in a folder of its own, which is also
/// its home, outside any repository, so that no one's settings count.
public final class GitReference: @unchecked Sendable {
    /// The folder the texts are written to and git runs in.
    public let folder = TemporaryDirectory()

    /// A git with no settings.
    public init() {}

    /// What one merge gave.
    public struct Merge {
        /// The merged text's bytes, with conflict markers where there are conflicts.
        public var printed: [UInt8]
        /// How many conflicts git found: 0 for a clean merge.
        public var conflicts: Int32
    }

    /// `git merge-file -p --diff3 ours base theirs` of the three texts.
    public func mergeFile(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws -> Merge {
        try write(["base": base, "ours": ours, "theirs": theirs])
        let (status, printed) = try run(["merge-file", "-p", "--diff3", "ours", "base", "theirs"])
        // The status is the number of conflicts; above 127, git failed.
        guard status <= 127 else { throw Failure(message: "git merge-file exited \(status)") }
        return Merge(printed: printed, conflicts: status)
    }

    /// One hunk of a diff: `oldCount` lines from `oldStart` (counted from 0) became `newCount`
    /// lines from `newStart`.
    public struct Hunk: Equatable, CustomStringConvertible {
        /// The first old line replaced, or the one inserted before.
        public var oldStart: Int
        /// How many old lines.
        public var oldCount: Int
        /// The first new line.
        public var newStart: Int
        /// How many new lines.
        public var newCount: Int
        /// The hunk, as `-start,count +start,count` counted from 0.
        public var description: String { "-\(oldStart),\(oldCount) +\(newStart),\(newCount)" }

        /// A hunk of the given lines.
        public init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int) {
            (self.oldStart, self.oldCount, self.newStart, self.newCount) = (oldStart, oldCount, newStart, newCount)
        }
    }

    /// The hunks of `git diff --no-index -U0 --no-indent-heuristic old new`: git's default
    /// (Myers) diff, placed as `git merge-file` places it, which does not use the indent heuristic.
    public func diff(old: [UInt8], new: [UInt8]) throws -> [Hunk] {
        try write(["old": old, "new": new])
        let (status, printed) = try run([
            "diff", "--no-index", "--no-color", "--no-ext-diff", "-U0", "--no-indent-heuristic",
            "--diff-algorithm=myers", "old", "new",
        ])
        // 0: no difference; 1: differences.
        guard status <= 1 else { throw Failure(message: "git diff exited \(status)") }
        // Split as bytes: a String takes "\r\n" as one character, which "\n" does not split.
        return try printed.split(separator: UInt8(ascii: "\n")).map { Substring(decoding: $0, as: UTF8.self) }
            .filter { $0.hasPrefix("@@ ") }.map(Self.hunk)
    }

    /// The hunk of a header `@@ -s,c +s,c @@`, where a missing count is 1 and an empty side
    /// names the line before it.
    private static func hunk(_ header: Substring) throws -> Hunk {
        let fields = header.split(separator: " ")
        func range(_ field: Substring) throws -> (Int, Int) {
            let parts = field.dropFirst().split(separator: ",").map { Int($0) }
            guard let start = parts.first ?? nil, parts.count <= 2, let count = parts.count == 2 ? parts[1] : 1 else {
                throw Failure(message: "unreadable hunk header: \(header)")
            }
            return (count == 0 ? start : start - 1, count)
        }
        guard fields.count >= 3 else { throw Failure(message: "unreadable hunk header: \(header)") }
        let (oldStart, oldCount) = try range(fields[1])
        let (newStart, newCount) = try range(fields[2])
        return Hunk(oldStart: oldStart, oldCount: oldCount, newStart: newStart, newCount: newCount)
    }

    /// Writes each text to the file of its name.
    private func write(_ files: [String: [UInt8]]) throws {
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder.file(name))) }
    }

    /// Runs `git arguments...` in the folder; its status and what it printed.
    private func run(_ arguments: [String]) throws -> (Int32, [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = [
            "HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CEILING_DIRECTORIES": folder.path, "LC_ALL": "C",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        try Data().write(to: URL(fileURLWithPath: folder.file("out")))
        process.standardOutput = FileHandle(forWritingAtPath: folder.file("out"))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let printed = try Data(contentsOf: URL(fileURLWithPath: folder.file("out")))
        return (process.terminationStatus, [UInt8](printed))
    }

    /// A run that git could not make.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
