import Foundation

/// A moment as the clocks of one time zone show it: the day and how far into it.
struct LocalTime {
    /// The day the clocks show.
    var day: CalendarDay
    /// The seconds since that day's midnight on the clocks, fractions kept.
    var secondsIntoDay: Double

    /// `moment` as the clocks of `zone` show it: from the zone's offset at that moment, which is
    /// all a Gregorian `Calendar` would consult, without one to set up.
    init(_ moment: Date, in zone: TimeZone) {
        let local = moment.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: moment))
        let days = (local / 86_400).rounded(.down)
        day = CalendarDay(daysSinceEpoch: Int(days))
        secondsIntoDay = local - days * 86_400
    }
}
