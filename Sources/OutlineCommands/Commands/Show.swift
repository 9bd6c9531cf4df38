import ArgumentParser
import OutlineKit

extension Outline {
    struct Show: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "show", abstract: "Show one item: its title, path, place, state, attributes, counts and note.",
            discussion: """
                The state is the item's keyword (or open, for a plain item); tags, scheduled and \
                due dates, priority and properties are shown where the item has them. When a \
                done item was done is given in local time, as history gives its steps; --json \
                gives it as done_at, in ISO 8601 UTC, and every attribute, empty ones included.

                Examples:
                  outline show Groceries/Milk
                  outline show 12 --json | jq -r .path
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(reference: "The item to show.")
        var item: ItemReference

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let details = try store.details(of: try store.resolve(item))
            if global.json {
                var writer = JSONWriter()
                ItemDetailsOutput.write(details, to: &writer)
                StandardOutput.shared.write(bytes: writer.bytes)
                StandardOutput.shared.write("\n")
            } else {
                for line in ItemDetailsOutput.lines(details) { StandardOutput.shared.writeLine(line) }
            }
        }
    }
}
