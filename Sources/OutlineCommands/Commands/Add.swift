import ArgumentParser
import OutlineKit

extension Outline {
    struct Add: TakesOperandList, TakesGlobalOptions, TakesPlacement {
        static let configuration = CommandConfiguration.outlineCommand(
            "add", abstract: "Add items, as consecutive siblings in argument order.",
            discussion: """
                Prints the new ids, one a line. The items go last under the parent unless placed \
                with --at, --before or --after. A title of - reads more titles from standard input, \
                one a line; blank lines are skipped. Put -- before titles that start with a dash. \
                The options of `outline set` give every new item its state, tags, dates, priority \
                and properties.

                Examples:
                  outline add Groceries
                  outline add Milk Eggs Bread --under Groceries
                  outline add "Oat milk" --after Groceries/Milk
                  outline add Urgent --under Groceries --at 1
                  printf 'one\\ntwo\\n' | outline add - --under /Groceries
                  id=$(outline add Project) && outline add --under "$id" Plan Build Ship
                  outline add "Pay rent" --state TODO --due "2026-12-01 +1m" --tag home
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var placement: PlacementOptions
        @OptionGroup var attributes: AttributeOptions

        @Argument(help: ArgumentHelp("The titles to add; - reads titles from standard input.", valueName: "title"))
        var titles: [String]

        func validate() throws {
            try validateGlobalOptions()
            try validatePlacement()
            if titles.count(where: { $0 == "-" }) > 1 {
                throw ValidationError("give - at most once: standard input can be read only once")
            }
        }

        mutating func setOperands(_ operands: [String]) { titles = operands }

        mutating func run() throws {
            let titles = try StandardInputTitles.expand(titles)
            let change = attributes.isEmpty ? AttributeChange() : try attributes.change(today: try Today.current())
            let store = try global.openStore(createsFile: true)
            let place = try resolvedPlacement(in: store)
            let result = try store.add(
                titles, under: place.parent, placement: place.placement, attributes: change,
                at: try Today.now(), reportingChanges: global.json)
            if global.json {
                ChangeOutput.printJSON(result)
            } else {
                StandardOutput.shared.reportsASavedChange = true
                for id in result.ids { StandardOutput.shared.writeLine(String(id)) }
            }
        }
    }
}
