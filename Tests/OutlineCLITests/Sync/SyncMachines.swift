import Foundation
import OutlineTestSupport
import Testing

/// A sync suite whose machines are outline files in one temporary folder: what every such suite
/// needs, written once.
protocol SyncMachines {
    /// The folder that holds the machines' files and the remote.
    var folder: TemporaryDirectory { get }
}

extension SyncMachines {
    /// One machine's outline file.
    typealias Machine = SyncCommandTests.Machine

    /// The machine whose file is `NAME.db` in the folder.
    func machine(_ name: String) -> Machine { Machine(database: folder.file(name + ".db")) }

    /// Starts `outline --db DATABASE ARGUMENTS` without waiting for it, its output discarded.
    func start(_ machine: Machine, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: OutlineProcess.binary)
        process.arguments = ["--db", machine.database] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs git (`in` a repository, as `git -C`) as a person with a name of their own, never
    /// asking for a password, and expects it to succeed: how a suite commits to a remote by
    /// hand.
    @discardableResult
    func gitAsSomeone(_ arguments: [String], in directory: String? = nil) throws -> RunResult {
        let identity = ["-c", "user.name=someone", "-c", "user.email=someone@example.com"]
        let result = try OutlineProcess.run(
            (directory.map { ["-C", $0] } ?? []) + identity + arguments, input: nil,
            environment: ["GIT_TERMINAL_PROMPT": "0"], executable: "/usr/bin/git")
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        return result
    }

    /// Every row of the machine's file, to show that a refused round changed nothing.
    func dump(_ machine: Machine) throws -> String { try OutlineProcess.sqlite(machine.database, ".dump") }
}

/// A sync suite that starts from one machine tied to a fresh bare remote.
protocol TiedSyncMachine: SyncMachines {}

extension TiedSyncMachine {
    /// A bare repository in the folder; its path.
    func makeRemote() throws -> String {
        let path = folder.file("remote.git")
        let made = try OutlineProcess.run(
            ["init", "--quiet", "--bare", path], input: nil, executable: "/usr/bin/git")
        #expect(made.status == 0, "\(made)")
        return path
    }

    /// A machine tied to a fresh remote, with one change waiting to be sent.
    func tiedMachine() throws -> (Machine, String) {
        let remote = try makeRemote()
        let laptop = machine("laptop")
        try laptop.run(["add", "Groceries"])
        #expect(try laptop.run(["sync", "init", remote]).status == 0)
        try laptop.run(["add", "Milk", "--under", "Groceries"])
        return (laptop, remote)
    }
}
