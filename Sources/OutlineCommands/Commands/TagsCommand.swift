import ArgumentParser
import OutlineKit

extension Outline {
    struct TagsCommand: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "tags", abstract: "List every tag in use, most used first.",
            discussion: """
                A tag counts once for each item that carries it, set with `outline set --tag` or \
                written as #tag (or #[[two words]]) in a title. Tags compare ignoring case; each \
                is shown as the first item to carry it writes it.

                Examples:
                  outline tags
                  outline tags --json
                  outline find --tag work          # the items behind a count
                """)

        @OptionGroup var global: GlobalOptions

        func validate() throws { try validateGlobalOptions() }

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let tags = try store.tags()
            if global.json {
                var json = JSONWriter()
                json.writeObjects(tags) { json, tag in
                    json.field("tag", tag.name)
                    json.field("count", tag.count)
                }
                StandardOutput.shared.write(bytes: json.bytes)
                StandardOutput.shared.write("\n")
                return
            }
            let width = tags.map { String($0.count).count }.max() ?? 0
            for tag in tags {
                let count = String(tag.count)
                StandardOutput.shared.writeLine(
                    String(repeating: " ", count: width - count.count) + count + "  "
                        + TitleSanitizer.forTerminal(tag.name))
            }
        }
    }
}
