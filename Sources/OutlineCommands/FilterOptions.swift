import ArgumentParser
import Foundation
import OutlineKit

/// `find`'s FILTERs: what the items' attributes must be (SPEC, the `find` row).
package struct FilterOptions: ParsableArguments {
    /// `--tag`, repeatable: all of them.
    @Option(
        help: ArgumentHelp(
            "Only items with this tag, set or written #tag in the title (repeatable: all of them).", valueName: "tag"),
        completion: .tagFilter)
    var tag: [String] = []

    /// `--state`, repeatable: any of them.
    @Option(
        help: ArgumentHelp(
            "Only items with this keyword; none for plain items (repeatable: any of them).", valueName: "keyword"),
        completion: .keyword)
    var state: [String] = []

    /// `--priority`: this or higher.
    @Option(
        help: ArgumentHelp("Only items of this priority or higher (A, B, C).", valueName: "priority"),
        completion: .priorityFilter)
    var priority: String?

    /// `--due-by`.
    @Option(
        name: .customLong("due-by"),
        help: ArgumentHelp(
            "Only open items due on or before this date (today, fri, +7d, 2026-12-01).", valueName: "date"))
    var dueBy: String?

    /// `--scheduled-by`.
    @Option(
        name: .customLong("scheduled-by"),
        help: ArgumentHelp("Only open items scheduled on or before this date.", valueName: "date"))
    var scheduledBy: String?

    /// `--done-since`.
    @Option(
        name: .customLong("done-since"),
        help: ArgumentHelp("Only items done on or after this date (today: what was finished today).", valueName: "date")
    )
    var doneSince: String?

    /// `--property`, repeatable.
    @Option(
        help: ArgumentHelp(
            "Only items with this property, or with this value of it (repeatable: all of them).",
            valueName: "key[=value]"),
        completion: .propertyKey)
    var property: [String] = []

    /// The options as the parser makes them, before parsing.
    package init() {}

    /// Whether no filter was given.
    var isEmpty: Bool {
        tag.isEmpty && state.isEmpty && priority == nil && dueBy == nil && scheduledBy == nil && doneSince == nil
            && property.isEmpty
    }

    /// The filters, each value read and checked; dates read against `today` in the local zone,
    /// which is looked up only when a date is given (`AttributeOptions.change(today:)` says why).
    ///
    /// - Throws: `invalidTag`, `invalidPriority`, `invalidDate`, `invalidProperty`.
    func filters(today: @autoclosure () throws -> CalendarDay) throws -> SearchFilters {
        var filters = SearchFilters()
        filters.tags = try tag.map(Tag.lookedFor)
        filters.states = state.map { $0.lowercased() == "none" ? .plain : .keyword($0) }
        filters.priority = try priority.map(Self.priority)
        filters.dueBy = try dueBy.map { try Self.date($0, today: today) }
        filters.scheduledBy = try scheduledBy.map { try Self.date($0, today: today) }
        filters.doneSince = try doneSince.map { Self.moment(try Self.date($0, today: today)) }
        filters.properties = try property.map(ItemProperty.filter)
        return filters
    }

    /// The priority a filter finds, and those above it. Its error is its own: `set`'s says
    /// `none` may be given, which a filter of "this or higher" cannot take.
    private static func priority(_ text: String) throws -> Priority {
        do {
            return try Priority(parsing: text)
        } catch {
            throw CommandFailure(
                message:
                    "\"\(text)\" is not a priority to find: expected A, B or C (or H, M, L); --priority B finds B and A"
            )
        }
    }

    /// A DATE without a repeater, which would mean nothing to a filter.
    private static func date(_ text: String, today: () throws -> CalendarDay) throws -> TaskDate {
        let date = try Today.date(text, from: today())
        guard date.repeater == nil else {
            throw OutlineError.invalidDate(text, reason: "a filter takes a date without a repeater")
        }
        return date
    }

    /// The moment a DATE starts: its day's first moment, or its time of day on it.
    private static func moment(_ date: TaskDate) -> Date {
        date.day.start().addingTimeInterval(TimeInterval((date.minuteOfDay ?? 0) * 60))
    }
}
