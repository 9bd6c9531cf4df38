import ArgumentParser
import OutlineKit

extension Outline {
    struct Remove: TakesItemReferences, TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "rm", abstract: "Remove items with all their descendants.",
            discussion: """
                The later siblings close up. Prints a one-line summary. The last example removes \
                every done item.

                Examples:
                  outline rm Groceries/Milk
                  outline rm 4 7 9                # by ids
                  outline ls --tsv | awk -F'\\t' '$6 == 1 {print $1}' | xargs -r outline rm
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(references: "The items to remove.")
        var items: [ItemReference]

        mutating func run() throws {
            try change(items) { store, ids, reporting in try store.remove(ids, reportingChanges: reporting) }
        }
    }
}
