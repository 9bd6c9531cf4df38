import ArgumentParser
import Foundation
import Testing

@testable import OutlineCommands

@Suite("Command names and options")
struct CommandNamesTests {
    /// The runner's names must be exactly the subcommands the parser describes, and every
    /// subcommand must name itself (a derived name costs a demangling on every parse).
    @Test func theListMatchesTheSubcommands() throws {
        let declared = Outline.configuration.subcommands.map { $0.configuration.commandName }
        #expect(declared.allSatisfy { $0 != nil }, "every subcommand names itself")
        let dump = try OutlineProcess.run(["--experimental-dump-help"], input: nil)
        let json = try #require(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let subcommands = try #require((json["command"] as? [String: Any])?["subcommands"] as? [[String: Any]])
        let described = Set(subcommands.compactMap { $0["commandName"] as? String }).subtracting(["help"])
        #expect(described == Set(Outline.commandNames))
    }

    /// A plain command is parsed by its subcommand alone; naming the tool as its super-command
    /// spares that parse the search for a completion-script request. A subcommand that forgot
    /// would still work, only slower, so this is checked here.
    @Test func everySubcommandNamesTheToolAsItsSuperCommand() {
        let missing = Outline.configuration.subcommands.filter {
            $0.configuration._superCommandName != Outline.toolName
        }
        #expect(missing.isEmpty, "\(missing.map { $0.configuration.commandName ?? "?" })")
    }

    /// Every command takes --db and --json (`TakesGlobalOptions`), and checks them, whatever else
    /// it checks.
    @Test func everyCommandTakesAndChecksTheGlobalOptions() throws {
        func leaves(_ type: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
            let inner = type.configuration.subcommands
            return inner.isEmpty ? [type] : inner.flatMap(leaves)
        }
        let missing = Outline.configuration.subcommands.flatMap(leaves).filter { !($0 is any TakesGlobalOptions.Type) }
        #expect(missing.isEmpty, "\(missing.map { $0.configuration.commandName ?? "?" })")
        let commandLines = [
            "add x", "ls", "show 1", "find x", "rm 1", "mv 1 --under 2", "cp 1 --under 2", "edit 1 t", "edit --print",
            "done 1", "reopen 1", "set 1 --tag x", "workflow", "tags", "agenda", "note 1", "sort 1", "export",
            "import -", "undo",
            "redo", "history", "watch", "tui", "check",
            "reindex", "sync", "sync init r", "sync status", "sync compact", "sync remote r", "conflicts",
            "conflicts take 1", "conflicts dismiss 1",
        ]
        for line in commandLines {
            let arguments = line.split(separator: " ").map(String.init) + ["--db", ""]
            let result = try OutlineProcess.run(arguments, input: Data())
            #expect(result.status == 64, "\(line): \(result)")
            #expect(
                result.stderr.hasPrefix("error: --db needs a path; it was given an empty one"), "\(line): \(result)")
        }
        let typed = Set(commandLines.map { String($0.split(separator: " ")[0]) })
        #expect(typed == Set(Outline.commandNames), "every command is tried")
    }

    /// The runner hands operands over after parsing to exactly the commands that take a list.
    /// `ls --sections` writes out what swift-argument-parser would derive from the cases (to spare
    /// two conformance scans a start): it must say the same.
    @Test func theSectionKeysAreTheCases() throws {
        typealias Keys = Outline.List.SectionOption
        #expect(Keys.allValueStrings == Keys.allCases.map(\.rawValue))
        #expect(Keys.allValueStrings.allSatisfy { Keys(argument: $0) != nil })
        #expect(Keys.allValueDescriptions.isEmpty)
        // Help and completions read them as the parser describes the option.
        let json = try JSONSerialization.jsonObject(with: Data(Outline.List._dumpHelp().utf8)) as? [String: Any]
        let arguments = (json?["command"] as? [String: Any])?["arguments"] as? [[String: Any]] ?? []
        let sections = try #require(arguments.first { $0["valueName"] as? String == "key" })
        #expect(sections["allValues"] as? [String] == Keys.allCases.map(\.rawValue))
        let completion = (sections["completionKind"] as? [String: Any])?["list"] as? [String: Any]
        #expect(completion?["values"] as? [String] == Keys.allCases.map(\.rawValue))
    }

    @Test func theCommandsWithCommandsAreListed() {
        let withCommands = Outline.configuration.subcommands.filter { !$0.configuration.subcommands.isEmpty }
        #expect(withCommands.map(ObjectIdentifier.init) == Outline.commandsWithCommands.map(ObjectIdentifier.init))
        #expect(Outline.nestedCommandNames(of: "sync").contains("status"))
        #expect(Outline.nestedCommandNames(of: "add").isEmpty)
    }

    @Test func theOperandListCommandsAreThoseThatTakeAList() {
        let conforming = Outline.configuration.subcommands.compactMap { $0 as? any TakesOperandList.Type }
        let listed = Outline.operandListCommands
        #expect(conforming.count == listed.count)
        #expect(conforming.allSatisfy { type in listed.contains { $0 == type } })
    }

    /// The runner splits operands from options by the generated `valueOptions`; a missing entry
    /// would turn an option's value into a title or an id. The parser's own description is the
    /// reference.
    @Test(arguments: ["add", "rm", "mv", "cp", "done", "reopen"])
    func optionsWithValuesMatchTheParser(command: String) throws {
        let declared = FastParsers.valueOptions(of: command)
        let dump = try OutlineProcess.run([command, "--experimental-dump-help"], input: nil)
        let json = try #require(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let arguments = try #require((json["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        let parsers = arguments.filter { $0["kind"] as? String == "option" }.flatMap { argument in
            (argument["names"] as? [[String: String]] ?? []).map { name in
                (name["kind"] == "long" ? "--" : "-") + (name["name"] ?? "")
            }
        }
        #expect(Set(parsers) == Set(declared))
    }

    /// Tens of thousands of operands are split off before parsing (see `TakesOperandList`).
    @Test func operandsAreSplitFromOptions() {
        let split = OperandSplit(
            ["a", "--under", "3", "-", "--json", "b", "--at=2", "--", "--not-an-option", "c"], for: Outline.Add.self)
        #expect(split.operands == ["a", "-", "b", "--not-an-option", "c"])
        #expect(split.forParser == ["--under", "3", "--json", "--at=2", "--", "a"])
        let refs = OperandSplit(["4", "x", "a//b", "5", "--db", "f.db"], for: Outline.Remove.self)
        #expect(refs.forParser == ["--db", "f.db", "--", "a//b"], "the parser sees the operand it refuses")
    }
}
