import Foundation
import Testing

/// How the words of a command line are read: unknown and repeated options, operands that look
/// like options, global options in any place, and arguments that are not UTF-8.
@Suite("Options and operands")
struct OptionParsingTests {
    let outline = OutlineProcess()

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

    @Test func aFlagGivenTwiceIsHarmless() throws {
        try outline.run(["add", "Milk"])
        #expect(try outline.run(["--json", "ls", "--json"]).status == 0)
    }

    @Test func globalOptionsMayComeBeforeTheSubcommand() throws {
        #expect(try OutlineProcess.run(["--db", outline.database, "add", "x"], input: nil).stdout == "1\n")
        #expect(
            try OutlineProcess.run(["--db=\(outline.database)", "ls", "--tsv"], input: nil).stdout
                == "1\t0\t1\t1\tx\t0\n")
    }

    @Test func argumentsMustBeUTF8() throws {
        let result = try OutlineProcess.run(
            [
                "sh", "-c", "\"$0\" add \"$(printf 'bad\\377')\" --db \"$1\"; echo $?", OutlineProcess.binary,
                outline.database,
            ], input: nil, viaShell: true)
        #expect(result.stdout == "64\n")
        #expect(result.stderr == "error: argument 2 is not valid UTF-8 (titles and paths must be)\n")
        // A path from the environment with its bytes replaced would name another file.
        let fromEnvironment = try OutlineProcess.run(
            [
                "sh", "-c", "OUTLINE_DB=\"$(printf '%s/\\377.db' \"$1\")\" \"$0\" add x", OutlineProcess.binary,
                outline.directory,
            ],
            input: nil, viaShell: true)
        #expect(fromEnvironment.status == 1)
        #expect(fromEnvironment.stderr == "error: $OUTLINE_DB is not valid UTF-8; outline takes paths in UTF-8\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outline.directory).isEmpty)
    }
}
