import Foundation
import OutlineTestSupport
import Testing

/// sync when the transport misbehaves: a remote that cannot be written.
@Suite("sync transport faults")
struct SyncTransportFaultTests {
    let folder = TemporaryDirectory()
    typealias Machine = SyncCommandTests.Machine

    func machine(_ name: String) -> Machine { Machine(database: folder.file(name + ".db")) }

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

    func dump(_ machine: Machine) throws -> String { try OutlineProcess.sqlite(machine.database, ".dump") }

    /// A read-only remote (its objects or its refs cannot be written) refuses the push; the
    /// error keeps git's reason. It said "unpacker error" for the one, and "other machines
    /// pushed first 20 times in a row" for the other, which it took for a race.
    @Test func aReadOnlyRemoteRefusesWithGitsReason() throws {
        let (laptop, remote) = try tiedMachine()
        let runner = try BadFileRunner.asAnotherUser(sharing: folder.path)
        if getuid() == 0 {
            // The files are the other user's, as they would be on their machine (git also refuses
            // a repository that belongs to someone else).
            let owned = try OutlineProcess.run(
                ["-R", "65534:65534", folder.path], input: nil, executable: "/bin/chown")
            #expect(owned.status == 0, "\(owned)")
        }
        func chmod(_ mode: String, _ path: String) throws {
            let changed = try OutlineProcess.run(["-R", mode, path], input: nil, executable: "/bin/chmod")
            #expect(changed.status == 0, "\(changed)")
        }
        let cases = [
            ("objects", "remote unpack failed: unable to create temporary object directory"),
            ("refs", "cannot lock ref 'refs/heads/main': Unable to create '"),
        ]
        for (part, reason) in cases {
            try chmod("a-w", remote + "/" + part)
            let before = try dump(laptop)
            let refused = try runner.run(["--db", laptop.database, "sync"])
            try chmod("u+w", remote + "/" + part)
            #expect(refused.status == 1, "\(part): \(refused)")
            #expect(
                refused.stderr.hasPrefix("error: '\(remote)' refused this machine's changes: \(reason)"),
                "\(part): \(refused)")
            #expect(refused.stderr.hasSuffix("; they are kept for the next sync\n"), "\(part): \(refused)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(part): \(refused)")
            #expect(try dump(laptop) == before, "\(part)")
        }
        #expect(try runner.run(["--db", laptop.database, "sync"]).stdout == "synced with '\(remote)': sent 1 change\n")
    }
}
