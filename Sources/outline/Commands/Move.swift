import ArgumentParser
import OutlineKit

extension Outline {
    struct Move: TakesItemReferences {
        static let configuration = CommandConfiguration(
            commandName: "mv",
            abstract: "Move items, with their subtrees, to a new place.",
            discussion: """
                The items become consecutive siblings at the new place, in argument order. \
                Name the place with --under (optionally --at), --before or --after. An item cannot \
                move into its own subtree.

                Examples:
                  outline mv 5 --under 2            # last under item 2
                  outline mv 5 --under 2 --at 1     # first under item 2
                  outline mv 5 6 --before 3
                  outline mv 8 --under root         # to the top level
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var placement: PlacementOptions

        @Argument(help: ArgumentHelp("The items to move.", valueName: "ref"), transform: ItemReference.parse)
        var items: [ItemID]

        func validate() throws {
            if !placement.namesADestination {
                throw ValidationError("say where to move the items: --under REF, --before REF or --after REF")
            }
        }

        static let optionsWithValues: Set<String> = ["--db", "--under", "--at", "--before", "--after"]

        mutating func run() throws {
            let result = try global.openStore().move(
                items, under: placement.under, placement: placement.placement, reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }
    }
}
