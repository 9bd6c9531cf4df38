import ArgumentParser
import OutlineKit

extension Outline {
    struct Check: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "check", abstract: "Verify the outline's invariants and SQLite's integrity.",
            discussion: """
                Checks that there is one root, every item's parent exists, there are no cycles, \
                positions under every parent run 1 to n, titles are valid, and that SQLite's \
                integrity_check and foreign_key_check pass. Exits 1 and names each problem found.

                Examples:
                  outline check
                  outline check --json | jq .ok
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let report = try store.check()
            let output = StandardOutput.shared
            if global.json {
                var json = JSONWriter()
                json.openObject()
                json.field("ok", report.isHealthy)
                json.field("items", report.itemCount)
                json.field("schema", report.schemaVersion)
                json.key("problems")
                json.openArray()
                for problem in report.problems { json.value(problem.description) }
                json.closeArray()
                json.closeObject()
                output.writeLine(json.text)
            } else {
                for problem in report.problems {
                    output.writeLine("problem: " + TitleSanitizer.forTerminal(problem.description))
                }
                if report.isHealthy {
                    let items = "\(report.itemCount) item\(report.itemCount == 1 ? "" : "s")"
                    output.writeLine("ok: \(items), schema \(report.schemaVersion), no problems found")
                }
            }
            if !report.isHealthy {
                let count = report.problems.count
                throw CommandFailure(message: "\(count) problem\(count == 1 ? "" : "s") found in '\(store.path)'")
            }
        }
    }
}
