import ArgumentParser
import OutlineKit

extension Outline {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Give an item a new title.",
            discussion: """
                Examples:
                  outline edit Groceries/Milk "Buy oat milk"
                  outline edit 3 -- "-20% off"
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp("The item to retitle.", valueName: "ref"), completion: ReferenceCompletionRequest.kind,
            transform: ItemReference.argument)
        var item: ItemReference

        @Argument(help: "The new title.")
        var title: String

        mutating func run() throws {
            let store = try global.openStore()
            let result = try store.edit(try store.resolve(item), title: title, reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }
    }
}
