import ArgumentParser
import OutlineKit

extension Outline {
    struct Copy: TakesItemReferences, TakesGlobalOptions, TakesPlacement {
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

        func validate() throws { try validateDestination(verb: "copy") }

        mutating func run() throws {
            let store = try global.openStore()
            let items = try store.resolve(items)
            let place = try resolvedPlacement(in: store)
            let result = try store.copy(
                items, under: place.parent, placement: place.placement, reportingChanges: global.json)
            if global.json {
                ChangeOutput.print(result, json: true)
            } else {
                StandardOutput.shared.reportsASavedChange = true
                for id in result.ids { StandardOutput.shared.writeLine(String(id)) }
            }
        }
    }
}
