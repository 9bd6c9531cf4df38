import OutlineKit

/// `set`'s options as a user types them, in order: `--state DONE --tag work --due "2026-01-31 +1m"`.
/// The store gets them as `set`'s command line makes them into an `AttributeChange`; the model
/// reads them itself.
public struct SetOptions: Sendable, CustomStringConvertible {
    public enum Name: String, Sendable, CaseIterable {
        case state, tag, untag, due, scheduled, priority, property
    }

    public struct Option: Sendable {
        public var name: Name
        public var value: String

        public init(name: Name, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var options: [Option]

    public init(_ options: [Option]) { self.options = options }

    /// The options as command-line arguments.
    public var arguments: [String] { options.flatMap { ["--\($0.name.rawValue)", $0.value] } }

    public var description: String {
        options.map { "--\($0.name.rawValue) \($0.value.contains(" ") ? $0.value.debugDescription : $0.value)" }
            .joined(separator: " ")
    }

    /// Values for each option: most of them valid, some only under some workflows, and one or
    /// two of each that must be refused. Dates are absolute and repeat with `+` only, so that
    /// where they move does not depend on the day the test runs.
    public static let samples: [Name: [String]] = [
        .state: ["TODO", "DONE", "NEXT", "CANCELLED", "todo", "none", "WAITING"],
        .tag: ["work", "Work", "home", "#urgent", "café", "CAFÉ", "two words"],
        .untag: ["work", "HOME", "urgent", "Café", "no such", "home"],
        .priority: ["A", "b", "C", "L", "none", "D"],
        .due: [
            "2026-01-31 +1m", "2026-03-15 +1w", "2026-02-28 09:30 +1d", "2026-12-31 +2m", "2028-02-29 +1y",
            "2026-05-10", "none", "2026-02-30",
        ],
        .scheduled: ["2026-01-31", "2026-04-30 +1m", "2026-06-01 08:00 +3d", "none", "2026-13-01"],
        .property: [
            "Effort=2h", "effort=3h", "Context=home office", "Effort=", "Owner= Ann ", "Missing=", "status=open",
            "bad key=1",
        ],
    ]

    /// One to three options; at most one of each that takes a single value.
    public static func random(using rng: inout SeededGenerator) -> SetOptions {
        // State and dates the most: they decide what done and workflow do.
        let weighted: [Name] = [
            .state, .state, .state, .tag, .tag, .untag, .due, .due, .scheduled, .priority, .property,
        ]
        var options: [Option] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let name = weighted.randomElement(using: &rng)!
            let repeatable = [.tag, .untag, .property].contains(name)
            if !repeatable, options.contains(where: { $0.name == name }) { continue }
            let value = samples[name]!.randomElement(using: &rng)!
            // `set` refuses a tag both added and removed (ignoring case) as a mistyped line, before
            // reading the outline: the model does not play that refusal.
            let opposite: Name? = name == .tag ? .untag : name == .untag ? .tag : nil
            if let opposite,
                options.contains(where: { $0.name == opposite && $0.value.lowercased() == value.lowercased() })
            {
                continue
            }
            options.append(Option(name: name, value: value))
        }
        return SetOptions(options)
    }

    /// The change, as `set`'s command line reads its options (dates against `today`).
    ///
    /// - Throws: as `set` refuses a value: `invalidTag`, `invalidPriority`, `invalidProperty`,
    ///   `DateInputError`.
    public func change(today: CalendarDay = .today()) throws -> AttributeChange {
        func isNone(_ text: String) -> Bool { text.lowercased() == "none" }
        var change = AttributeChange()
        for option in options {
            let value = option.value
            switch option.name {
            case .state: change.state = isNone(value) ? .plain : .keyword(value)
            case .tag: change.addedTags.append(try Tag.validated(value))
            case .untag: change.removedTags.append(try Tag.validated(value))
            case .due: change.due = isNone(value) ? .some(nil) : try DateInput.read(value, today: today)
            case .scheduled: change.scheduled = isNone(value) ? .some(nil) : try DateInput.read(value, today: today)
            case .priority: change.priority = isNone(value) ? .some(nil) : try Priority(parsing: value)
            case .property: change.properties.append(try ItemProperty.assignment(parsing: value))
            }
        }
        return change
    }
}
