import ArgumentParser
import OutlineKit

extension Outline {
    struct Move: RelocatesItems {
        static let configuration = CommandConfiguration.outlineCommand(
            "mv", abstract: "Move items, with their subtrees, to a new place.",
            discussion: """
                The items become consecutive siblings at the new place, in argument order. \
                Name the place with --under (optionally --at), --before or --after. An item cannot \
                move into its own subtree.

                Examples:
                  outline mv Groceries/Tea --under Drinks   # last under Drinks
                  outline mv Drinks/Tea --under Groceries --at 1
                  outline mv 5 6 --before 3              # by ids
                  outline mv Work/Launch --under root     # to the top level
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var placement: PlacementOptions

        @Argument(references: "The items to move.")
        var items: [ItemReference]

        mutating func run() throws {
            ChangeOutput.print(try relocateItems(by: OutlineStore.move), json: global.json)
        }

        /// What `mv` does to the items, for the message that asks where to.
        static let verb = "move"
    }
}
