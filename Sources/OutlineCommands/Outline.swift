import ArgumentParser

/// The root command: `outline SUBCOMMAND`.
///
/// Every subcommand names itself: without a `commandName`, swift-argument-parser derives the name
/// from the type's name, by demangling, on every parse (Docs/performance.md, "Fixes, in order").
package struct Outline: ParsableCommand {
    /// The tool's name. Every subcommand also gives it as its `_superCommandName`: the runner
    /// parses a plain command with its subcommand alone (`CommandLineRunner.parse`), and
    /// swift-argument-parser looks there for a completion-script request (reflecting over two
    /// commands of its own, at every start) only when the command has no super-command.
    /// Help, completion scripts and the man page come from the root, which does not read it
    /// (Docs/performance.md, "Measurements behind the code").
    static let toolName = "outline"

    /// The subcommands' names, for messages about the command line that precede parsing: read
    /// from the subcommands' own configurations, so that there is no second list to keep. (An
    /// array: the first `Set` of strings in a process costs a scan of every conformance record.)
    static let commandNames = configuration.subcommands.compactMap { $0.configuration.commandName }

    /// The subcommand named `name` (`ls`, `sync`), if there is one.
    static func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        configuration.subcommands.first { $0.configuration.commandName == name }
    }

    /// The tool's version, as `--version` prints it: a constant of its own, since reading it from
    /// `configuration` builds every subcommand's type metadata and configuration, which
    /// `outline --version` needs none of.
    static let version = "0.1.0"

    /// The names of the commands inside the subcommand named `name` (`sync`'s `init`, `status`,
    /// ...); none for most. Looked for among `commandsWithCommands` alone: the runner asks this
    /// of every command line that names `--db` or `--json`, and reading all the subcommands'
    /// configurations costs each type's metadata and witness tables (Docs/performance.md,
    /// "Measurements behind the code").
    static func nestedCommandNames(of name: String) -> [String] {
        let command = commandsWithCommands.first { $0.configuration.commandName == name }
        return command?.configuration.subcommands.compactMap { $0.configuration.commandName } ?? []
    }

    /// The subcommands that have commands of their own. `CommandNamesTests` checks it against the
    /// configurations.
    static let commandsWithCommands: [any ParsableCommand.Type] = [Sync.self, Conflicts.self]

    /// The subcommands whose operands are handed over after parsing (`TakesOperandList`). A list
    /// rather than a cast: asking a type whether it conforms scans every conformance record of
    /// the binary, on every start. `CommandNamesTests` checks it against the conformances.
    static let operandListCommands: [any TakesOperandList.Type] = [
        Add.self, Remove.self, Move.self, Copy.self, Done.self, Reopen.self, SetCommand.self,
    ]

    /// The root's help, version and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: "A nested-list outliner for the shell: an ordered tree of items in one SQLite file.",
        discussion: """
            REF names an item by its titles, joined by / (Groceries/Milk; a leading / starts at the top level: /Work/Launch), matched exactly, else ignoring case, or by its id (digits only: 12). 0 or "root" is the invisible root. A path that names several items is refused with their ids and paths; one that names none says so, and when a title there holds a / or matches but for accents, how to write it. In a title, write / as \\/ and \\ as \\\\; a top-level title of digits is /2026. Positions are 1-based among siblings. The database is --db PATH, else $OUTLINE_DB, else $XDG_DATA_HOME/outline/outline.db, else ~/.local/share/outline/outline.db.

            Examples:
              outline add Groceries                 # prints the new id, say 1
              outline add Milk Eggs --under Groceries
              outline ls
              outline mv Groceries/Eggs --before Groceries/Milk
              outline show Groceries/Milk           # id, path, position, counts
              outline rm Groceries
              outline undo                          # the removal is reverted, same ids
              id=$(outline add "Call Ana") && outline edit "$id" "Call Ana back"
              outline ls --tsv | cut -f1,5
              outline add "Pay rent" --state TODO --due "2026-12-01 +1m" --tag home
              outline agenda                        # overdue, then the next seven days
              outline find --tag home --due-by +7d
              outline done "Pay rent"               # a repeating task stays open, its date moves

            Environment: OUTLINE_DB (the database file), OUTLINE_UNDO_LEVELS (how many steps undo keeps), OUTLINE_TODAY (a day, 2026-12-01, that today, fri and +3d, the agenda and done count from, instead of the local date), VISUAL or EDITOR (the editor of edit), NO_COLOR (no colour).

            Exit status: 0 done, 1 refused or failed, 64 the command line is wrong.
            """,
        version: version,
        subcommands: [
            Add.self, List.self, Show.self, Find.self, Remove.self, Move.self, Copy.self, Edit.self, Done.self,
            Reopen.self, SetCommand.self, WorkflowCommand.self, TagsCommand.self, AgendaCommand.self, NoteCommand.self,
            Sort.self,
            Export.self, Import.self,
            Undo.self, Redo.self, History.self, Watch.self, Tui.self,
            Sync.self, Conflicts.self, Check.self, Reindex.self,
        ]
    )

    /// `--db` and `--json` may come before the command's name (`outline --db x.db ls`): the
    /// runner moves them behind it before parsing, so these are never read. They are declared so
    /// that the help lists them and the completion scripts know that `--db` takes a value there.
    @OptionGroup var global: GlobalOptions

    /// The root as the parser makes it, before parsing.
    package init() {}
}

extension CommandConfiguration {
    /// The configuration of the `outline` command named `name`, which names the tool as its
    /// super-command (`Outline.toolName` says why); `subcommands` only for `sync` and `conflicts`.
    static func outlineCommand(
        _ name: String, abstract: String, discussion: String, subcommands: [any ParsableCommand.Type] = [],
        defaultSubcommand: (any ParsableCommand.Type)? = nil
    ) -> CommandConfiguration {
        CommandConfiguration(
            commandName: name, _superCommandName: Outline.toolName, abstract: abstract, discussion: discussion,
            subcommands: subcommands, defaultSubcommand: defaultSubcommand)
    }
}
