/// A date or a date and a time of day, local, to the minute, as a user set it, with an optional repeater.
///
/// What an item's `scheduled` and `due` hold. The time of day is a reading of the clock wherever
/// the user is, not a moment: a task due at 09:00 is due at 09:00 after a flight to another
/// time zone, as in org-mode, whose timestamps carry no zone either.
public struct TaskDate: Hashable, Sendable, CustomStringConvertible {
    /// The day.
    public var day: CalendarDay
    /// The time of day in minutes since midnight, 0 to 1439, or nil for the day alone.
    public var minuteOfDay: Int?
    /// How the date moves when its task is marked done, if it repeats.
    public var repeater: Repeater?

    /// A date on `day`, at `minuteOfDay` (0 to 1439) if given, repeating by `repeater` if given.
    public init(day: CalendarDay, minuteOfDay: Int? = nil, repeater: Repeater? = nil) {
        if let minuteOfDay { precondition((0..<1440).contains(minuteOfDay), "a day has minutes 0 to 1439") }
        self.day = day
        self.minuteOfDay = minuteOfDay
        self.repeater = repeater
    }

    /// The text of the date's column: `2026-12-01` or `2026-12-01 14:30`, without the repeater,
    /// which has a column of its own.
    ///
    /// The text sorts in time order, the date alone before any time on that day, so that the
    /// database can compare and index dates as text.
    public var stored: String {
        guard let time else { return day.description }
        return day.description + " " + time
    }

    /// The date that the columns hold: `stored` as ``stored`` writes it, `repeater` as
    /// ``Repeater/description`` does (`+1w`) or nil; nil when either is malformed.
    public init?(stored: String, repeater: String?) {
        let text = Substring(stored)
        guard let day = CalendarDay(iso: text.prefix(10)) else { return nil }
        var minute: Int? = nil
        if text.count > 10 {
            let rest = text.dropFirst(10)
            guard rest.first == " ", case .success(let value) = TimeOfDay.read(rest.dropFirst()) else { return nil }
            minute = value
        }
        var parsedRepeater: Repeater? = nil
        if let repeater {
            guard let value = Repeater(Substring(repeater)) else { return nil }
            parsedRepeater = value
        }
        self.init(day: day, minuteOfDay: minute, repeater: parsedRepeater)
    }

    /// The time of day as `HH:MM` (`14:30`), or nil for a date alone.
    public var time: String? {
        minuteOfDay.map(TimeOfDay.text)
    }

    /// The date as a user writes it, repeater included: `2026-12-01`, `2026-12-01 14:30`,
    /// `2026-12-01 +1w`, `2026-12-01 14:30 .+1m`.
    public var description: String {
        guard let repeater else { return stored }
        return stored + " " + repeater.description
    }
}
