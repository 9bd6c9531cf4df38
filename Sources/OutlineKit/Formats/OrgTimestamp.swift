import Foundation

/// Org-mode's timestamps, as planning lines and `:LAST_REPEAT:` hold them:
/// `<2026-12-04 Fri 14:30 +1w>` (active) and `[2026-11-20 Fri 09:12]` (inactive).
///
/// Org writes the weekday in the language of the Emacs that wrote it and reads any word there,
/// so the reader passes over whatever word stands after the date; the writer writes English.
enum OrgTimestamp {
    /// What a timestamp held that an item's date cannot: each is dropped and counted.
    enum Loss {
        /// The end of a time range, `14:00-15:00`: a date holds one time of day.
        case timeRangeEnd
        /// A second timestamp after `--`: a date is one day.
        case dateRangeEnd
        /// A warning period on a deadline or a delay on a scheduled date, `-2d`.
        case warningPeriod
        /// A habit's range after a repeater, `.+1d/3d`.
        case habitRange
        /// An hourly repeater, `+1h`: a date here repeats by days at the least.
        case hourlyRepeater

        /// The report's kind for this loss.
        var kind: ImportReport.Kind {
            switch self {
            case .timeRangeEnd: .dropped("time range end", "time range ends")
            case .dateRangeEnd: .dropped("date range end", "date range ends")
            case .warningPeriod: .dropped("warning or delay period", "warning or delay periods")
            case .habitRange: .dropped("habit range", "habit ranges")
            case .hourlyRepeater: .dropped("hourly repeater", "hourly repeaters")
            }
        }
    }

    /// A timestamp as read: the date it names and what it held beyond that.
    struct Reading {
        /// The day, time of day and repeater.
        var date: TaskDate
        /// What the date could not hold.
        var losses: [Loss]
    }

    /// English weekday abbreviations, Monday first, as org-mode writes them in an English locale.
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `2026-12-04 Fri 14:30 +1w`: the inside of a timestamp.
    private static func body(_ day: CalendarDay, minute: Int?, repeater: Repeater?) -> String {
        var text = day.description + " " + weekdayNames[day.weekday - 1]
        if let minute { text += " " + TimeOfDay.text(minute) }
        if let repeater { text += " " + repeater.description }
        return text
    }

    /// The active timestamp of `date`: `<2026-12-04 Fri 14:30 +1w>`.
    static func active(_ date: TaskDate) -> String {
        "<" + body(date.day, minute: date.minuteOfDay, repeater: date.repeater) + ">"
    }

    /// The inactive timestamp of `moment` on the clocks of `zone`, to the minute (seconds
    /// dropped, as org's timestamps hold none): `[2026-11-20 Fri 09:12]`.
    static func inactive(_ moment: Date, in zone: TimeZone) -> String {
        let local = LocalTime(moment, in: zone)
        let minute = min(1439, Int((local.secondsIntoDay / 60).rounded(.down)))
        return "[" + body(local.day, minute: minute, repeater: nil) + "]"
    }

    /// The moment the clocks of `zone` show as `minute` of `day`; where a change of clocks makes
    /// that reading happen twice, one of the two, so that writing it again gives the same text.
    static func moment(_ day: CalendarDay, minute: Int, in zone: TimeZone) -> Date {
        let local = Double(day.daysSinceEpoch * 86_400 + minute * 60)
        let guess = local - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local)))
        return Date(timeIntervalSince1970: local - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))))
    }

    /// Reads the timestamp at the start of `text` (`<...>` or `[...]`, and a `--<...>` range end
    /// after it); nil when `text` does not start with one that names a day that exists.
    /// Returns the reading and the text after the timestamp.
    static func read(_ text: Substring) -> (reading: Reading, rest: Substring)? {
        guard let (first, rest) = readOne(text) else { return nil }
        var reading = first
        var after = rest
        if after.hasPrefix("--"), let (_, afterEnd) = readOne(after.dropFirst(2)) {
            reading.losses.append(.dateRangeEnd)
            after = afterEnd
        }
        return (reading, after)
    }

    /// One timestamp, without a range end.
    private static func readOne(_ text: Substring) -> (reading: Reading, rest: Substring)? {
        guard let open = text.first, open == "<" || open == "[" else { return nil }
        let close: Character = open == "<" ? ">" : "]"
        guard let end = text.firstIndex(of: close) else { return nil }
        let words = text[text.index(after: text.startIndex)..<end].split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first, let day = CalendarDay(iso: first) else { return nil }
        var minute: Int?
        var repeater: Repeater?
        var losses: [Loss] = []
        for word in words.dropFirst() {
            if word.first == "+" || word.hasPrefix(".+") {
                guard repeater == nil, let (value, lost) = readRepeater(word) else { return nil }
                repeater = value
                losses += lost
            } else if word.first == "-" {
                guard isInterval(word.drop { $0 == "-" }) else { return nil }
                losses.append(.warningPeriod)
            } else if word.first?.isASCII == true, word.first?.isNumber == true {
                guard minute == nil, let (value, hasEnd) = readTime(word) else { return nil }
                minute = value
                if hasEnd { losses.append(.timeRangeEnd) }
            } else if !word.allSatisfy({ $0.isLetter || $0 == "." }) {
                return nil  // not a weekday's name
            }
        }
        return (
            Reading(date: TaskDate(day: day, minuteOfDay: minute, repeater: repeater), losses: losses),
            text[text.index(after: end)...]
        )
    }

    /// `14:30`, `9:05` or `14:30-15:00`: the minute of the day, and whether a range end followed.
    private static func readTime(_ word: Substring) -> (minute: Int, hasEnd: Bool)? {
        let parts = word.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard case .success(let minute) = TimeOfDay.read(parts[0], hourDigits: 1...2) else { return nil }
        if parts.count == 2 {
            guard case .success = TimeOfDay.read(parts[1], hourDigits: 1...2) else { return nil }
        }
        return (minute, parts.count == 2)
    }

    /// `+1w`, `++2d`, `.+1m`, with a habit's `/3d` after it, or `+2h`: the repeater the outline
    /// can hold (nil for an hourly one, which is lost) and what was lost.
    private static func readRepeater(_ word: Substring) -> (Repeater?, [Loss])? {
        var losses: [Loss] = []
        var text = word
        if let slash = text.firstIndex(of: "/") {
            guard isInterval(text[text.index(after: slash)...]) else { return nil }
            losses.append(.habitRange)
            text = text[..<slash]
        }
        if text.last == "h" || text.last == "H" {
            let count = text.drop { $0 == "+" || $0 == "." }.dropLast()
            guard !count.isEmpty, count.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return (nil, losses + [.hourlyRepeater])
        }
        guard let repeater = Repeater(text) else { return nil }
        return (repeater, losses)
    }

    /// Whether `text` is a count and a unit, `2d` (org's units: h d w m y).
    private static func isInterval(_ text: Substring) -> Bool {
        guard let unit = text.last, "hdwmy".contains(unit.lowercased()) else { return false }
        let digits = text.dropLast()
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
