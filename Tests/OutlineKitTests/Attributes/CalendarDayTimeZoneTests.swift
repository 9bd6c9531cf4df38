import Foundation
import Testing

@testable import OutlineKit

extension AttributesTests {
    /// Where a day begins and which day it is, in zones whose clocks change, at the seconds on
    /// either side of local midnight.
    @Suite("Calendar days in time zones")
    struct CalendarDayTimeZoneTests {
        typealias T = AttributesTests

        @Test func todayTurnsAtLocalMidnight() {
            let cases = [
                // Berlin in winter (UTC+1) and summer (UTC+2), the night before each change of clocks.
                ("Europe/Berlin", "2026-03-28T22:59:59Z", "2026-03-28"),
                ("Europe/Berlin", "2026-03-28T23:00:00Z", "2026-03-29"),
                ("Europe/Berlin", "2026-10-24T21:59:59Z", "2026-10-24"),
                ("Europe/Berlin", "2026-10-24T22:00:00Z", "2026-10-25"),
                // The day after a change: Berlin's midnight is an hour further from UTC's.
                ("Europe/Berlin", "2026-03-29T21:59:59Z", "2026-03-29"),
                ("Europe/Berlin", "2026-03-29T22:00:00Z", "2026-03-30"),
                // Behind UTC, the local day is still the day before.
                ("America/New_York", "2026-12-01T04:59:59Z", "2026-11-30"),
                ("America/New_York", "2026-12-01T05:00:00Z", "2026-12-01"),
                // São Paulo's clocks jumped from 23:59:59 to 01:00 on 2018-11-04.
                ("America/Sao_Paulo", "2018-11-04T02:59:59Z", "2018-11-03"),
                ("America/Sao_Paulo", "2018-11-04T03:00:00Z", "2018-11-04"),
                ("UTC", "2026-12-31T23:59:59Z", "2026-12-31"),
                ("UTC", "2027-01-01T00:00:00Z", "2027-01-01"),
                ("Pacific/Kiritimati", "2026-12-31T10:00:00Z", "2027-01-01"),
            ]
            for (zone, now, day) in cases {
                #expect(CalendarDay.today(in: T.zone(zone), now: T.moment(now)).description == day, "\(zone) \(now)")
            }
            // A fraction of a second before midnight is still the day before.
            let justBefore = T.moment("2026-12-01T05:00:00Z").addingTimeInterval(-0.001)
            #expect(CalendarDay.today(in: T.zone("America/New_York"), now: justBefore).description == "2026-11-30")
            // And before 1970, where the seconds since then are negative.
            #expect(
                CalendarDay.today(in: T.zone("UTC"), now: T.moment("1969-12-31T23:59:59Z")).description == "1969-12-31")
        }

        @Test func aDayStartsAtItsFirstMoment() {
            let cases = [
                // Midnight, an hour before the clocks go forward at 02:00, and two hours before
                // they go back at 03:00.
                ("Europe/Berlin", "2026-03-29", "2026-03-28T23:00:00Z"),
                ("Europe/Berlin", "2026-03-30", "2026-03-29T22:00:00Z"),
                ("Europe/Berlin", "2026-10-25", "2026-10-24T22:00:00Z"),
                ("Europe/Berlin", "2026-10-26", "2026-10-25T23:00:00Z"),
                // No midnight on 2018-11-04 in São Paulo: the day started at 01:00 (UTC-2).
                ("America/Sao_Paulo", "2018-11-03", "2018-11-03T03:00:00Z"),
                ("America/Sao_Paulo", "2018-11-04", "2018-11-04T03:00:00Z"),
                ("America/Sao_Paulo", "2018-11-05", "2018-11-05T02:00:00Z"),
                // On 2019-02-17 São Paulo's clocks went back from 00:00 to 23:00 the day before:
                // the 16th lasted 25 hours, and the 17th began at the second midnight.
                ("America/Sao_Paulo", "2019-02-16", "2019-02-16T02:00:00Z"),
                ("America/Sao_Paulo", "2019-02-17", "2019-02-17T03:00:00Z"),
                // Samoa skipped 2011-12-30: its first moment is the 31st's.
                ("Pacific/Apia", "2011-12-30", "2011-12-30T10:00:00Z"),
                ("Pacific/Apia", "2011-12-31", "2011-12-30T10:00:00Z"),
                ("UTC", "2026-12-01", "2026-12-01T00:00:00Z"),
                ("America/New_York", "2026-12-01", "2026-12-01T05:00:00Z"),
                ("Asia/Kolkata", "2026-12-01", "2026-11-30T18:30:00Z"),
            ]
            for (zone, day, start) in cases {
                #expect(T.day(day).start(in: T.zone(zone)) == T.moment(start), "\(zone) \(day)")
            }
        }

        /// `start(in:)` and `today(in:now:)` agree: a day's first moment is on that day, and the
        /// second before it on an earlier one, every day of two years in zones that change clocks.
        @Test func theFirstMomentIsTheFirstOfTheDay() {
            for zone in ["Europe/Berlin", "America/Sao_Paulo", "Australia/Lord_Howe", "America/New_York"] {
                var day = T.day("2018-01-01")
                while day < T.day("2020-01-01") {
                    let start = day.start(in: T.zone(zone))
                    #expect(CalendarDay.today(in: T.zone(zone), now: start) == day, "\(zone) \(day)")
                    #expect(CalendarDay.today(in: T.zone(zone), now: start - 1) < day, "\(zone) \(day)")
                    day = day.adding(days: 1)
                }
            }
        }
    }
}
