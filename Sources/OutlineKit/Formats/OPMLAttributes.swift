import Foundation

/// The `_` attributes that carry an item's attributes in OPML, as the writer writes them and the
/// reader reads them back: `_state="TODO"`, `_tags="home errands"`, `_scheduled` and `_due` as a
/// user writes a date (`2026-12-01 14:30 +1w`), `_priority="A"`, `_done_at` and `_last_done` as
/// `ls --json` writes moments, and `_KEY` a property.
enum OPMLAttributes {
    /// The attributes the reader knows, beside the properties: none of them can name a property,
    /// since `ItemProperty.reservedKeys` holds each without its `_`.
    static let known: Set<String> = [
        "text", "title", "_note", "_complete", "_status", "_state", "_tags", "_scheduled", "_due", "_priority",
        "_done_at", "_last_done",
    ]

    /// The name of the attribute that holds the property `key`.
    static func name(ofProperty key: String) -> String { "_" + key }

    /// The property key an unknown attribute named `name` holds: its name without the leading
    /// `_` (`_color` and `color` are both `color`).
    static func propertyKey(ofAttribute name: String) -> String {
        name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
    }

    /// Whether `key` makes a valid XML attribute name after its `_`: XML 1.0's NameChar, which
    /// holds most but not all of what a property key may hold (not `ª`, `µ` or `º`, nor the
    /// circled letters, which Unicode calls alphabetic).
    static func isXMLName(afterUnderscore key: String) -> Bool {
        key.unicodeScalars.allSatisfy(isNameCharacter)
    }

    /// XML 1.0 (fifth edition)'s NameChar, less `:` and `.`, which property keys never hold.
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2D, 0xB7: true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x203F...0x2040: true
        case 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD: true
        case 0x10000...0xEFFFF: true
        default: false
        }
    }

    /// The tags as `_tags` holds them: one space between them (a tag holds no space).
    static func tagsText(_ tags: [String]) -> String { tags.joined(separator: " ") }

    /// The tags of a `_tags` value, split at spaces and commas (which no tag holds), each
    /// checked as `set --tag` checks it.
    ///
    /// - Throws: `OutlineError.invalidTag`.
    static func tags(_ text: String) throws -> [String] {
        var tags: [String] = []
        var keys = Set<String>()
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }) {
            let tag = try Tag.validated(String(word))
            if keys.insert(Tag.key(tag)).inserted { tags.append(tag) }
        }
        return tags
    }

    /// A date as `_scheduled` and `_due` hold it: `2026-12-01`, `2026-12-01 14:30`, then a
    /// repeater if it has one (`2026-12-01 +1w`).
    static func dateText(_ date: TaskDate) -> String { date.description }

    /// The date a `_scheduled` or `_due` value writes (a `T` may stand for the space before the
    /// time), or nil when it writes none.
    static func date(_ text: String) -> TaskDate? {
        var words = text.split(separator: " ", omittingEmptySubsequences: true)
        if let first = words.first, first.count == 16, first.dropFirst(10).first == "T" {
            words.replaceSubrange(0...0, with: [first.prefix(10), first.dropFirst(11)])
        }
        guard let first = words.first, let day = CalendarDay(iso: first), words.count <= 3 else { return nil }
        var minute: Int?
        var rest = words.dropFirst()
        if let time = rest.first, time.contains(":") {
            guard case .success(let value) = TimeOfDay.read(time) else { return nil }
            minute = value
            rest = rest.dropFirst()
        }
        var repeater: Repeater?
        if let text = rest.first {
            guard rest.count == 1, let value = Repeater(text) else { return nil }
            repeater = value
        }
        return TaskDate(day: day, minuteOfDay: minute, repeater: repeater)
    }
}
