import Foundation
import Testing

/// `--help`, `help COMMAND` and `-h` inside a group of short options.
@Suite("Help")
struct HelpTests {
    let outline = OutlineProcess()

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

    @Test func helpHasExamplesForEveryCommand() throws {
        for command in ["add", "ls", "rm", "mv", "edit", "undo", "redo", "history", "watch", "check"] {
            let help = try outline.run([command, "--help"], useDatabaseOption: false)
            #expect(help.status == 0)
            #expect(help.stdout.contains("Examples:"), "\(command) --help")
            // A paragraph is joined with a trailing backslash in the source; one left in the text
            // means the join went wrong.
            #expect(!help.stdout.contains("\\\n"), "\(command) --help has a stray backslash")
            #expect(help.stdout.contains("USAGE: outline \(command)"))
        }
        #expect(try outline.run(["--help"], useDatabaseOption: false).stdout.contains("SUBCOMMANDS:"))
    }
}
