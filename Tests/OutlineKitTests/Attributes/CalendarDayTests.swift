import Foundation
import Testing

@testable import OutlineKit

extension AttributesTests {
    @Suite("Calendar days")
    struct CalendarDayTests {
        @Test func onlyDaysThatExistAreMade() {
            let exist = [(2026, 12, 31), (2028, 2, 29), (2000, 2, 29), (2026, 2, 28), (1, 1, 1), (9999, 12, 31)]
            for (year, month, day) in exist {
                #expect(CalendarDay(year: year, month: month, day: day) != nil, "\(year)-\(month)-\(day)")
            }
            let doNotExist = [
                (2026, 2, 29), (2027, 2, 29), (1900, 2, 29), (2026, 2, 30), (2026, 4, 31), (2026, 13, 1), (2026, 0, 1),
                (2026, 1, 0), (2026, 1, 32), (0, 1, 1), (-1, 1, 1), (10000, 1, 1),
            ]
            for (year, month, day) in doNotExist {
                #expect(CalendarDay(year: year, month: month, day: day) == nil, "\(year)-\(month)-\(day)")
            }
        }

        @Test func isoTextIsExactlyYearMonthDay() {
            #expect(CalendarDay(iso: "2026-12-01") == CalendarDay(year: 2026, month: 12, day: 1))
            #expect(CalendarDay(iso: "0001-01-01") == CalendarDay(year: 1, month: 1, day: 1))
            let refused = [
                "", "2026-1-01", "2026-12-1", "26-12-01", "2026/12/01", "2026-12-01 ", " 2026-12-01", "+026-12-01",
                "2026-02-30", "2027-02-29", "2026-13-01", "0000-01-01", "２０２６-12-01", "2026-12-0١", "2026-12-01T00:00",
                "20261201", "2026--1-01",
            ]
            for text in refused {
                #expect(CalendarDay(iso: Substring(text)) == nil, "\(text.debugDescription)")
            }
            // A slice of a longer text reads as well as a text of its own.
            let line = "due 2026-12-01 at noon"
            let slice = line.dropFirst(4).prefix(10)
            #expect(CalendarDay(iso: slice) == CalendarDay(year: 2026, month: 12, day: 1))
        }

        @Test func descriptionIsZeroPadded() {
            #expect(CalendarDay(year: 2026, month: 12, day: 1)!.description == "2026-12-01")
            #expect(CalendarDay(year: 5, month: 3, day: 7)!.description == "0005-03-07")
            #expect(CalendarDay(year: 9999, month: 12, day: 31)!.description == "9999-12-31")
        }

        @Test func weekdaysCountFromMonday() {
            let known = [
                ("1970-01-01", 4), ("1969-12-31", 3), ("2000-01-01", 6), ("2026-11-23", 1), ("2026-11-29", 7),
                ("2026-11-27", 5), ("2028-02-29", 2), ("0001-01-01", 1), ("9999-12-31", 5),
            ]
            for (text, weekday) in known {
                #expect(AttributesTests.day(text).weekday == weekday, "\(text)")
            }
        }

        /// The day arithmetic against Foundation's Gregorian calendar, day by day over eight
        /// centuries (after 1582: Foundation's calendar is Julian before its Gregorian reform).
        @Test func daysAgreeWithFoundationsCalendar() {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = AttributesTests.zone("UTC")
            var day = CalendarDay(year: 1601, month: 1, day: 1)!
            let epochDays = day.daysSinceEpoch
            for offset in stride(from: 0, to: 292_000, by: 37) {
                let moment = Date(timeIntervalSince1970: Double(epochDays + offset) * 86_400)
                let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: moment)
                day = CalendarDay(daysSinceEpoch: epochDays + offset)
                #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day])
                #expect(day.weekday == (parts.weekday! + 5) % 7 + 1)
                #expect(day.daysSinceEpoch == epochDays + offset)
            }
        }

        @Test func addingDaysCrossesMonthsYearsAndLeapDays() {
            let cases = [
                ("2026-12-31", 1, "2027-01-01"), ("2027-01-01", -1, "2026-12-31"), ("2028-02-28", 1, "2028-02-29"),
                ("2027-02-28", 1, "2027-03-01"), ("2026-03-01", -1, "2026-02-28"), ("2028-03-01", -1, "2028-02-29"),
                ("2026-11-27", 0, "2026-11-27"), ("2026-01-01", 365, "2027-01-01"), ("2028-01-01", 366, "2029-01-01"),
                ("1969-12-31", 1, "1970-01-01"), ("2000-02-28", 1, "2000-02-29"), ("2100-02-28", 1, "2100-03-01"),
            ]
            for (from, days, to) in cases {
                #expect(AttributesTests.day(from).adding(days: days).description == to, "\(from) + \(days)")
            }
        }

        /// Org-mode's rule: the days past a short month's end carry into the next month.
        @Test func addingMonthsCarriesPastShortMonths() {
            let cases = [
                ("2026-01-31", 1, "2026-03-03"), ("2028-01-31", 1, "2028-03-02"), ("2026-03-31", 1, "2026-05-01"),
                ("2026-03-31", -1, "2026-03-03"), ("2026-05-31", 1, "2026-07-01"), ("2024-02-29", 12, "2025-03-01"),
                ("2024-02-29", 48, "2028-02-29"), ("2024-02-29", 1, "2024-03-29"), ("2026-12-15", 1, "2027-01-15"),
                ("2026-01-15", -1, "2025-12-15"), ("2026-01-15", -13, "2024-12-15"), ("2026-01-15", 0, "2026-01-15"),
                ("2026-08-31", 1, "2026-10-01"), ("2026-12-31", 2, "2027-03-03"), ("2026-02-28", 1, "2026-03-28"),
                ("0001-03-31", -1, "0001-03-03"),
            ]
            for (from, months, to) in cases {
                #expect(AttributesTests.day(from).adding(months: months).description == to, "\(from) + \(months)m")
            }
        }

        @Test func daysSortInCalendarOrder() {
            let texts = ["2026-12-01", "2026-01-31", "2025-12-31", "2026-02-01", "0999-01-01", "2026-01-30"]
            let days = texts.map(AttributesTests.day)
            #expect(days.sorted().map(\.description) == texts.sorted())
            #expect(AttributesTests.day("2026-12-01") < AttributesTests.day("2026-12-02"))
            #expect(!(AttributesTests.day("2026-12-01") < AttributesTests.day("2026-12-01")))
        }
    }
}
