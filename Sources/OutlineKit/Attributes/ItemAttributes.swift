import Foundation
import GRDB

/// What an item holds beyond its title, note and place: its state, tags, dates, priority and
/// properties (SPEC, "What an item holds").
public struct ItemAttributes: Equatable, Sendable {
    /// The item's keyword (`TODO`, `DONE`), nil for a plain item.
    public var state: String?
    /// When a repeating task was last marked done (it stayed open, its dates moved).
    public var lastDone: Date?
    /// The tags, as set (inline `#word`s of the title are not among them).
    public var tags: [String]
    /// When to start.
    public var scheduled: TaskDate?
    /// The deadline.
    public var due: TaskDate?
    /// How urgent it is.
    public var priority: Priority?
    /// The `key: value` pairs, in the order their keys were first set.
    public var properties: [ItemProperty]

    /// Attributes with the given values: by default those of a plain item with none.
    public init(
        state: String? = nil, lastDone: Date? = nil, tags: [String] = [], scheduled: TaskDate? = nil,
        due: TaskDate? = nil, priority: Priority? = nil, properties: [ItemProperty] = []
    ) {
        self.state = state
        self.lastDone = lastDone
        self.tags = tags
        self.scheduled = scheduled
        self.due = due
        self.priority = priority
        self.properties = properties
    }

    /// Whether it holds nothing: a plain item's attributes.
    public var isEmpty: Bool {
        state == nil && lastDone == nil && tags.isEmpty && scheduled == nil && due == nil && priority == nil
            && properties.isEmpty
    }

    /// Whether either date repeats: marking such an item done moves its dates instead.
    public var repeats: Bool { scheduled?.repeater != nil || due?.repeater != nil }

    /// The value of the property `key`, compared ignoring case.
    public func property(_ key: String) -> String? {
        let folded = key.lowercased()
        return properties.first { $0.key.lowercased() == folded }?.value
    }
}

extension ItemAttributes {
    /// Reads the attributes' columns from `row`, starting at index `first`, in the item table's
    /// order: `state, last_done, tags, scheduled, scheduled_repeat, due, due_repeat, priority,
    /// properties`. `doneAt` is the item's `done_at`:
    /// a done item with no keyword is a done item of a file made before keywords, and reads as
    /// `DONE` (see `Schema.createVersion7`). A value outline never writes (an edit outside it)
    /// reads as no value, not as an error: these are an item's details, not its place.
    init(row: Row, startingAt first: Int, doneAt: Date?) {
        self.init(
            text: { row[first + $0] }, moment: { ItemColumns.doneAt(row[first + $0] as DatabaseValue) },
            doneAt: doneAt)
    }

    /// Reads the attributes' columns from a statement of a listing, starting at index `first`.
    init(statement: RawStatement, startingAt first: Int32, doneAt: Date?) {
        self.init(
            text: { statement.optionalText(first + Int32($0)) }, moment: { statement.doneAt(first + Int32($0)) },
            doneAt: doneAt)
    }

    /// Reads the attributes' columns through `text` and `moment`, which read the column at an offset from the
    /// first.
    private init(text: (Int) -> String?, moment: (Int) -> Date?, doneAt: Date?) {
        self.init(
            state: text(0) ?? (doneAt == nil ? nil : Self.legacyDoneKeyword),
            lastDone: moment(1),
            tags: Self.tags(stored: text(2)),
            scheduled: text(3).flatMap { TaskDate(stored: $0, repeater: text(4)) },
            due: text(5).flatMap { TaskDate(stored: $0, repeater: text(6)) },
            priority: text(7).flatMap { Priority(rawValue: $0) },
            properties: Self.properties(stored: text(8)))
    }

    /// The keyword a done item made before keywords carries.
    static let legacyDoneKeyword = "DONE"

    /// The `tags` column: the tags, one space between them; nil for none.
    static func storedTags(_ tags: [String]) -> String? { tags.isEmpty ? nil : tags.joined(separator: " ") }

    /// The tags the `tags` column holds.
    static func tags(stored: String?) -> [String] {
        stored.map { $0.split(separator: " ").map(String.init) } ?? []
    }

    /// The `properties` column: a JSON object, keys in order; nil for none.
    static func storedProperties(_ properties: [ItemProperty]) -> String? {
        guard !properties.isEmpty else { return nil }
        let pairs = properties.map { JSONText.quote($0.key) + ":" + JSONText.quote($0.value) }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    /// The properties the `properties` column holds; none where it is not an object of strings.
    static func properties(stored: String?) -> [ItemProperty] {
        guard let stored else { return [] }
        var scanner = JSONScanner(Array(stored.utf8))
        var properties: [ItemProperty] = []
        do {
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: "{"), "an object")
            scanner.skipWhitespace()
            if scanner.take(UInt8(ascii: "}")) { return [] }
            repeat {
                scanner.skipWhitespace()
                let key = try scanner.readString()
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), "a colon")
                scanner.skipWhitespace()
                properties.append(ItemProperty(key: key, value: try scanner.readString()))
                scanner.skipWhitespace()
            } while scanner.take(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "the end of the object")
        } catch {
            return []
        }
        return properties
    }
}
