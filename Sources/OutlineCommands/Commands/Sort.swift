import ArgumentParser
import OutlineKit

extension Outline {
    struct Sort: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "sort", abstract: "Sort an item's children.",
            discussion: """
                Reorders the children of REF (not deeper; 0 or root sorts the top level): by \
                title, in the order of `ls --sections initial`, or by state, open before done. \
                The sort is stable: items with equal keys keep their order, also with --reverse. \
                A list already in order is left as it is, and no step is recorded.

                Examples:
                  outline sort Groceries
                  outline sort Work --by state          # open first, done last
                  outline sort root --reverse
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(reference: "The item whose children to sort.")
        var parent: ItemReference

        @Option(help: ArgumentHelp("What to sort by: title or state.", valueName: "key"))
        var by: SortKey = .title

        @Flag(help: "Sort in the reverse order.")
        var reverse = false

        mutating func run() throws {
            let store = try global.openStore()
            let result = try store.sort(
                try store.resolve(parent), by: by, reversed: reverse, reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }
    }
}

extension SortKey: ExpressibleByArgument {}
