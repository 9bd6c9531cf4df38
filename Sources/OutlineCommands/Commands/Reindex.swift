import ArgumentParser
import OutlineKit

extension Outline {
    struct Reindex: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "reindex", abstract: "Rebuild the index that title paths and find use.",
            discussion: """
                Every change made by outline keeps the index right, and so does a title written \
                with another SQLite tool (it is indexed by the next change). Run this when \
                'outline check' says the index is out of date: after its tables were edited by \
                hand. It changes no item and records no undo step.

                Examples:
                  outline check || outline reindex
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let count = try store.rebuildTitleIndex()
            if global.json {
                JSONWriter.printObject { $0.field("indexed", count) }
            } else {
                StandardOutput.shared.writeLine("indexed the titles of \(count) item\(count == 1 ? "" : "s")")
            }
        }
    }
}
