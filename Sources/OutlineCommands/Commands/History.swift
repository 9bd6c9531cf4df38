import ArgumentParser
import OutlineKit

extension Outline {
    struct History: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "history", abstract: "Show the undo history, newest first.",
            discussion: """
                One step a line: its number, when it was done (local time, as show gives it; \
                --json: ISO 8601 UTC), its name, and "(undone)" for steps that redo would \
                re-apply. Every process shares one history.

                Examples:
                  outline history
                  outline history --limit 5
                  outline history --limit 0 --json | jq '.[] | select(.undone)'
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("How many steps to show; 0 shows all.", valueName: "n"))
        var limit = 20

        func validate() throws {
            try validateGlobalOptions()
            if limit < 0 { throw ValidationError("--limit must be 0 (all) or more") }
        }

        mutating func run() throws {
            let steps = try global.openStore(recordsSteps: false).undoManager.history(limit: limit == 0 ? nil : limit)
            HistoryOutput.printHistory(steps, json: global.json)
        }
    }
}
