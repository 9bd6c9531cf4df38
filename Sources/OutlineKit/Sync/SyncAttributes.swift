import Foundation
import GRDB

/// An item's attributes as the log carries them (SPEC, "What an item holds"): the item table's
/// columns in their stored forms, so that what one machine stores another stores byte for byte.
///
/// The state is the keyword column as it is: a done item of a file made before keywords has
/// none, and reads as `DONE` on every machine alike.
struct SyncAttributes: Equatable, Sendable {
    /// A date column and its repeater column: `2026-12-01 14:30` and `+1w`.
    struct Date: Equatable, Sendable {
        /// As `TaskDate.stored` writes it.
        var stored: String
        /// As `Repeater.description` writes it, or nil.
        var repeater: String?
    }

    /// The keyword, or nil.
    var state: String?
    /// When a repeating task was last marked done, in seconds since 1970.
    var lastDone: Double?
    /// The tags as set, in order, each once ignoring case.
    var tags: [String] = []
    /// When to start.
    var scheduled: Date?
    /// The deadline.
    var due: Date?
    /// `A`, `B` or `C`.
    var priority: String?
    /// The properties, keys in the order they were first set, each once ignoring case.
    var properties: [ItemProperty] = []

    /// Whether it holds nothing, as a plain item's attributes.
    var isEmpty: Bool { self == SyncAttributes() }

    /// The item table's attribute columns, in the order `init(row:startingAt:)` reads them (the
    /// sync's queries write them out: SQL is never interpolated, `BoundParametersTests` checks).
    static let columns = """
        CAST(state AS TEXT), last_done, CAST(tags AS TEXT), CAST(scheduled AS TEXT), CAST(scheduled_repeat AS TEXT),
        CAST(due AS TEXT), CAST(due_repeat AS TEXT), CAST(priority AS TEXT), CAST(properties AS TEXT)
        """

    /// The values to bind for the item table's columns, in the order of `columns`.
    var columnValues: [DatabaseValue] {
        [
            state.databaseValue, lastDone.databaseValue, ItemAttributes.storedTags(tags).databaseValue,
            scheduled?.stored.databaseValue ?? .null, scheduled?.repeater.databaseValue ?? .null,
            due?.stored.databaseValue ?? .null, due?.repeater.databaseValue ?? .null, priority.databaseValue,
            ItemAttributes.storedProperties(properties).databaseValue,
        ]
    }

    // MARK: Changing one value, as the log's operations do

    /// Adds `tag` unless a tag equal to it ignoring case is there.
    mutating func addTag(_ tag: String) {
        let key = Tag.key(tag)
        if !tags.contains(where: { Tag.key($0) == key }) { tags.append(tag) }
    }

    /// Removes the tag equal to `tag` ignoring case, if there is one.
    mutating func removeTag(_ tag: String) {
        let key = Tag.key(tag)
        tags.removeAll { Tag.key($0) == key }
    }

    /// Sets the property `key` (compared ignoring case) to `value`, in its place if it is there,
    /// else last; a nil value removes it.
    mutating func setProperty(_ key: String, _ value: String?) {
        let folded = key.lowercased()
        let index = properties.firstIndex { $0.key.lowercased() == folded }
        switch (index, value) {
        case (let index?, let value?): properties[index].value = value
        case (let index?, nil): properties.remove(at: index)
        case (nil, let value?): properties.append(ItemProperty(key: key, value: value))
        case (nil, nil): break
        }
    }
}

// MARK: Reading the item table

/// In an extension, so that the struct keeps the memberwise initializer Swift makes for it.
extension SyncAttributes {
    /// Reads the columns `columns` names from `row`, the first at `first`.
    init(row: Row, startingAt first: Int) {
        func date(_ index: Int) -> Date? {
            (row[first + index] as String?).map { Date(stored: $0, repeater: row[first + index + 1]) }
        }
        self.init(
            state: row[first], lastDone: row[first + 1], tags: ItemAttributes.tags(stored: row[first + 2]),
            scheduled: date(3), due: date(5), priority: row[first + 7],
            properties: ItemAttributes.properties(stored: row[first + 8]))
    }
}

// MARK: The log's text

extension SyncAttributes {
    /// The attributes as one JSON object, the members of what they hold alone: `{"state": "TODO",
    /// "tags": ["home"], "scheduled": "2026-12-01", "scheduled_repeat": "+1w", "properties":
    /// [["effort", "2h"]]}`. Properties are pairs, in order: a JSON object's order is not kept
    /// by every reader. A time is text, as the log writes every time (see `SyncBatch`).
    func appendJSON(to text: inout [UInt8]) {
        var first = true
        func member(_ name: String) {
            text += (first ? "{\"" : ", \"").utf8
            first = false
            text += name.utf8
            text += "\": ".utf8
        }
        func string(_ name: String, _ value: String?) {
            guard let value else { return }
            member(name)
            JSONText.appendQuoted(value, to: &text)
        }
        string("state", state)
        string("last_done", lastDone.map { "\($0)" })
        if !tags.isEmpty {
            member("tags")
            text += "[".utf8
            for (index, tag) in tags.enumerated() {
                if index > 0 { text += ", ".utf8 }
                JSONText.appendQuoted(tag, to: &text)
            }
            text += "]".utf8
        }
        string("scheduled", scheduled?.stored)
        string("scheduled_repeat", scheduled?.repeater)
        string("due", due?.stored)
        string("due_repeat", due?.repeater)
        string("priority", priority)
        if !properties.isEmpty {
            member("properties")
            text += "[".utf8
            for (index, property) in properties.enumerated() {
                text += (index == 0 ? "[" : ", [").utf8
                JSONText.appendQuoted(property.key, to: &text)
                text += ", ".utf8
                JSONText.appendQuoted(property.value, to: &text)
                text += "]".utf8
            }
            text += "]".utf8
        }
        text += (first ? "{}" : "}").utf8
    }

    /// The attributes as `appendJSON` writes them, as text.
    var json: String {
        var text: [UInt8] = []
        appendJSON(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads what `appendJSON` writes, parsed by `JSONSerialization`; every value is checked as
    /// `set` checks it, so that a log cannot store what outline would refuse.
    ///
    /// - Throws: `SyncLogError`, naming the value.
    init(json object: [String: Any]) throws {
        func text(_ name: String) throws -> String? {
            guard let value = object[name], !(value is NSNull) else { return nil }
            guard let text = value as? String, !text.isEmpty else { throw SyncLogError("its \(name) is not text") }
            return text
        }
        self.init()
        if let state = try text("state") {
            guard Workflow.canHold(state) else { throw SyncLogError("its state is not a keyword") }
            self.state = state
        }
        if let lastDone = try text("last_done") {
            guard let value = Double(lastDone), value.isFinite else {
                throw SyncLogError("its last_done is not a time")
            }
            self.lastDone = value
        }
        if let tags = object["tags"] {
            guard let list = tags as? [String] else { throw SyncLogError("its tags are not a list of text") }
            for tag in list {
                guard (try? Tag.validated(tag)) == tag else { throw SyncLogError("a tag outline refuses") }
                addTag(tag)
            }
            guard self.tags.count == list.count else { throw SyncLogError("a tag given twice") }
        }
        scheduled = try Self.date(try text("scheduled"), try text("scheduled_repeat"), "scheduled")
        due = try Self.date(try text("due"), try text("due_repeat"), "due")
        if let priority = try text("priority") {
            guard Priority(rawValue: priority) != nil else { throw SyncLogError("its priority is not A, B or C") }
            self.priority = priority
        }
        if let properties = object["properties"] {
            guard let pairs = properties as? [[String]], pairs.allSatisfy({ $0.count == 2 }) else {
                throw SyncLogError("its properties are not a list of pairs")
            }
            for pair in pairs {
                try Self.requireProperty(pair[0], pair[1])
                setProperty(pair[0], pair[1])
            }
            guard self.properties.count == pairs.count else { throw SyncLogError("a property given twice") }
        }
    }

    /// A date column and its repeater, checked as the item table's reader takes them.
    static func date(_ stored: String?, _ repeater: String?, _ name: String) throws -> Date? {
        guard let stored else {
            if repeater != nil { throw SyncLogError("a \(name) repeater without a date") }
            return nil
        }
        guard let date = TaskDate(stored: stored, repeater: repeater), date.stored == stored,
            date.repeater?.description == repeater
        else { throw SyncLogError("its \(name) is not a date outline writes") }
        return Date(stored: stored, repeater: repeater)
    }

    /// Refuses a property that `set --property` would refuse.
    static func requireProperty(_ key: String, _ value: String?) throws {
        // The key's check refuses reserved keys too.
        guard (try? ItemProperty.validatedKey(key, in: key)) == key else {
            throw SyncLogError("a property key outline refuses")
        }
        if let value, value.isEmpty || !ItemProperty.isOneLine(value) || value.trimmingWhiteSpace() != value {
            throw SyncLogError("a property value outline refuses")
        }
    }
}
