import ArgumentParser
import OutlineKit

extension Outline {
    struct Copy: RelocatesItems {
        static let configuration = CommandConfiguration.outlineCommand(
            "cp", abstract: "Copy items, with their subtrees, to a new place.",
            discussion: """
                The copies (titles, states and notes, at every depth) are new items with new ids, \
                consecutive siblings at the new place, in argument order. Name the place with \
                --under (optionally --at), --before or --after. Prints the ids of the copies of \
                the named items, one a line. An item copied into its own subtree is copied as it \
                was before the copy.

                Examples:
                  outline cp Templates/Trip --under Trips          # last under Trips
                  outline cp Groceries --after Groceries           # a second list beside it
                  id=$(outline cp 5 --under root --at 1)
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var placement: PlacementOptions

        @Argument(references: "The items to copy.")
        var items: [ItemReference]

        mutating func run() throws {
            let result = try relocateItems(by: OutlineStore.copy)
            if global.json {
                ChangeOutput.print(result, json: true)
            } else {
                StandardOutput.shared.reportsASavedChange = true
                for id in result.ids { StandardOutput.shared.writeLine(String(id)) }
            }
        }

        /// What `cp` does to the items, for the message that asks where to.
        static let verb = "copy"
    }
}
