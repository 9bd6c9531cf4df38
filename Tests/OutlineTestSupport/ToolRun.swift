import Foundation

/// One run of an outside tool that tests take as a reference (Emacs, taskwarrior, Python), its
/// standard input, output and error in files of a temporary folder.
///
/// Files rather than pipes: a tool may say more on standard error than a pipe holds (Emacs says a
/// few lines a task), and then nothing need drain them while it runs.
public struct ToolRun {
    /// Its standard output.
    public var printed: String
    /// Its standard error: the tool's own messages.
    public var said: String
    /// Its exit status.
    public var status: Int32

    /// Where `name` is on PATH; nil where it is missing.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `tool arguments...` to its end, with `environment` (nil: this process's) and `input`
    /// on its standard input (nil: none), its output and error in `folder`.
    public static func run(
        _ tool: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
        in folder: TemporaryDirectory
    ) throws -> ToolRun {
        let process = try start(tool, arguments, environment: environment, input: input, in: folder)
        process.waitUntilExit()
        return try ended(process, in: folder)
    }

    /// The same, but stopped after `limit` seconds: nil then.
    public static func run(
        _ tool: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
        in folder: TemporaryDirectory, limit: TimeInterval
    ) throws -> ToolRun? {
        let process = try start(tool, arguments, environment: environment, input: input, in: folder)
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return try ended(process, in: folder)
    }

    /// What it printed, when it exited 0.
    ///
    /// - Throws: `ToolFailure` with `failure(self)` as its message when it did not.
    public func printedOnSuccess(orFailure failure: (ToolRun) -> String) throws -> String {
        guard status == 0 else { throw ToolFailure(message: failure(self)) }
        return printed
    }

    private static func start(
        _ tool: String, _ arguments: [String], environment: [String: String]?, input: String?,
        in folder: TemporaryDirectory
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let input {
            try input.write(toFile: folder.file("input"), atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: folder.file("input")))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        // Emptied first: a folder may serve several runs.
        for name in ["out", "err"] { try Data().write(to: URL(fileURLWithPath: folder.file(name))) }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("out")))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("err")))
        try process.run()
        return process
    }

    private static func ended(_ process: Process, in folder: TemporaryDirectory) throws -> ToolRun {
        // What it said is read as UTF-8 come what may: it is for a person, in a failure's message.
        let said = try Data(contentsOf: URL(fileURLWithPath: folder.file("err")))
        return ToolRun(
            printed: try String(contentsOfFile: folder.file("out"), encoding: .utf8),
            said: String(decoding: said, as: UTF8.self), status: process.terminationStatus)
    }
}

/// A tool that is missing, or that failed, with what it said.
public struct ToolFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}
