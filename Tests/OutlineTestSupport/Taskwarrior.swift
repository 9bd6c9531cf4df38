import Foundation

/// The real taskwarrior (`task`, Debian's 2.6, which `scripts/deps` installs), with its data and
/// settings in a folder of its own, for the tests that take it as the judge of the taskwarrior
/// format.
public final class Taskwarrior: @unchecked Sendable {
    /// The folder that holds the task data and `.taskrc`.
    public let folder = TemporaryDirectory()
    /// The time zone `task` reads and writes local dates in.
    public let zone: String

    /// A taskwarrior with no tasks, in `zone`.
    public init(zone: String = "Europe/Paris") throws {
        self.zone = zone
        // No confirmation prompts, exports as one JSON array, and no news or hints on stderr.
        try "confirmation=off\njson.array=on\nnews.version=2.6.0\nverbose=nothing\n".write(
            toFile: folder.file("taskrc"), atomically: true, encoding: .utf8)
    }

    /// Where `task` is on PATH; nil where it is missing.
    public static var path: String? { ToolRun.onPath("task") }

    /// Runs `task arguments...` and returns what it printed.
    ///
    /// - Throws: `ToolFailure` when `task` is missing or exits with a status other than 0.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        guard let task = Self.path else { throw ToolFailure(message: "no task on PATH: run scripts/deps") }
        return try ToolRun.run(
            task, ["rc.confirmation=off"] + arguments,
            environment: [
                "TASKDATA": folder.path, "TASKRC": folder.file("taskrc"), "TZ": zone, "HOME": folder.path,
                "LC_ALL": "C",
            ], in: folder
        ).printedOnSuccess { "task \(arguments.joined(separator: " ")) failed: \($0.said)\($0.printed)" }
    }

    /// `task import` of `document`.
    public func importDocument(_ document: String) throws {
        try document.write(toFile: folder.file("import.json"), atomically: true, encoding: .utf8)
        try run(["import", folder.file("import.json")])
    }

    /// `task export`'s tasks, each a dictionary, in taskwarrior's order.
    public func tasks() throws -> [[String: Any]] {
        let json = try run(["export"])
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
    }
}
