import Foundation

/// What the model keeps of an item beyond its title, note and place (SPEC, "What an item holds"),
/// in plain values: keywords and tags as text, dates as the text of their day, time and repeater.
/// Moments are the clock readings of the commands that made them, as numbers the test hands out
/// (`TreeModel`'s methods take them as `at moment:`), never times.
public struct ModelDetails: Equatable, Sendable, CustomStringConvertible {
    /// The keyword of the outline's workflow; nil for a plain item.
    public var keyword: String?
    /// When the item became done; nil while it is open.
    public var doneAt: Int?
    /// When a repeating task was last marked done (it stayed open, its dates moved).
    public var lastDone: Int?
    /// The tags, each as first written, in the order they were added.
    public var tags: [String] = []
    /// `A`, `B` or `C`.
    public var priority: String?
    public var scheduled: ModelDate?
    public var due: ModelDate?
    /// The properties, in the order their keys were first set, each key as first written.
    public var properties: [ModelProperty] = []

    public init() {}

    /// Whether either date has a repeater: marking the item done moves its dates instead.
    public var repeats: Bool { scheduled?.repeater != nil || due?.repeater != nil }

    public var description: String {
        var parts = [keyword ?? "-", doneAt.map { "done@\($0)" } ?? "open", lastDone.map { "last@\($0)" } ?? "-"]
        parts.append("tags \(tags)")
        parts.append(priority.map { "[#\($0)]" } ?? "-")
        parts.append("scheduled \(scheduled?.description ?? "-")")
        parts.append("due \(due?.description ?? "-")")
        parts.append("properties \(properties.map { "\($0.key)=\($0.value)" })")
        return parts.joined(separator: " ")
    }
}

/// A scheduled or due date as the model keeps it: `2026-01-31`, a time `09:30` or none, and a
/// repeater `+1m` or none.
public struct ModelDate: Equatable, Sendable, CustomStringConvertible {
    public var day: String
    public var time: String?
    public var repeater: String?

    public init(day: String, time: String? = nil, repeater: String? = nil) {
        self.day = day
        self.time = time
        self.repeater = repeater
    }

    public var description: String { [day, time, repeater].compactMap { $0 }.joined(separator: " ") }

    /// Reads a DATE as the model's commands write it: `YYYY-MM-DD`, then optionally `HH:MM`,
    /// then optionally a `+Nu` repeater (u one of d w m y); nil for anything else, or a day that
    /// the calendar does not have. (The random commands give absolute dates and `+` repeaters
    /// only: the others depend on the clock.)
    public init?(reading text: String) {
        var words = text.split(separator: " ").map(String.init)
        guard let first = words.first, let (year, month, day) = Self.parts(of: first),
            (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        words.removeFirst()
        self.day = first
        if let time = words.first, time.count == 5, time.contains(":") {
            let pieces = time.split(separator: ":").compactMap { Int($0) }
            guard pieces.count == 2, (0..<24).contains(pieces[0]), (0..<60).contains(pieces[1]) else { return nil }
            self.time = time
            words.removeFirst()
        }
        if let repeater = words.first {
            guard Self.interval(of: repeater) != nil else { return nil }
            self.repeater = repeater
            words.removeFirst()
        }
        guard words.isEmpty else { return nil }
    }

    /// The date a `+` repeater moves it to: N days, N weeks, or N months (a year is twelve) on.
    /// Months are added to the month's number; a day that the new month lacks spills over into
    /// the next one, as org-mode does (2026-01-31 +1m is 2026-03-03). Itself without a repeater.
    public var moved: ModelDate {
        guard let repeater, let (count, unit) = Self.interval(of: repeater) else { return self }
        var (year, month, day) = Self.parts(of: self.day)!
        switch unit {
        case "d", "w":
            for _ in 0..<(unit == "w" ? 7 * count : count) {
                day += 1
                if day > Self.days(inMonth: month, of: year) {
                    day = 1
                    month += 1
                }
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
        default:
            let months = (year * 12 + month - 1) + (unit == "y" ? 12 * count : count)
            year = months / 12
            month = months % 12 + 1
            let length = Self.days(inMonth: month, of: year)
            if day > length {
                day -= length
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
        }
        var copy = self
        copy.day = String(format: "%04d-%02d-%02d", year, month, day)
        return copy
    }

    private static func parts(of day: String) -> (Int, Int, Int)? {
        let pieces = day.split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].count == 4, pieces[1].count == 2, pieces[2].count == 2,
            let year = Int(pieces[0]), let month = Int(pieces[1]), let day = Int(pieces[2])
        else { return nil }
        return (year, month, day)
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `+3d` as (3, "d"); nil for anything but `+`, a count of 1 or more, and a unit.
    private static func interval(of repeater: String) -> (Int, Character)? {
        guard repeater.hasPrefix("+"), !repeater.hasPrefix("++"), let unit = repeater.last, "dwmy".contains(unit),
            let count = Int(repeater.dropFirst().dropLast()), count >= 1
        else { return nil }
        return (count, unit)
    }
}

/// One `key: value` pair.
public struct ModelProperty: Equatable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// The outline's keywords: open ones, `|`, done ones.
public struct ModelWorkflow: Equatable, Sendable, CustomStringConvertible {
    public var open: [String]
    public var done: [String]

    public static let standard = ModelWorkflow(open: ["TODO"], done: ["DONE"])

    public var keywords: [String] { open + done }
    public var description: String { (open + ["|"] + done).joined(separator: " ") }

    init(open: [String], done: [String]) {
        self.open = open
        self.done = done
    }

    /// Reads a workflow as SPEC writes it; nil where it is refused: more than two halves, a half
    /// without keywords, a word that is no keyword (upper-case letters, digits, `_`, `-`, starting
    /// with a letter; org-mode's `(t)` after it dropped), a keyword given twice, or NONE. As
    /// org-mode reads a `#+TODO:` line, that prefix is dropped, and without a `|` the last
    /// keyword is the done one.
    public init?(reading text: String) {
        var line = Substring(text)
        if line.uppercased().hasPrefix("#+TODO:") { line = line.dropFirst("#+TODO:".count) }
        var halves = line.split(separator: "|", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        if halves.count == 1 {
            // org's form without a |: all open but the last.
            let words = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count > 1 else { return nil }
            halves = [Substring(words.dropLast().joined(separator: " ")), words.last!]
        }
        func keywords(_ half: Substring) -> [String]? {
            var result: [String] = []
            for word in half.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                var keyword = word
                if let paren = word.firstIndex(of: "(") {
                    guard word.hasSuffix(")") else { return nil }
                    keyword = word[..<paren]
                }
                let upper = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
                guard let first = keyword.first, upper.contains(first),
                    keyword.allSatisfy({ upper.contains($0) || $0.isASCII && $0.isNumber || $0 == "_" || $0 == "-" })
                else { return nil }
                result.append(String(keyword))
            }
            return result
        }
        guard let open = keywords(halves[0]), let done = keywords(halves[1]), !open.isEmpty, !done.isEmpty,
            Set(open + done).count == open.count + done.count, !(open + done).contains("NONE")
        else { return nil }
        self.init(open: open, done: done)
    }
}

/// What a `set` asks for, read by the model from the options as typed; nil where SPEC refuses a
/// value (a keyword is checked against the workflow only when applied).
struct ModelChange {
    /// `.some(nil)`: plain.
    var state: String??
    var addedTags: [String] = []
    var removedTags: [String] = []
    var scheduled: ModelDate??
    var due: ModelDate??
    var priority: String??
    var properties: [(key: String, value: String?)] = []

    static let reservedKeys: Set<String> = [
        "state", "tags", "scheduled", "due", "priority", "note", "complete", "status", "text",
    ]

    init?(_ options: SetOptions) {
        func isNone(_ text: String) -> Bool { text.lowercased() == "none" }
        func tag(_ text: String) -> String? {
            let tag = text.hasPrefix("#") ? String(text.dropFirst()) : text
            let valid = !tag.isEmpty && tag.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" }
            return valid ? tag : nil
        }
        func date(_ text: String) -> ModelDate?? {
            if isNone(text) { return .some(nil) }
            return ModelDate(reading: text).map { .some($0) }
        }
        for option in options.options {
            let value = option.value
            switch option.name {
            case .state: state = isNone(value) ? .some(nil) : value.uppercased()
            case .tag:
                guard let tag = tag(value) else { return nil }
                addedTags.append(tag)
            case .untag:
                guard let tag = tag(value) else { return nil }
                removedTags.append(tag)
            case .scheduled:
                guard let date = date(value) else { return nil }
                scheduled = date
            case .due:
                guard let date = date(value) else { return nil }
                due = date
            case .priority:
                let letters = ["A": "A", "B": "B", "C": "C", "H": "A", "M": "B", "L": "C"]
                if isNone(value) {
                    priority = .some(nil)
                } else {
                    guard let letter = letters[value.uppercased()] else { return nil }
                    priority = letter
                }
            case .property:
                guard let equals = value.firstIndex(of: "=") else { return nil }
                let key = value[..<equals].trimmingCharacters(in: .whitespaces)
                let text = value[value.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
                    !Self.reservedKeys.contains(key.lowercased())
                else { return nil }
                properties.append((key, text.isEmpty ? nil : text))
            }
        }
    }

    /// `details` with everything but the state changed: tags added, then removed (compared
    /// ignoring case, the first spelling kept), dates, priority, properties in order.
    func applied(to details: ModelDetails) -> ModelDetails {
        var result = details
        for tag in addedTags where !result.tags.contains(where: { $0.lowercased() == tag.lowercased() }) {
            result.tags.append(tag)
        }
        let removed = Set(removedTags.map { $0.lowercased() })
        result.tags.removeAll { removed.contains($0.lowercased()) }
        if let scheduled { result.scheduled = scheduled }
        if let due { result.due = due }
        if let priority { result.priority = priority }
        for (key, value) in properties {
            let index = result.properties.firstIndex { $0.key.lowercased() == key.lowercased() }
            if let index, let value {
                result.properties[index].value = value
            } else if let index {
                result.properties.remove(at: index)
            } else if let value {
                result.properties.append(ModelProperty(key: key, value: value))
            }
        }
        return result
    }
}
