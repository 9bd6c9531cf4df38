import ArgumentParser
import OutlineKit

extension Outline {
    struct Move: TakesItemReferences, TakesGlobalOptions, TakesPlacement {
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

        func validate() throws { try validateDestination(verb: "move") }

        mutating func run() throws {
            let store = try global.openStore()
            let items = try store.resolve(items)
            let place = try resolvedPlacement(in: store)
            let result = try store.move(
                items, under: place.parent, placement: place.placement, reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }
    }
}
