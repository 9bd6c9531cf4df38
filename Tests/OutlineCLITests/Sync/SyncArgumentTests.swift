import Foundation
import OutlineTestSupport
import Testing

/// What a database file holds reaches git only as what it is: a remote that begins with `-`
/// is not an option, an `ext::` remote runs no command, a stored commit id is an id. The
/// database may come from anywhere (a backup, a copy a colleague sent), so none of it may run
/// a program or change a file outside it.
@Suite("sync arguments from the database file")
struct SyncArgumentTests: TiedSyncMachine {
    let folder = TemporaryDirectory()

    func setStored(_ machine: Machine, _ name: String, to value: String) throws {
        let quoted = value.replacingOccurrences(of: "'", with: "''")
        try OutlineProcess.sqlite(
            machine.database, "UPDATE sync_config SET value = '\(quoted)' WHERE name = '\(name)'")
    }

    /// The fault of `remote-option.sh`: the stored remote reached `git fetch` as
    /// `--upload-pack=...`, which ran its command.
    @Test func aStoredRemoteThatBeginsWithADashIsRefusedAndRunsNothing() throws {
        let (laptop, remote) = try tiedMachine()
        let marker = folder.file("PWNED")
        let hostile = "--upload-pack=touch \(marker);"
        try setStored(laptop, "remote", to: hostile)
        let before = try dump(laptop)
        for command in [["sync"], ["sync", "compact"], ["sync", "run", "--json"]] {
            let refused = try laptop.run(command)
            #expect(refused.status == 1, "\(command): \(refused)")
            #expect(
                refused.stderr
                    == "error: the remote this outline stores, '\(hostile)', is not a remote: it begins with '-', "
                    + "which git reads as an option; nothing was changed; set the remote with 'outline sync remote URL'\n",
                "\(command): \(refused)")
            #expect(refused.stdout == "")
            #expect(!FileManager.default.fileExists(atPath: marker), "\(command) ran the stored command")
            #expect(try dump(laptop) == before, "\(command)")
        }
        // The way out the error gives.
        #expect(try laptop.run(["sync", "remote", remote]).status == 0)
        #expect(try laptop.run(["sync"]).stdout == "synced with '\(remote)': sent 1 change\n")
    }

    /// The same remote typed on the command line (after `--`, where the parser takes it) is
    /// refused before anything is stored or made.
    @Test func aGivenRemoteThatBeginsWithADashIsRefused() throws {
        let marker = folder.file("PWNED")
        let hostile = "--upload-pack=touch \(marker);"
        let fresh = machine("fresh")
        let start = try fresh.run(["sync", "init", "--", hostile])
        #expect(start.status == 64, "\(start)")
        #expect(
            start.stderr.hasPrefix(
                "error: '\(hostile)' is not a remote: it begins with '-', which git reads as an option; "
                    + "write a path that begins with '-' as './\(hostile)'"), "\(start)")
        #expect(start.stderr.split(separator: "\n").count == 1, "\(start)")
        #expect(!FileManager.default.fileExists(atPath: fresh.database))
        #expect(!FileManager.default.fileExists(atPath: fresh.database + ".sync"))

        let (laptop, remote) = try tiedMachine()
        let before = try dump(laptop)
        let move = try laptop.run(["sync", "remote", "--", hostile])
        #expect(move.status == 64, "\(move)")
        #expect(move.stderr.hasPrefix("error: '\(hostile)' is not a remote: it begins with '-'"), "\(move)")
        #expect(move.stderr.split(separator: "\n").count == 1, "\(move)")
        #expect(try dump(laptop) == before)
        #expect(try laptop.run(["sync", "status"]).stdout.hasPrefix("remote: \(remote)\n"))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// git's `ext::` transport runs a command. git refuses it unless configured to allow it;
    /// outline refuses it even where the user's git configuration allows it, given or stored.
    @Test func anExtRemoteRunsNoCommandEvenWhereGitIsConfiguredToAllowIt() throws {
        let home = folder.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "[protocol \"ext\"]\n\tallow = always\n".write(
            toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config"]
        let marker = folder.file("PWNED")
        let hostile = "ext::sh -c touch% \(marker)"

        let fresh = machine("fresh")
        try fresh.run(["add", "Groceries"])
        let start = try OutlineProcess.run(
            ["--db", fresh.database, "sync", "init", hostile], input: nil, environment: environment)
        #expect(start.status == 1, "\(start)")
        #expect(start.stderr.hasPrefix("error: cannot reach '\(hostile)': "), "\(start)")
        #expect(start.stderr.split(separator: "\n").count == 1, "\(start)")
        #expect(!FileManager.default.fileExists(atPath: marker), "sync init ran the ext:: command")

        let (laptop, _) = try tiedMachine()
        try setStored(laptop, "remote", to: hostile)
        let before = try dump(laptop)
        let round = try OutlineProcess.run(["--db", laptop.database, "sync"], input: nil, environment: environment)
        #expect(round.status == 1, "\(round)")
        #expect(round.stderr.hasPrefix("error: cannot reach '\(hostile)': "), "\(round)")
        #expect(!FileManager.default.fileExists(atPath: marker), "sync ran the stored ext:: command")
        #expect(try dump(laptop) == before)
    }

    /// The commit ids the file stores reach git as revisions; one that is not an id (here an
    /// option that writes a file, for `git rev-list` and `git log`) is refused before any git runs.
    @Test func aStoredCommitThatIsNotAnIDIsRefused() throws {
        let (laptop, _) = try tiedMachine()
        let target = folder.file("written")
        for (name, words) in [("last_commit", "last commit synced"), ("pushing", "commit being pushed")] {
            let original = try OutlineProcess.sqlite(
                laptop.database, "SELECT value FROM sync_config WHERE name = '\(name)'")
            if original.isEmpty {
                try OutlineProcess.sqlite(
                    laptop.database, "INSERT INTO sync_config (name, value) VALUES ('\(name)', 'x')")
            }
            let hostile = "--output=\(target)"
            try setStored(laptop, name, to: hostile)
            let before = try dump(laptop)
            let refused = try laptop.run(["sync"])
            #expect(refused.status == 1, "\(name): \(refused)")
            #expect(
                refused.stderr
                    == "error: this outline's sync settings were changed outside outline: its \(words) is "
                    + "'\(hostile)', which is not a commit id; nothing was changed\n", "\(name): \(refused)")
            #expect(try dump(laptop) == before, "\(name)")
            #expect(!FileManager.default.fileExists(atPath: target))
            if original.isEmpty {
                try OutlineProcess.sqlite(laptop.database, "DELETE FROM sync_config WHERE name = '\(name)'")
            } else {
                try setStored(laptop, name, to: original)
            }
        }
        #expect(try laptop.run(["sync"]).stdout.hasSuffix("sent 1 change\n"))
    }
}
