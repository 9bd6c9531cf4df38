/// A day of the Gregorian calendar, with no time zone: what a user means by "2026-12-01".
///
/// A due date is a day on the calendar, not a moment: the first of December stays the first of
/// December when the machine moves to another time zone, which a `Date` at midnight would not.
/// Days made from text or numbers lie in the years 0001 to 9999, so that their text has four
/// digits of year and sorts in time order.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The last day a date can be: 9999-12-31.
    static let latest = CalendarDay(year: 9999, month: 12, day: 31)!

    /// The year: 1 to 9999 for a day read or made with a checked initializer.
    public let year: Int
    /// The month, 1 (January) to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// The day, or nil for a day that does not exist (2026-02-30, a 13th month) or lies outside
    /// the years 0001 to 9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.init(checkedYear: year, month: month, day: day)
    }

    /// A day whose numbers the caller has checked, or computed from a checked day.
    init(checkedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day that `text` writes as exactly `YYYY-MM-DD`, or nil when it is written otherwise
    /// or does not exist.
    public init?(iso text: Substring) {
        guard let parts = Self.isoParts(text) else { return nil }
        self.init(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The three numbers of `YYYY-MM-DD`, unchecked, so that a reader can say which is wrong.
    static func isoParts(_ text: Substring) -> (year: Int, month: Int, day: Int)? {
        let bytes = text.utf8
        guard bytes.count == 10 else { return nil }
        let firstDash = bytes.index(bytes.startIndex, offsetBy: 4)
        let secondDash = bytes.index(firstDash, offsetBy: 3)
        guard bytes[firstDash] == UInt8(ascii: "-"), bytes[secondDash] == UInt8(ascii: "-"),
            let year = ASCIINumber.value(of: text[..<firstDash], lengths: 4...4),
            let month = ASCIINumber.value(of: text[bytes.index(after: firstDash)..<secondDash], lengths: 2...2),
            let day = ASCIINumber.value(of: text[bytes.index(after: secondDash)...], lengths: 2...2)
        else { return nil }
        return (year, month, day)
    }

    /// Whether `year` has a February 29th.
    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// How many days `month` (1 to 12) of `year` has.
    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The English name of `month` (1 to 12), for messages.
    static func name(ofMonth month: Int) -> String {
        [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ][month - 1]
    }

    /// Whether `lhs` comes before `rhs` on the calendar.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The day as `YYYY-MM-DD`, zero-padded: `2026-12-01`.
    public var description: String {
        let paddedYear = ASCIINumber.padded(year, width: 4)
        return "\(paddedYear)-\(ASCIINumber.padded(month, width: 2))-\(ASCIINumber.padded(day, width: 2))"
    }

    /// The day of the week, as ISO 8601 numbers it: 1 is Monday, 7 is Sunday.
    public var weekday: Int {
        // 1970-01-01, day 0, was a Thursday (4).
        let fromMonday = (daysSinceEpoch + 3) % 7
        return (fromMonday < 0 ? fromMonday + 7 : fromMonday) + 1
    }
}
