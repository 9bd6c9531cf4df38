import ArgumentParser

/// The root command: `outline SUBCOMMAND`.
///
/// Every subcommand names itself: without a `commandName`, swift-argument-parser derives the name
/// from the type's name, by demangling, on every parse, which was a fifth of an `add`'s work.
struct Outline: ParsableCommand {
    /// The subcommands' names, for messages about the command line that precede parsing: read
    /// from the subcommands' own configurations, so that there is no second list to keep.
    static let commandNames = Set(configuration.subcommands.compactMap { $0.configuration.commandName })

    static let configuration = CommandConfiguration(
        commandName: "outline",
        abstract: "A nested-list outliner for the shell: an ordered tree of items in one SQLite file.",
        discussion: """
            Items have stable ids; REF is an id, and 0 (or "root") is the invisible root. Positions are 1-based among siblings. The database is --db PATH, else $OUTLINE_DB, else $XDG_DATA_HOME/outline/outline.db, else ~/.local/share/outline/outline.db.

            Examples:
              outline add Groceries                 # prints the new id, say 1
              outline add Milk Eggs --under 1
              outline ls
              outline mv 3 --before 2
              outline rm 1
              outline undo                          # the removal is reverted, same ids
              id=$(outline add "Call Ana") && outline edit "$id" "Call Ana back"
              outline ls --tsv | cut -f1,5

            Exit status: 0 done, 1 refused or failed, 64 the command line is wrong.
            """,
        version: "0.1.0",
        subcommands: [
            Add.self, List.self, Remove.self, Move.self, Edit.self, Undo.self, Redo.self, History.self, Watch.self,
            Check.self,
        ]
    )
}
