import Foundation
import Testing

/// `--db`, `$OUTLINE_DB` and the default database: which file a command opens, and that looking
/// never creates one.
@Suite("Which database a command opens")
struct DatabasePathTests {
    let outline = OutlineProcess()

    @Test func theDatabaseComesFromTheEnvironment() throws {
        let viaVariable = outline.directory + "/from-env.db"
        let result = try outline.run(["add", "x"], environment: ["OUTLINE_DB": viaVariable], useDatabaseOption: false)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: viaVariable))
        let xdg = outline.directory + "/xdg"
        try outline.run(["add", "y"], environment: ["OUTLINE_DB": "", "XDG_DATA_HOME": xdg], useDatabaseOption: false)
        #expect(FileManager.default.fileExists(atPath: xdg + "/outline/outline.db"))
    }

    /// Looking never creates a database: a named file that is missing is refused as a likely typo.
    @Test(arguments: [
        ["ls"], ["ls", "--tsv"], ["history"], ["undo", "--dry-run"], ["redo", "--dry-run"], ["check"],
        ["watch", "--json"], ["undo"], ["rm", "1"], ["mv", "1", "--under", "0"], ["edit", "1", "x"],
        ["show", "1"], ["show", "Milk"], ["ls", "Milk"], ["find", "milk"], ["reindex"], ["tags"], ["agenda"],
        ["workflow"], ["find", "--tag", "work"], ["set", "1", "--tag", "x"],
    ])
    func aMissingNamedDatabaseIsRefusedNotCreated(command: [String]) throws {
        let viaOption = try outline.run(command)
        #expect(viaOption.status == 1)
        #expect(viaOption.stderr == "error: no outline at \(outline.database)\n")
        let viaEnvironment = try outline.run(
            command, environment: ["OUTLINE_DB": outline.database], useDatabaseOption: false)
        #expect(viaEnvironment.status == 1)
        #expect(viaEnvironment.stderr == "error: no outline at \(outline.database)\n")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
        #expect(!FileManager.default.fileExists(atPath: outline.directory + "/outline.db-wal"))
    }

    /// The default database that has not been used yet reads as an empty outline, and stays
    /// uncreated until something is added.
    @Test func theDefaultDatabaseReadsAsEmptyUntilTheFirstAdd() throws {
        let home = outline.directory + "/home"
        let environment = ["HOME": home, "XDG_DATA_HOME": "", "OUTLINE_DB": ""]
        func run(_ arguments: [String]) throws -> RunResult {
            try outline.run(arguments, environment: environment, useDatabaseOption: false)
        }
        #expect(try run(["ls"]).stdout == "")
        #expect(try run(["ls", "--json"]).stdout == "[]\n")
        #expect(try run(["history"]).status == 0)
        #expect(try run(["check"]).stdout == "ok: 0 items, schema 10, no problems found\n")
        #expect(try run(["undo", "--dry-run"]).stderr == "error: nothing to undo\n")
        #expect(try run(["rm", "1"]).stderr == "error: no item with id 1\n")
        #expect(try run(["find", "milk"]).stdout == "")
        #expect(try run(["show", "Milk"]).stderr == "error: no item titled \"Milk\"\n")
        #expect(try run(["reindex"]).stdout == "indexed the titles of 0 items\n")
        #expect(try run(["tags"]).stdout == "")
        #expect(try run(["agenda"]).stdout == "")
        #expect(try run(["workflow"]).stdout == "TODO | DONE\n")
        #expect(!FileManager.default.fileExists(atPath: home), "nothing created, not even the folder")
        // Setting the workflow is a change: it makes the outline, as add does, and is kept.
        #expect(try run(["workflow", "NEXT | DONE"]).stdout == "NEXT | DONE\n")
        #expect(try run(["workflow"]).stdout == "NEXT | DONE\n")
        #expect(try run(["undo"]).stdout == "undone: workflow \"NEXT | DONE\"\n")
        #expect(try run(["add", "Milk"]).stdout == "1\n")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/outline/outline.db"))
        #expect(try run(["ls", "--tsv"]).stdout == "1\t0\t1\t1\tMilk\t0\n")
        #expect(try run(["check"]).stdout == "ok: 1 item, schema 10, no problems found\n")
    }

    /// A quoted `~` reaches outline unexpanded: say so rather than create a folder named `~`.
    @Test func anUnexpandedTildeGetsAHint() throws {
        let hint =
            "the shell did not expand '~' there (write $HOME instead, or leave the path unquoted and not after '=')"
        for command in [["ls"], ["add", "Milk"]] {
            let result = try OutlineProcess.run(
                command + ["--db", "~/groceries.db"], input: nil, environment: ["OUTLINE_DB": ""])
            #expect(result.status == 1)
            #expect(result.stderr == "error: no outline at ~/groceries.db; \(hint)\n", "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/~"))
    }

    @Test func anEmptyDatabasePathIsAUsageError() throws {
        let result = try OutlineProcess.run(["ls", "--db", ""], input: nil)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: --db needs a path; it was given an empty one"))
    }

    @Test func aPathStartingWithFileIsAFileNotAURI() throws {
        // SQLite as Debian builds it reads "file:..." as a URI: it opened real.db instead, and
        // created it for a command that only reads.
        let script =
            "cd \"$1\" && \"$0\" --db file:real.db add hello && \"$0\" --db file:real.db find hell"
            + " && \"$0\" --db file:other.db ls; echo \"exit $?\"; ls"
        let result = try OutlineProcess.run(
            ["sh", "-c", script, OutlineProcess.binary, outline.directory], input: nil, viaShell: true)
        #expect(result.stdout == "1\n1  /hello\nexit 1\nfile:real.db\n")
        #expect(result.stderr == "error: no outline at file:other.db\n")
    }

    @Test func aDanglingSymbolicLinkIsRefusedAndLeftAlone() throws {
        let link = outline.directory + "/link.db"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outline.directory + "/nowhere.db")
        let result = try OutlineProcess.run(["add", "x", "--db", link], input: nil)
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot open database '\(link)': it is a symbolic link to a missing file\n")
        #expect(!FileManager.default.fileExists(atPath: outline.directory + "/nowhere.db"))
    }
}
