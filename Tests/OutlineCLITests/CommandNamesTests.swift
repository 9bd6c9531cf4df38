import Foundation
import Testing

@testable import outline

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

    /// The runner hands operands over after parsing to exactly the commands that take a list.
    @Test func theOperandListCommandsAreThoseThatTakeAList() {
        let conforming = Outline.configuration.subcommands.compactMap { $0 as? any TakesOperandList.Type }
        let listed = Outline.operandListCommands
        #expect(conforming.count == listed.count)
        #expect(conforming.allSatisfy { type in listed.contains { $0 == type } })
    }

    /// The runner splits operands from options by `optionsWithValues`; a missing entry would turn an
    /// option's value into a title or an id. The parser's own description is the reference.
    @Test(arguments: [
        ("add", Outline.Add.optionsWithValues), ("rm", Outline.Remove.optionsWithValues),
        ("mv", Outline.Move.optionsWithValues),
    ])
    func optionsWithValuesMatchTheParser(command: String, declared: [String]) throws {
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
