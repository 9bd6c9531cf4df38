import ArgumentParser
import OutlineKit

extension Outline {
    struct Remove: TakesItemReferences, TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "rm", _superCommandName: Outline.toolName,
            abstract: "Remove items with all their descendants.",
            discussion: """
                The later siblings close up. Prints a one-line summary. The last example removes \
                every done item.

                Examples:
                  outline rm Groceries/Milk
                  outline rm 4 7 9                # by ids
                  outline ls --tsv | awk -F'\\t' '$6 == 1 {print $1}' | xargs -r outline rm
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp("The items to remove.", valueName: "ref"), completion: ReferenceCompletionRequest.kind,
            transform: ItemReference.argument)
        var items: [ItemReference]

        mutating func run() throws {
            let store = try global.openStore()
            let result = try store.remove(try store.resolve(items), reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }
    }
}
