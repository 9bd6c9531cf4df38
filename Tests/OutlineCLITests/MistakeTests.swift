import Foundation
import Testing

/// The mistakes a new user makes in the first hour, each answered with one clear line and an
/// unchanged disk.
@Suite("Mistakes people make")
struct MistakeTests {
    let outline = OutlineProcess()

    /// Looking never creates a database: a named file that is missing is refused as a likely typo.
    @Test(arguments: [
        ["ls"], ["ls", "--tsv"], ["history"], ["undo", "--dry-run"], ["redo", "--dry-run"], ["check"],
        ["watch", "--json"], ["undo"], ["rm", "1"], ["mv", "1", "--under", "0"], ["edit", "1", "x"],
        ["show", "1"], ["show", "Milk"], ["ls", "Milk"], ["find", "milk"], ["reindex"],
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
        #expect(try run(["check"]).stdout == "ok: 0 items, schema 6, no problems found\n")
        #expect(try run(["undo", "--dry-run"]).stderr == "error: nothing to undo\n")
        #expect(try run(["rm", "1"]).stderr == "error: no item with id 1\n")
        #expect(try run(["find", "milk"]).stdout == "")
        #expect(try run(["show", "Milk"]).stderr == "error: no item titled \"Milk\"\n")
        #expect(try run(["reindex"]).stdout == "indexed the titles of 0 items\n")
        #expect(!FileManager.default.fileExists(atPath: home), "nothing created, not even the folder")
        #expect(try run(["add", "Milk"]).stdout == "1\n")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/outline/outline.db"))
        #expect(try run(["ls", "--tsv"]).stdout == "1\t0\t1\t1\tMilk\t0\n")
    }

    /// Watching the default database before it exists creates nothing: it waits for the first
    /// change to make the file, and reports that change too.
    @Test func watchWaitsForTheDefaultDatabaseWithoutCreatingIt() throws {
        let home = outline.directory + "/home"
        let environment = ["HOME": home, "XDG_DATA_HOME": "", "OUTLINE_DB": ""]
        let watch = try BackgroundWatch(
            [], database: nil, environment: environment, waitingFor: "waiting for the first change")
        usleep(300_000)
        #expect(!FileManager.default.fileExists(atPath: home))
        #expect(try outline.run(["add", "Milk"], environment: environment, useDatabaseOption: false).status == 0)
        #expect(try outline.run(["add", "Eggs"], environment: environment, useDatabaseOption: false).status == 0)
        let lines = watch.lines(count: 2)
        #expect(watch.stop() == 0)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"step":1,"action":"add \"Milk\""#) == true, "\(lines)")
        #expect(lines.last?.hasPrefix(#"{"step":2,"action":"add \"Eggs\""#) == true, "\(lines)")
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

    /// `help COMMAND` for a command that does not exist says so, rather than show the tool's help.
    @Test func helpForAnUnknownCommandSaysSo() throws {
        let typo = try outline.run(["help", "ad"], useDatabaseOption: false)
        #expect(typo.status == 64)
        #expect(typo.stderr == "error: unknown command 'ad'; did you mean 'add'? (see 'outline --help')\n")
        let far = try outline.run(["help", "frobnicate"], useDatabaseOption: false)
        #expect(far.stderr == "error: unknown command 'frobnicate' (see 'outline --help')\n")
        #expect(try outline.run(["help", "add"], useDatabaseOption: false).stdout.hasPrefix("OVERVIEW: Add items"))
    }

    /// The parser would complain about the operand first; the mistake is the option.
    /// A group of short options that holds `h` asks for help, as `ls -dh` does, in the commands
    /// that take a list of operands too (it crashed them).
    @Test(arguments: [["add", "-dash", "x"], ["rm", "-hx", "1"], ["mv", "-xh", "1"], ["done", "-ah", "1"]])
    func aShortOptionGroupHoldingHAsksForHelp(arguments: [String]) throws {
        try outline.run(["add", "Milk"])
        let result = try outline.run(arguments)
        #expect(result.status == 0 && result.stdout.hasPrefix("OVERVIEW: "), "\(result)")
        #expect(try outline.run(["ls", "--tsv"]).stdout == "1\t0\t1\t1\tMilk\t0\n")
    }

    @Test func theRefusedWordIsTheUnknownOption() throws {
        try outline.run(["add", "Milk"])
        let grep = try outline.run(["ls", "--grep", "milk"])
        #expect(grep.status == 64)
        #expect(grep.stderr == "error: unknown option '--grep' (see 'outline ls --help')\n")
        let typo = try outline.run(["undo", "--dryrun"])
        #expect(
            typo.stderr == "error: unknown option '--dryrun' (did you mean '--dry-run'?) (see 'outline undo --help')\n")
        // The start of one option's name, three letters or more, is taken for that option.
        let short = try outline.run(["history", "--lim", "3"])
        #expect(
            short.stderr == "error: unknown option '--lim' (did you mean '--limit'?) (see 'outline history --help')\n")
        let two = try outline.run(["ls", "--js"])
        #expect(two.stderr == "error: unknown option '--js' (did you mean '--json'?) (see 'outline ls --help')\n")
        let dry = try outline.run(["undo", "--dry"])
        #expect(dry.stderr == "error: unknown option '--dry' (did you mean '--dry-run'?) (see 'outline undo --help')\n")
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

    /// A title or REF that reads like a request for help (`help`, `-h`, `--version`) is an
    /// operand, and the command keeps its --db, --json and placement: it once went to the default
    /// database, with its options dropped.
    @Test func anOperandThatReadsLikeHelpKeepsTheCommandsOptions() throws {
        let home = outline.directory + "/home"
        let environment = ["HOME": home, "XDG_DATA_HOME": home + "/data"]
        #expect(try outline.run(["add", "Projects"], environment: environment).stdout == "1\n")
        #expect(try outline.run(["add", "help", "--under", "Projects"], environment: environment).stdout == "2\n")
        let json = try outline.run(
            ["--json", "add", "--under", "1", "--", "-h", "--version"], environment: environment)
        #expect(json.stdout.hasPrefix("{\"step\":3,"), "\(json)")
        #expect(
            try outline.run(["show", "Projects/help"], environment: environment).stdout.contains("id:          2\n"))
        #expect(try outline.run(["find", "help"], environment: environment).stdout == "2  /Projects/help\n")
        #expect(
            try outline.tsv() == [
                "1\t0\t1\t1\tProjects\t0", "2\t1\t1\t2\thelp\t0", "3\t1\t2\t2\t-h\t0", "4\t1\t3\t2\t--version\t0",
            ])
        #expect(!FileManager.default.fileExists(atPath: home), "the default database is never made")
    }

    /// A mistake in one of sync's own commands points at that command's page, not sync's.
    @Test(arguments: [
        (["sync", "init"], "missing expected argument '<remote>' (see 'outline sync init --help')"),
        (["sync", "status", "--bogus"], "unknown option '--bogus' (see 'outline sync status --help')"),
        (["sync", "compact", "extra"], "unexpected argument 'extra' (see 'outline sync compact --help')"),
        (["sync", "--bogus"], "unknown option '--bogus' (see 'outline sync --help')"),
    ])
    func aSyncMistakePointsAtItsOwnPage(arguments: [String], message: String) throws {
        let result = try outline.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == "error: \(message)\n")
    }

    @Test(arguments: [
        ["mv", "1", "--under", "2", "--under", "3"], ["mv", "1", "--under=2", "--under", "3"],
        ["add", "x", "--at", "1", "--at=2"], ["ls", "--depth", "1", "--depth", "2"],
        ["history", "--limit", "1", "--limit", "2"],
    ])
    func anOptionGivenTwiceIsRefused(command: [String]) throws {
        try outline.run(["add", "Groceries", "Dairy", "Bakery"])
        let before = try outline.tsv()
        let result = try outline.run(command)
        let option = command.first { $0.hasPrefix("--") }!.split(separator: "=")[0]
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "error: \(option) is given more than once; give it once (see 'outline \(command[0]) --help')\n")
        #expect(try outline.tsv() == before)
    }

    /// Only digits make an id (Int64's own parser would take "+1"): anything else is a title.
    @Test func aSignedNumberIsATitleNotAnID() throws {
        try outline.run(["add", "Milk"])
        let plus = try outline.run(["ls", "+1"])
        #expect(plus.status == 1)
        #expect(plus.stderr == "error: no item titled \"+1\"\n")
        try outline.run(["add", "--", "+1"])
        #expect(try outline.run(["show", "+1", "--json"]).stdout.contains(#""id":2,"uid":null,"title":"+1""#))
    }

    @Test func aFlagGivenTwiceIsHarmless() throws {
        try outline.run(["add", "Milk"])
        #expect(try outline.run(["--json", "ls", "--json"]).status == 0)
    }

    /// Among many lines of input, the error names the one to fix.
    @Test func aRefusedLineOfStandardInputIsNamed() throws {
        let lines = (1...16).map { "item \($0)" } + ["bell\u{7}here"] + ["item 18"]
        let result = try outline.run(["add", "-"], input: lines.joined(separator: "\n"))
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: standard input line 17: title \"bell\\x07here\" holds the control character U+0007; "
                + "titles are one line of text\n")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
        let blank = try outline.run(["add", "-"], input: "one\n\n\u{200B}\n")
        #expect(blank.stderr == "error: standard input line 3: a title cannot be empty\n")
    }
}
