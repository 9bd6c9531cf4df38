import Foundation
import Testing

/// A command line that names no command, or one that does not exist, is answered with one line
/// that suggests the nearest command where one is near.
@Suite("Missing, unknown and mistyped commands")
struct UnknownCommandTests {
    let outline = OutlineProcess()

    @Test(arguments: [
        ("histroy", "history"), ("list", "ls"), ("remove", "rm"), ("delete", "rm"), ("move", "mv"),
        ("rename", "edit"), ("ad", "add"), ("undoo", "undo"), ("wacth", "watch"), ("hist", "history"),
        ("hlep", "help"),
    ])
    func aMistypedCommandGetsTheNearest(typed: String, meant: String) throws {
        let result = try outline.run([typed, "1"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: unknown command '\(typed)'; did you mean '\(meant)'? (see 'outline --help')\n")
    }

    @Test func aWordFarFromEveryCommandGetsNoGuess() throws {
        let result = try outline.run(["frobnicate"])
        #expect(result.stderr == "error: unknown command 'frobnicate' (see 'outline --help')\n")
    }

    /// A word after `sync` that names none of its commands is a mistyped command (the parser
    /// called it an unexpected argument), and `--db` with nothing after it lacks its path.
    @Test func aMistypedNestedCommandAndABareDatabaseOption() throws {
        for arguments in [["sync", "statsu"], ["sync", "--json", "statsu"]] {
            let typo = try outline.run(arguments)
            #expect(typo.status == 64)
            #expect(
                typo.stderr
                    == "error: unknown command 'sync statsu'; did you mean 'status'? (see 'outline sync --help')\n")
        }
        let far = try outline.run(["sync", "frobnicate"])
        #expect(far.stderr == "error: unknown command 'sync frobnicate' (see 'outline sync --help')\n")
        // Operands of the nested commands are not taken for commands.
        let remote = try outline.run(["sync", "init"])
        #expect(remote.stderr == "error: missing expected argument '<remote>' (see 'outline sync init --help')\n")
        // `help` of a nested command that does not exist says so too (it showed sync's help).
        let help = try outline.run(["help", "sync", "statsu"], useDatabaseOption: false)
        #expect(help.status == 64)
        #expect(
            help.stderr == "error: unknown command 'sync statsu'; did you mean 'status'? (see 'outline sync --help')\n")
        // An unknown option before the command gets the words and suggestions of one after it.
        for (typed, meant) in [("--js", "--json"), ("--jsn", "--json")] {
            let top = try outline.run([typed, "ls"], useDatabaseOption: false)
            #expect(top.status == 64)
            #expect(
                top.stderr == "error: unknown option '\(typed)' (did you mean '\(meant)'?) (see 'outline --help')\n")
        }
        let bare = try outline.run(["--db"], useDatabaseOption: false)
        #expect(bare.status == 64)
        #expect(bare.stderr == "error: missing value for '--db <path>' (see 'outline --help')\n")
    }

    @Test func missingAndUnknownCommands() throws {
        let none = try outline.run([])
        #expect(none.status == 64)
        #expect(none.stderr == "error: name a command, such as 'outline ls' (see 'outline --help')\n")
        let unknown = try outline.run(["frob"], useDatabaseOption: false)
        #expect(unknown.stderr == "error: unknown command 'frob' (see 'outline --help')\n")
    }
}
