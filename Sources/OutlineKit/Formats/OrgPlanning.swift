import Foundation

/// Org's planning line, right under a headline: `SCHEDULED:`, `DEADLINE:` and `CLOSED:`, each
/// with a timestamp, in any order.
struct OrgPlanning {
    /// The date of `SCHEDULED:`.
    var scheduled: TaskDate?
    /// The date of `DEADLINE:`.
    var deadline: TaskDate?
    /// The day and minute of `CLOSED:`, a local time.
    var closed: TaskDate?
    /// What the timestamps held that the dates cannot.
    var losses: [OrgTimestamp.Loss] = []

    /// The three keywords, as org writes them.
    static let keywords = ["SCHEDULED:", "DEADLINE:", "CLOSED:"]

    /// Whether `line` starts as a planning line does (after white space), which org takes for one
    /// right under a headline.
    static func looksLikePlanning(_ line: Substring) -> Bool {
        let text = line.droppingSpacesAndTabs
        return keywords.contains { text.startsWith(ascii: $0) }
    }

    /// The planning line `line`; nil when it is not one, or holds what cannot be read (a day that
    /// does not exist, a keyword twice, other text), so that the reader keeps it in the note.
    init?(_ line: Substring) {
        var rest = line.droppingSpacesAndTabs
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            guard let keyword = Self.keywords.first(where: { rest.startsWith(ascii: $0) }) else { return nil }
            rest = rest.droppingASCII(keyword.utf8.count).droppingSpacesAndTabs
            guard let (reading, after) = OrgTimestamp.read(rest) else { return nil }
            switch keyword {
            case "SCHEDULED:":
                guard scheduled == nil else { return nil }
                scheduled = reading.date
            case "DEADLINE:":
                guard deadline == nil else { return nil }
                deadline = reading.date
            default:
                guard closed == nil else { return nil }
                closed = reading.date
            }
            losses += reading.losses
            guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
            rest = after.droppingSpacesAndTabs
        }
    }

    /// The planning line of an item, or nil when it has nothing to plan: `SCHEDULED: <...>
    /// DEADLINE: <...> CLOSED: [...]`, the done time on the clocks of `zone`.
    static func line(scheduled: TaskDate?, due: TaskDate?, doneAt: Date?, in zone: TimeZone) -> String? {
        var parts: [String] = []
        if let scheduled { parts.append("SCHEDULED: " + OrgTimestamp.active(scheduled)) }
        if let due { parts.append("DEADLINE: " + OrgTimestamp.active(due)) }
        if let doneAt { parts.append("CLOSED: " + OrgTimestamp.inactive(doneAt, in: zone)) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
