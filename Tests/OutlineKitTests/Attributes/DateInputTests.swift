import Foundation
import Testing

@testable import OutlineKit

extension AttributesTests {
    @Suite("Reading a DATE")
    struct DateInputTests {
        typealias T = AttributesTests
        /// A Friday.
        static let friday = T.day("2026-11-27")

        /// What `text` reads as on `today`, written back as a `TaskDate` writes itself.
        static func read(_ text: String, today: CalendarDay = friday) throws -> String {
            try DateInput.read(text, today: today).description
        }

        /// Why `text` is refused on `today`.
        static func reason(_ text: String, today: CalendarDay = friday) -> String? {
            do {
                _ = try DateInput.read(text, today: today)
                return nil
            } catch {
                #expect(error.input == text)
                return error.reason
            }
        }

        @Test func everyFormReads() throws {
            let cases = [
                ("2026-12-01", "2026-12-01"),
                ("2026-12-01 14:30", "2026-12-01 14:30"),
                ("2026-12-01T14:30", "2026-12-01 14:30"),
                ("2026-12-01t14:30", "2026-12-01 14:30"),
                ("2026-12-01 9:05", "2026-12-01 09:05"),
                ("2026-12-01 00:00", "2026-12-01 00:00"),
                ("2026-12-01 23:59", "2026-12-01 23:59"),
                ("today", "2026-11-27"),
                ("TODAY", "2026-11-27"),
                ("Tomorrow", "2026-11-28"),
                ("yesterday", "2026-11-26"),
                ("fri", "2026-12-04"),
                ("Friday", "2026-12-04"),
                ("sat", "2026-11-28"),
                ("thu", "2026-12-03"),
                ("thurs", "2026-12-03"),
                ("TUES", "2026-12-01"),
                ("wednesday", "2026-12-02"),
                ("+3d", "2026-11-30"),
                ("+2w", "2026-12-11"),
                ("+1m", "2026-12-27"),
                ("+1y", "2027-11-27"),
                ("-1d", "2026-11-26"),
                ("-2w", "2026-11-13"),
                ("-1m", "2026-10-27"),
                ("-1y", "2025-11-27"),
                ("+0d", "2026-11-27"),
                ("+1D", "2026-11-28"),
                ("fri +1w", "2026-12-04 +1w"),
                ("2026-12-01 14:30 .+1m", "2026-12-01 14:30 .+1m"),
                ("2026-12-01T14:30 ++2d", "2026-12-01 14:30 ++2d"),
                ("2026-12-01 +1y", "2026-12-01 +1y"),
                ("today ++1d", "2026-11-27 ++1d"),
                ("+3d +1m", "2026-11-30 +1m"),
                ("tomorrow 9:30", "2026-11-28 09:30"),
                ("fri 18:00 +1w", "2026-12-04 18:00 +1w"),
                ("  2026-12-01  ", "2026-12-01"),
                ("\t2026-12-01 14:30\n", "2026-12-01 14:30"),
                ("2026-12-01  14:30   +1w", "2026-12-01 14:30 +1w"),
                ("2026-12-01 +1W", "2026-12-01 +1w"),
            ]
            for (text, date) in cases {
                #expect(try Self.read(text) == date, "\(text.debugDescription)")
            }
            let read = try DateInput.read("2026-12-01 14:30 .+1m", today: Self.friday)
            #expect(read == TaskDate(day: T.day("2026-12-01"), minuteOfDay: 870, repeater: Repeater(".+1m")))
        }

        /// Each weekday, read on each day of a week, is the next one after that day: never the
        /// day itself.
        @Test func weekdaysAreTheNextOneAfterToday() throws {
            let names = [
                ["mon", "monday"], ["tue", "tuesday"], ["wed", "wednesday"], ["thu", "thursday"], ["fri", "friday"],
                ["sat", "saturday"], ["sun", "sunday"],
            ]
            var today = T.day("2026-12-28")  // a Monday, three days before the year ends
            for _ in 0..<7 {
                for (index, spellings) in names.enumerated() {
                    for name in spellings + [spellings[1].uppercased()] {
                        let day = try DateInput.read(name, today: today).day
                        #expect(day.weekday == index + 1, "\(name) on \(today)")
                        #expect(day > today && day <= today.adding(days: 7), "\(name) on \(today): \(day)")
                    }
                }
                today = today.adding(days: 1)
            }
            // On a Sunday, the end of the year: next Monday is in the next year.
            #expect(try Self.read("mon", today: T.day("2026-12-27")) == "2026-12-28")
            #expect(try Self.read("sun", today: T.day("2026-12-27")) == "2027-01-03")
        }

        @Test func offsetsCrossMonthAndYearEnds() throws {
            let cases = [
                ("2026-12-30", "+2d", "2027-01-01"), ("2026-12-30", "+1w", "2027-01-06"),
                ("2026-12-30", "+1m", "2027-01-30"), ("2026-12-30", "+2m", "2027-03-02"),
                ("2026-12-30", "-1y", "2025-12-30"), ("2027-01-01", "-1d", "2026-12-31"),
                ("2027-01-02", "-1w", "2026-12-26"), ("2027-01-31", "-2m", "2026-12-01"),
                ("2026-01-31", "+1m", "2026-03-03"), ("2028-01-31", "+1m", "2028-03-02"),
                ("2028-02-29", "+1y", "2029-03-01"), ("2028-02-29", "+4y", "2032-02-29"),
                ("2028-02-29", "-1d", "2028-02-28"), ("2026-03-01", "-1d", "2026-02-28"),
                ("2028-03-01", "-1d", "2028-02-29"), ("2026-02-28", "+1d", "2026-03-01"),
                ("2026-11-27", "+400d", "2028-01-01"), ("2026-11-27", "+999999d", "4764-10-23"),
            ]
            for (today, offset, day) in cases {
                #expect(try Self.read(offset, today: T.day(today)) == day, "\(offset) on \(today)")
            }
        }

        @Test func leapDaysExistOnlyInLeapYears() throws {
            #expect(try Self.read("2028-02-29") == "2028-02-29")
            #expect(try Self.read("2000-02-29") == "2000-02-29")
            #expect(Self.reason("2027-02-29") == "2027-02-29 does not exist: February 2027 has 28 days")
            #expect(Self.reason("1900-02-29") == "1900-02-29 does not exist: February 1900 has 28 days")
            #expect(Self.reason("2028-02-30") == "2028-02-30 does not exist: February 2028 has 29 days")
        }

        @Test func whatCannotBeReadIsRefusedWithAReason() {
            let expected = DateInput.expectedDate
            let cases: [(String, String)] = [
                ("2026-02-30", "2026-02-30 does not exist: February 2026 has 28 days"),
                ("2026-04-31", "2026-04-31 does not exist: April 2026 has 30 days"),
                ("2026-12-00", "2026-12-00 does not exist: December 2026 has 31 days"),
                ("2026-13-01", "2026-13-01 does not exist: months run from 01 to 12"),
                ("2026-00-10", "2026-00-10 does not exist: months run from 01 to 12"),
                ("0000-01-01", "0000-01-01 does not exist: years start at 0001"),
                ("2026-12-01 25:00", "25:00 is not a time of day: hours run from 00 to 23"),
                ("2026-12-01 24:00", "24:00 is not a time of day: hours run from 00 to 23"),
                ("2026-12-01T24:00", "24:00 is not a time of day: hours run from 00 to 23"),
                ("2026-12-01 14:60", "14:60 is not a time of day: minutes run from 00 to 59"),
                ("2026-12-01 14:3", "expected a time of day such as 14:30"),
                ("2026-12-01 14:30:00", "expected a time of day such as 14:30"),
                ("2026-12-01 1430", "expected a time of day such as 14:30"),
                ("2026-12-01T", "expected a time of day such as 14:30"),
                ("2026-12-01x", "expected a date written YYYY-MM-DD, such as 2026-12-01"),
                ("2026-1-5", "expected a date written YYYY-MM-DD, such as 2026-12-01"),
                ("01/12/2026", "expected a date written YYYY-MM-DD, such as 2026-12-01"),
                ("next fri", expected),
                ("fri next", "expected a repeater such as +1w, ++1d or .+1m (units d, w, m, y) after the date"),
                ("", expected),
                ("   ", expected),
                ("fr", expected),
                ("tom", expected),
                ("２０２６-12-01", expected),
                ("noon", expected),
                ("+", expected),
                ("+d", expected),
                ("+3", "+3 has no unit: expected d, w, m or y after the number, as in +3d"),
                ("-3", "-3 has no unit: expected d, w, m or y after the number, as in -3d"),
                ("+3x", "expected d, w, m or y after +3, as in +3d"),
                ("+3h", "expected d, w, m or y after +3, as in +3d"),
                ("+3dd", "expected d, w, m or y after +3, as in +3d"),
                ("+1000000d", "the number of an offset has at most 6 digits"),
                ("+999999y", "+999999y from 2026-11-27 is after 9999-12-31, the last day a date can be"),
                ("-2026y", "-2026y from 2026-11-27 is before 0001-01-01, the first day a date can be"),
                ("++1w", "the repeater ++1w comes after a date: \(expected)"),
                (".+1m", "the repeater .+1m comes after a date: \(expected)"),
                ("2026-12-01 +0w", "the repeater +0w never moves the date: its count must be 1 or more"),
                ("2026-12-01 +1", "the repeater +1 has no unit: expected d, w, m or y, as in +1w"),
                ("2026-12-01 ++1", "the repeater ++1 has no unit: expected d, w, m or y, as in ++1w"),
                ("2026-12-01 +1h", "expected a repeater such as +1w, ++1d or .+1m (units d, w, m, y) after the date"),
                ("2026-12-01 -1d", "expected a repeater such as +1w, ++1d or .+1m (units d, w, m, y) after the date"),
                ("2026-12-01 +1000000w", "the count of a repeater has at most 6 digits"),
                ("fri +1w extra", "expected nothing after the repeater +1w, as in \"fri +1w\""),
                ("fri +1w +1w", "expected nothing after the repeater +1w, as in \"fri +1w\""),
            ]
            for (text, reason) in cases {
                #expect(Self.reason(text) == reason, "\(text.debugDescription)")
            }
        }

        /// Every refusal is one line, lower case, without a period at its end, and starts with
        /// the input.
        @Test func refusalsReadAsOneLine() {
            let inputs = [
                "2026-02-30", "next fri", "+3", "2026-12-01 25:00", "fri\n+1w extra", "bad\u{1B}[2Jdate", "\"quoted\"",
                "fri +1w\nrm -rf",
            ]
            for input in inputs {
                do {
                    _ = try DateInput.read(input, today: Self.friday)
                    Issue.record("\(input.debugDescription) was read")
                } catch {
                    let text = error.description
                    #expect(text.hasPrefix("cannot read the date \(input.debugDescription): "))
                    #expect(!text.contains("\n") && !text.contains("\u{1B}"), "\(text.debugDescription)")
                    #expect(!text.hasSuffix("."), "\(text)")
                    #expect(error.reason.first?.isUppercase == false, "\(error.reason)")
                }
            }
            let error = DateInputError(
                input: "2026-02-30", reason: "2026-02-30 does not exist: February 2026 has 28 days")
            #expect(
                error.description
                    == "cannot read the date \"2026-02-30\": 2026-02-30 does not exist: February 2026 has 28 days")
        }
    }
}
