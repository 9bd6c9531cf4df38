import Testing

@testable import outline

@Suite("Command names")
struct CommandNamesTests {
    /// The runner's list of names must be exactly the subcommands' own names.
    @Test func theListMatchesTheSubcommands() {
        let declared = Outline.configuration.subcommands.map { $0.configuration.commandName }
        #expect(declared.allSatisfy { $0 != nil }, "every subcommand names itself")
        #expect(Set(declared.compactMap { $0 }) == Outline.commandNames)
    }
}
