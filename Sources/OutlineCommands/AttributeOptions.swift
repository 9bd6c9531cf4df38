import ArgumentParser
import Foundation
import OutlineKit

/// `--state`, `--tag`, `--untag`, `--due`, `--scheduled`, `--priority`, `--property`: what `set`
/// changes of items, and what `add` gives the items it adds, declared here once and taken by
/// both as `@OptionGroup var attributes: AttributeOptions`.
package struct AttributeOptions: ParsableArguments {
    /// `--state`: a keyword of the workflow, or `none`.
    @Option(
        help: ArgumentHelp(
            "A keyword of the workflow (TODO, DONE; see 'outline workflow'), or none for a plain item.",
            valueName: "keyword"),
        completion: .keyword)
    var state: String?

    /// `--tag`, repeatable.
    @Option(
        help: ArgumentHelp("Add a tag: a word of letters, digits, _ and @ (repeatable).", valueName: "tag"),
        completion: .tag)
    var tag: [String] = []

    /// `--untag`, repeatable.
    @Option(help: ArgumentHelp("Remove a tag (repeatable).", valueName: "tag"), completion: .tag)
    var untag: [String] = []

    /// `--due`: a DATE, or `none`.
    @Option(
        help: ArgumentHelp(
            "The deadline: 2026-12-01, '2026-12-01 14:30', today, tomorrow, fri, +3d, +2w (--due=-1d for the past), with an optional repeater ('fri +1w', 'today ++1d', 'mon .+1m'); none removes it.",
            valueName: "date"))
    var due: String?

    /// `--scheduled`: a DATE, or `none`.
    @Option(help: ArgumentHelp("When to start, a date as for --due; none removes it.", valueName: "date"))
    var scheduled: String?

    /// `--priority`: A, B, C (or H, M, L), or `none`.
    @Option(
        help: ArgumentHelp("A, B or C (A is the highest; H, M, L also read), or none.", valueName: "priority"),
        completion: .priority)
    var priority: String?

    /// `--property`, repeatable.
    @Option(
        help: ArgumentHelp("Set a property, KEY=VALUE; KEY= removes it (repeatable).", valueName: "key=value"),
        completion: .propertyKey)
    var property: [String] = []

    /// The options as the parser makes them, before parsing.
    package init() {}

    /// A tag both added and removed, which leaves it unclear what is wanted; nil for none.
    var contradiction: String? {
        let removed = Set(untag.map { $0.lowercased() })
        return tag.first { removed.contains($0.lowercased()) }
    }

    /// Whether any of the options was given.
    var isEmpty: Bool {
        state == nil && tag.isEmpty && untag.isEmpty && due == nil && scheduled == nil && priority == nil
            && property.isEmpty
    }

    /// The change the options ask for, each value read and checked; dates read against `today`,
    /// which is asked for only when a date is given: the local time zone costs a fifth of a
    /// plain `set --tag` to look up.
    ///
    /// - Throws: `invalidTag`, `invalidDate`, `invalidPriority`, `invalidProperty`.
    func change(today: @autoclosure () throws -> CalendarDay) throws -> AttributeChange {
        var change = AttributeChange()
        if let state { change.state = Self.isNone(state) ? .plain : .keyword(state) }
        // A tag given twice (in any case) is one tag, as the item keeps it.
        var seen = Set<String>()
        change.addedTags = try tag.map(Tag.validated).filter { seen.insert($0.lowercased()).inserted }
        change.removedTags = try untag.map(Tag.validated)
        change.due = try due.map { try Self.date($0, today: today) }
        change.scheduled = try scheduled.map { try Self.date($0, today: today) }
        if let priority { change.priority = Self.isNone(priority) ? .some(nil) : try Priority(parsing: priority) }
        change.properties = try property.map(ItemProperty.assignment)
        return change
    }

    private static func isNone(_ text: String) -> Bool { text.lowercased() == "none" }

    /// A DATE, or nil for `none`.
    private static func date(_ text: String, today: () throws -> CalendarDay) throws -> TaskDate? {
        isNone(text) ? nil : try Today.date(text, from: today())
    }
}
