import Foundation

/// The members of an `ls --json` item beyond its title, done, note and children: `state`,
/// `tags`, `scheduled`, `due`, `priority`, `properties`, `done_at` and `last_done`, each
/// checked as `set` checks it, so that what the outline would refuse is refused at its line and
/// column rather than stored.
extension JSONItemReader {
    /// The keys this file reads.
    static let attributeKeys: Set<String> = [
        "state", "tags", "scheduled", "due", "priority", "properties", "done_at", "last_done",
    ]

    /// Reads the value of the attribute `key` into the innermost open item.
    mutating func readAttribute(_ key: String) throws {
        let top = open.count - 1
        let start = scanner.offset
        if scanner.take(literal: "null") { return }
        switch key {
        case "state":
            let keyword = try readText(key, "a keyword or null")
            guard Workflow.canHold(keyword) else {
                throw scanner.failure(
                    at: start,
                    "\(JSONText.quote(keyword)) is not a keyword: upper-case letters, digits, _ and -, "
                        + "starting with a letter")
            }
            open[top].attributes.state = keyword
        case "tags": open[top].attributes.tags = try readTags()
        case "scheduled": open[top].attributes.scheduled = try readDate(key)
        case "due": open[top].attributes.due = try readDate(key)
        case "priority":
            let text = try readText(key, "\"A\", \"B\", \"C\" or null")
            guard let priority = Priority(rawValue: text) else {
                throw scanner.failure(at: start, "\(JSONText.quote(text)) is not a priority: expected A, B or C")
            }
            open[top].attributes.priority = priority
        case "properties": open[top].attributes.properties = try readProperties()
        case "done_at": open[top].doneAt = try readMoment(key)
        default: open[top].attributes.lastDone = try readMoment(key)
        }
    }

    /// A string value of `key`; anything else is refused as not `wanted`.
    private mutating func readText(_ key: String, _ wanted: String) throws -> String {
        guard scanner.peek() == UInt8(ascii: "\"") else { throw wrongType(key, wanted) }
        return try scanner.readString()
    }

    /// `["home", "errands"]`: tags as `set --tag` takes them, each once (ignoring case).
    private mutating func readTags() throws -> [String] {
        guard scanner.take(UInt8(ascii: "[")) else { throw wrongType("tags", "an array of tags") }
        var tags: [String] = []
        var keys = Set<String>()
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "]")) { return [] }
        repeat {
            scanner.skipWhitespace()
            let start = scanner.offset
            let text = try readText("tags", "an array of tags")
            let tag: String
            do {
                tag = try Tag.validated(text)
            } catch let error as OutlineError {
                throw scanner.failure(at: start, error.message)
            }
            guard keys.insert(Tag.key(tag)).inserted else {
                throw scanner.failure(at: start, "the tag \(JSONText.quote(tag)) is given twice")
            }
            tags.append(tag)
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), #""," or "]""#, after: "a tag")
        return tags
    }

    /// `{"date": "2026-12-01", "time": "14:30" or null, "repeat": "+1w" or null}`. Other keys
    /// are passed over, as an item's are.
    private mutating func readDate(_ key: String) throws -> TaskDate {
        let objectStart = scanner.offset
        guard scanner.take(UInt8(ascii: "{")) else {
            throw wrongType(key, #"an object {"date", "time", "repeat"} or null"#)
        }
        var day: CalendarDay?
        var minute: Int?
        var repeater: Repeater?
        var seen = Set<String>()
        try readObject(after: "a member") { reader, member, memberStart in
            guard seen.insert(member).inserted else {
                throw reader.scanner.failure(at: memberStart, "\"\(key)\" has the key \(JSONText.quote(member)) twice")
            }
            let start = reader.scanner.offset
            switch member {
            case "date":
                let text = try reader.readText("\(key).date", "a date, \"2026-12-01\"")
                guard let value = CalendarDay(iso: Substring(text)) else {
                    throw reader.scanner.failure(
                        at: start, "\(JSONText.quote(text)) is not a day that exists, as YYYY-MM-DD")
                }
                day = value
            case "time":
                if reader.scanner.take(literal: "null") { return }
                let text = try reader.readText("\(key).time", "a time of day, \"14:30\", or null")
                guard case .success(let value) = TimeOfDay.read(Substring(text)) else {
                    throw reader.scanner.failure(at: start, "\(JSONText.quote(text)) is not a time of day, as HH:MM")
                }
                minute = value
            case "repeat":
                if reader.scanner.take(literal: "null") { return }
                let text = try reader.readText("\(key).repeat", "a repeater, \"+1w\", or null")
                guard let value = Repeater(Substring(text)) else {
                    throw reader.scanner.failure(
                        at: start, "\(JSONText.quote(text)) is not a repeater: +Nu, ++Nu or .+Nu, u one of d w m y")
                }
                repeater = value
            default:
                try reader.scanner.skipValue()
            }
        }
        guard let day else { throw scanner.failure(at: objectStart, "\"\(key)\" has no \"date\"") }
        return TaskDate(day: day, minuteOfDay: minute, repeater: repeater)
    }

    /// `{"key": "value"}`: properties as `set --property` takes them, each key once (ignoring
    /// case), in the document's order.
    private mutating func readProperties() throws -> [ItemProperty] {
        guard scanner.take(UInt8(ascii: "{")) else { throw wrongType("properties", "an object of text or null") }
        var properties: [ItemProperty] = []
        var keys = Set<String>()
        try readObject(after: "a property") { reader, key, keyStart in
            do {
                _ = try ItemProperty.validatedKey(key, in: key)
            } catch let error as OutlineError {
                throw reader.scanner.failure(at: keyStart, error.message)
            }
            guard keys.insert(key.lowercased()).inserted else {
                throw reader.scanner.failure(at: keyStart, "the property \(JSONText.quote(key)) is given twice")
            }
            let start = reader.scanner.offset
            let value = try reader.readText("properties", "an object of text")
            guard !value.isEmpty, ItemProperty.isOneLine(value) else {
                throw reader.scanner.failure(
                    at: start, "the value of \(JSONText.quote(key)) must be one line of text, not empty")
            }
            properties.append(ItemProperty(key: key, value: value))
        }
        return properties
    }

    /// Reads the members of an object whose `{` has been taken, up to its `}`: `member` reads
    /// each value, given the reader, the key and where the key starts.
    private mutating func readObject(
        after what: String, _ member: (inout JSONItemReader, String, Int) throws -> Void
    ) throws {
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "}")) { return }
        repeat {
            scanner.skipWhitespace()
            let keyStart = scanner.offset
            guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.expected("a key in double quotes") }
            let key = try scanner.readString()
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"), #"":""#, after: "a key")
            scanner.skipWhitespace()
            try member(&self, key, keyStart)
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), #""," or "}""#, after: what)
    }

    /// A moment as `ls --json` writes it, `2026-11-21T21:40:12Z`.
    private mutating func readMoment(_ key: String) throws -> Date {
        let start = scanner.offset
        let text = try readText(key, "a moment, \"2026-11-21T21:40:12Z\", or null")
        guard let date = UTCMoment.date(text) else {
            throw scanner.failure(
                at: start, "\(JSONText.quote(text)) is not a moment in UTC, as YYYY-MM-DDTHH:MM:SSZ")
        }
        return date
    }
}
