import ArgumentParser
import OutlineKit

extension Outline {
    struct Remove: TakesItemReferences {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove items with all their descendants.",
            discussion: """
                The later siblings close up. Prints a one-line summary.

                Examples:
                  outline rm 4
                  outline rm 4 7 9
                  outline ls --tsv | awk -F'\\t' '$5 ~ /^done:/ {print $1}' | xargs -r outline rm
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The items to remove.", valueName: "ref"), transform: ItemReference.parse)
        var items: [ItemID]

        static let optionsWithValues: Set<String> = ["--db"]

        mutating func run() throws {
            let result = try global.openStore().remove(items, reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }
    }
}
