import Foundation

extension CalendarDay {
    /// The day it is at `now` in `zone`.
    public static func today(in zone: TimeZone = .current, now: Date = Date()) -> CalendarDay {
        LocalTime(now, in: zone).day
    }

    /// The first moment of this day in `zone`: its midnight, or, on a day whose midnight a
    /// change of clocks skipped (São Paulo on 2018-11-04 went from 23:59:59 to 01:00), the
    /// moment the clocks jumped.
    public func start(in zone: TimeZone = .current) -> Date {
        // The first second at which the local clock reads this day or later: a bisection, exact
        // whatever the zone's rules, since offsets change on whole seconds. It needs the local
        // clock to go forward across midnight, which every zone's clock does: where clocks go
        // back at midnight, they go back to the day before (Brazil until 2019), and the day
        // starts after that.
        let midnight = daysSinceEpoch * 86_400
        // Offsets from UTC lie within ±16 hours (old local mean times included): 26 hours before
        // this day's midnight in UTC, the local clock still reads an earlier day, and 26 hours
        // after it, this day or a later one.
        var before = midnight - 26 * 3600
        var notBefore = midnight + 26 * 3600
        while notBefore - before > 1 {
            let middle = before + (notBefore - before) / 2
            let local = middle + zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(middle)))
            if local >= midnight { notBefore = middle } else { before = middle }
        }
        return Date(timeIntervalSince1970: Double(notBefore))
    }
}
