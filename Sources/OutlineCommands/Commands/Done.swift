import ArgumentParser
import OutlineKit

extension Outline {
    struct Done: TakesItemReferences, TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "done", abstract: "Mark items done.",
            discussion: """
                Each item gets the workflow's first done keyword (DONE) and the time; its \
                descendants keep their own states. An item already done keeps its time. An item \
                with a repeating date (due "2026-12-01 +1m") stays open instead: its dates move \
                by their repeaters, as org-mode moves them, and the summary says where to. \
                `outline reopen` gives done items the first open keyword (TODO).

                Examples:
                  outline done Groceries/Milk
                  outline done 4 7 9                  # by ids
                  outline find milk --tsv | cut -f1 | xargs -r outline done
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(references: "The items to mark done.")
        var items: [ItemReference]

        mutating func run() throws {
            let now = try Today.now()
            try change(items) { store, ids, reporting in try store.markDone(ids, at: now, reportingChanges: reporting) }
        }
    }

    struct Reopen: TakesItemReferences, TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "reopen", abstract: "Mark done items open again, with the workflow's first open keyword.",
            discussion: """
                Their descendants keep their own states.

                Examples:
                  outline reopen Groceries/Milk
                  outline reopen 4 7
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(references: "The items to reopen.")
        var items: [ItemReference]

        mutating func run() throws {
            try change(items) { store, ids, reporting in try store.reopen(ids, reportingChanges: reporting) }
        }
    }
}
