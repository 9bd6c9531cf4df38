import ArgumentParser
import OutlineKit

extension Outline {
    struct Undo: HistoryTravel {
        static let configuration = CommandConfiguration.outlineCommand(
            "undo", abstract: "Undo the last commands that changed the outline, whichever process ran them.",
            discussion: """
                Reverts the newest N steps of the history (default 1), newest first, in one \
                transaction: all of them or none. The items come back exactly as they were, with \
                their ids and positions. If the database was changed outside outline since a step, \
                undo refuses and changes nothing. Siblings that a sync added, removed or moved \
                beside a step's items do not stop it; a sync that changed its own items does.

                --step N reverts the step numbered N in 'outline history' alone, whatever came \
                after it, as a new step (as 'git revert' does): its own items must be as it \
                left them.

                Examples:
                  outline undo
                  outline undo 3
                  outline undo --dry-run
                  outline undo --step 12              # step 12 of 'outline history', alone
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var steps: HistoryTravelOptions

        /// `--step N`: one older step alone.
        @Option(
            help: ArgumentHelp("Revert the step numbered N in 'outline history' alone, as a new step.", valueName: "n"))
        var step: Int64?

        func validate() throws {
            try validateGlobalOptions()
            if let count = steps.count, count < 1 { throw ValidationError("the number of steps must be at least 1") }
            if step != nil, steps.count != nil || steps.dryRun {
                throw ValidationError("--step reverts one step: give it without N or --dry-run")
            }
        }

        mutating func run() throws {
            guard let step else { return try travel(undoing: true) }
            let manager = try global.openStore(recordsSteps: false).undoManager
            ChangeOutput.print(try manager.revert(step: step, reportingChanges: global.json), json: global.json)
        }
    }

    struct Redo: HistoryTravel {
        static let configuration = CommandConfiguration.outlineCommand(
            "redo", abstract: "Redo the last undone commands.",
            discussion: """
                Re-applies the newest N undone steps (default 1), in the order they were first \
                done, in one transaction. Any other change clears what can be redone.

                Examples:
                  outline redo
                  outline redo 2 --dry-run
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var steps: HistoryTravelOptions

        mutating func run() throws { try travel(undoing: false) }
    }
}

/// `undo` and `redo`: `[N] [--dry-run]`, declared here once and taken by both as
/// `@OptionGroup var steps: HistoryTravelOptions`.
package struct HistoryTravelOptions: ParsableArguments {
    /// N: how many steps.
    @Argument(help: ArgumentHelp("How many steps; with N, --json prints an array of reports.", valueName: "n"))
    var count: Int?

    /// `--dry-run`: say what would change, and change nothing.
    @Flag(help: ArgumentHelp("Say what would change, and change nothing."))
    var dryRun = false

    /// The options as the parser makes them, before parsing.
    package init() {}
}

/// `undo` or `redo`.
protocol HistoryTravel: TakesGlobalOptions {
    /// `[N] [--dry-run]`.
    var steps: HistoryTravelOptions { get }
}

extension HistoryTravel {
    func validate() throws {
        try validateGlobalOptions()
        if let count = steps.count, count < 1 { throw ValidationError("the number of steps must be at least 1") }
    }

    /// Undoes or redoes the steps and prints what happened: the whole of both commands.
    func travel(undoing: Bool) throws {
        let manager = try global.openStore(recordsSteps: false).undoManager
        let (count, dryRun) = (steps.count, steps.dryRun)
        let travelled =
            undoing
            ? try manager.undo(steps: count ?? 1, dryRun: dryRun, reportingChanges: global.json)
            : try manager.redo(steps: count ?? 1, dryRun: dryRun, reportingChanges: global.json)
        HistoryOutput.printTravel(travelled, undoing: undoing, dryRun: dryRun, json: global.json, asArray: count != nil)
    }
}
