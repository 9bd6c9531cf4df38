import ArgumentParser
import OutlineKit

extension Outline {
    struct Done: TakesItemReferences, TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "done", _superCommandName: Outline.toolName,
            abstract: "Mark items done.",
            discussion: """
                Each item is marked done with the time; its descendants keep their own states. \
                An item already done keeps its time. `outline reopen` marks items open again.

                Examples:
                  outline done Groceries/Milk
                  outline done 4 7 9                  # by ids
                  outline find milk --tsv | cut -f1 | xargs -r outline done
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp("The items to mark done.", valueName: "ref"),
            completion: ReferenceCompletionRequest.kind, transform: ItemReference.argument)
        var items: [ItemReference]

        mutating func run() throws {
            let store = try global.openStore()
            let result = try store.markDone(try store.resolve(items), reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }
    }

    struct Reopen: TakesItemReferences, TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "reopen", _superCommandName: Outline.toolName,
            abstract: "Mark done items open again.",
            discussion: """
                Their descendants keep their own states.

                Examples:
                  outline reopen Groceries/Milk
                  outline reopen 4 7
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp("The items to reopen.", valueName: "ref"),
            completion: ReferenceCompletionRequest.kind, transform: ItemReference.argument)
        var items: [ItemReference]

        mutating func run() throws {
            let store = try global.openStore()
            let result = try store.reopen(try store.resolve(items), reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }
    }
}
