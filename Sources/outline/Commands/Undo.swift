import ArgumentParser
import OutlineKit

extension Outline {
    struct Undo: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "undo", _superCommandName: Outline.toolName,
            abstract: "Undo the last commands that changed the outline, whichever process ran them.",
            discussion: """
                Reverts the newest N steps of the history (default 1), newest first, in one \
                transaction: all of them or none. The items come back exactly as they were, with \
                their ids and positions. If the database was changed outside outline since a step, \
                undo refuses and changes nothing.

                Examples:
                  outline undo
                  outline undo 3
                  outline undo --dry-run
                """)

        @Option(help: GlobalOptions.databaseHelp) var db: String?
        @Flag(help: GlobalOptions.jsonHelp) var json = false
        @OptionGroup var travel: HistoryTravelOptions

        mutating func run() throws { try travel.run(undoing: true, global) }
    }

    struct Redo: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "redo", _superCommandName: Outline.toolName,
            abstract: "Redo the last undone commands.",
            discussion: """
                Re-applies the newest N undone steps (default 1), in the order they were first \
                done, in one transaction. Any other change clears what can be redone.

                Examples:
                  outline redo
                  outline redo 2 --dry-run
                """)

        @Option(help: GlobalOptions.databaseHelp) var db: String?
        @Flag(help: GlobalOptions.jsonHelp) var json = false
        @OptionGroup var travel: HistoryTravelOptions

        mutating func run() throws { try travel.run(undoing: false, global) }
    }
}

/// `[N] [--dry-run]`, shared by undo and redo.
struct HistoryTravelOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("How many steps; with N, --json prints an array of reports.", valueName: "n"))
    var count: Int?

    var steps: Int { count ?? 1 }

    @Flag(help: "Say what would change, and change nothing.")
    var dryRun = false

    func validate() throws {
        if let count, count < 1 { throw ValidationError("the number of steps must be at least 1") }
    }

    /// Undoes or redoes the steps and prints what happened: the whole of both commands.
    func run(undoing: Bool, _ global: GlobalSettings) throws {
        let manager = try global.openStore(recordsSteps: false).undoManager
        let steps =
            undoing
            ? try manager.undo(steps: steps, dryRun: dryRun, reportingChanges: global.json)
            : try manager.redo(steps: steps, dryRun: dryRun, reportingChanges: global.json)
        HistoryOutput.printTravel(steps, undoing: undoing, dryRun: dryRun, json: global.json, asArray: count != nil)
    }
}
