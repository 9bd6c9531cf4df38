import ArgumentParser
import OutlineKit

extension Outline {
    struct AgendaCommand: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "agenda", abstract: "Show what needs doing: overdue items, then each day's.",
            discussion: """
                First the open items due before today, then a section for each of the next days \
                (7 by default) that holds open items scheduled or due on it: by time of day, \
                then priority. An item whose date repeats with + is on every day it falls on; \
                ++ and .+ repeats, which move from the day the item is done, show its current \
                date only. Sections with nothing in them are left out; nothing to do prints \
                nothing.

                A line: id, time of day, keyword, path, and whether the date is the item's due \
                or scheduled one. --json: an array of {"day", "items"}, each item an 'outline \
                show --json' object with "because": "due" or "scheduled".

                Examples:
                  outline agenda
                  outline agenda --days 1              # today only
                  outline agenda --under Work --days 14
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("How many days from today to show, today included.", valueName: "n"))
        var days: Int = 7

        @Option(reference: "Only items below this item (default: the whole outline).")
        var under: ItemReference?

        func validate() throws {
            try validateGlobalOptions()
            if days < 1 || days > 3660 { throw ValidationError("--days takes 1 to 3660 days") }
        }

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let today = try Today.current()
            let sections = try store.agenda(from: today, days: days, under: try under.map(store.resolve) ?? .root)
            if global.json {
                // The show --json objects need counts, which the lines do not: read for JSON only.
                let ids = Array(Set(sections.flatMap { $0.entries.map(\.item.id) }))
                let details = Dictionary(
                    try store.details(of: ids).map { ($0.item.id, $0) }, uniquingKeysWith: { first, _ in first })
                Self.printJSON(sections, details)
            } else {
                Self.print(sections, today: today)
            }
        }

        private static func printJSON(_ sections: [AgendaSection], _ details: [ItemID: ItemDetails]) {
            var json = JSONWriter()
            json.writeObjects(sections) { json, section in
                switch section.day {
                case .overdue: json.field("day", "overdue")
                case .day(let day): json.field("day", day.description)
                }
                json.key("items")
                json.openArray()
                for entry in section.entries {
                    guard let shown = details[entry.item.id] else { continue }
                    ItemDetailsOutput.write(shown, to: &json, extra: { $0.field("because", entry.reason.rawValue) })
                }
                json.closeArray()
            }
            StandardOutput.shared.write(bytes: json.bytes)
            StandardOutput.shared.write("\n")
        }

        private static func print(_ sections: [AgendaSection], today: CalendarDay) {
            let output = StandardOutput.shared
            let entries = sections.flatMap(\.entries)
            let idWidth = entries.map { String($0.item.id).count }.max() ?? 1
            let stateWidth = entries.map { ($0.attributes.state ?? "-").count }.max() ?? 1
            for section in sections {
                switch section.day {
                case .overdue: output.writeLine(Terminal.bold("Overdue"))
                case .day(let day): output.writeLine(Terminal.bold(heading(day, today: today)))
                }
                for entry in section.entries {
                    let id = String(entry.item.id)
                    let state = entry.attributes.state ?? "-"
                    let time = entry.date.time ?? "     "
                    let why =
                        section.day == .overdue ? "due \(entry.date.day)" : entry.reason.rawValue
                    output.writeLine(
                        String(repeating: " ", count: idWidth - id.count) + id + "  " + time + "  " + state
                            + String(repeating: " ", count: stateWidth - state.count) + "  "
                            + TitleSanitizer.forTerminal(entry.path.description) + "  (" + why + ")")
                }
            }
        }

        /// `Friday 2026-11-27, today`.
        private static func heading(_ day: CalendarDay, today: CalendarDay) -> String {
            let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
            let name = names[day.weekday - 1] + " " + day.description
            if day == today { return name + ", today" }
            if day == today.adding(days: 1) { return name + ", tomorrow" }
            return name
        }
    }
}
