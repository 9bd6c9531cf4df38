import Foundation
import Testing

@testable import OutlineKit

extension AttributesTests {
    @Suite("Task dates and repeaters")
    struct TaskDateTests {
        typealias T = AttributesTests

        @Test func repeatersReadAndWriteAsOrgModeDoes() {
            let cases: [(String, Repeater.Kind, Int, Repeater.Unit)] = [
                ("+1w", .cumulate, 1, .week), ("++2d", .catchUp, 2, .day), (".+1m", .restart, 1, .month),
                ("+10y", .cumulate, 10, .year), ("++999999d", .catchUp, 999_999, .day),
            ]
            for (text, kind, count, unit) in cases {
                let repeater = Repeater(Substring(text))
                #expect(repeater == Repeater(kind: kind, count: count, unit: unit), "\(text)")
                #expect(repeater?.description == text)
            }
            #expect(Repeater("+1W")?.description == "+1w")
            let refused = [
                "", "+", "+0d", "++0w", "+1", "1w", "+-1w", "-1w", "+1h", "..+1w", "+++1w", ".1w", "+1wk", "+ 1w",
                "+1w ", " +1w", "+1000000d", ".+", "+١w",
            ]
            for text in refused {
                #expect(Repeater(Substring(text)) == nil, "\(text.debugDescription)")
            }
        }

        @Test func storedTextAndDescription() {
            let day = T.day("2026-12-01")
            let plain = TaskDate(day: day)
            #expect(plain.stored == "2026-12-01" && plain.time == nil && plain.description == "2026-12-01")
            let timed = TaskDate(day: day, minuteOfDay: 14 * 60 + 30)
            #expect(timed.stored == "2026-12-01 14:30" && timed.time == "14:30")
            #expect(TaskDate(day: day, minuteOfDay: 0).stored == "2026-12-01 00:00")
            #expect(TaskDate(day: day, minuteOfDay: 1439).stored == "2026-12-01 23:59")
            let weekly = TaskDate(day: day, repeater: Repeater("+1w"))
            #expect(weekly.stored == "2026-12-01" && weekly.description == "2026-12-01 +1w")
            let monthly = TaskDate(day: day, minuteOfDay: 870, repeater: Repeater(".+1m"))
            #expect(monthly.stored == "2026-12-01 14:30" && monthly.description == "2026-12-01 14:30 .+1m")
        }

        @Test func theColumnsReadBack() {
            let dates = [
                TaskDate(day: T.day("2026-12-01")),
                TaskDate(day: T.day("2026-12-01"), minuteOfDay: 870),
                TaskDate(day: T.day("0001-01-01"), minuteOfDay: 0, repeater: Repeater("++3d")),
                TaskDate(day: T.day("9999-12-31"), minuteOfDay: 1439, repeater: Repeater(".+1y")),
                TaskDate(day: T.day("2028-02-29"), repeater: Repeater("+2w")),
                TaskDate(day: T.day("2026-01-31"), minuteOfDay: 9 * 60 + 5, repeater: Repeater("+1m")),
            ]
            for date in dates {
                #expect(TaskDate(stored: date.stored, repeater: date.repeater?.description) == date, "\(date)")
            }
            let malformed: [(String, String?)] = [
                ("", nil), ("2026-12-01T14:30", nil), ("2026-12-01 9:30", nil), ("2026-12-01 24:00", nil),
                ("2026-02-30", nil), ("2026-12-01 14:30 ", nil), ("2026-12-01 ", nil), ("2026-12-01  14:30", nil),
                ("2026-12-01 14:30 +1w", nil), ("2026-12-01", "+0w"), ("2026-12-01", "1w"), ("2026-12-01", "+1h"),
                ("2026-12-01", "+1w "), ("2026-12-01", ""), ("today", nil), ("2026-12-01\u{301}", nil),
            ]
            for (stored, repeater) in malformed {
                #expect(
                    TaskDate(stored: stored, repeater: repeater) == nil,
                    "\(stored.debugDescription) \(repeater ?? "nil")")
            }
        }

        /// The column's text sorts as the dates do: by day, the day alone before its times.
        @Test func storedTextSortsInTimeOrder() {
            let dates = [
                TaskDate(day: T.day("2026-12-01"), minuteOfDay: 870), TaskDate(day: T.day("2026-12-01")),
                TaskDate(day: T.day("2026-11-30"), minuteOfDay: 1439),
                TaskDate(day: T.day("2026-12-01"), minuteOfDay: 0),
                TaskDate(day: T.day("2027-01-01")), TaskDate(day: T.day("2026-12-01"), minuteOfDay: 9 * 60),
                TaskDate(day: T.day("0999-12-31")),
            ]
            let inTimeOrder = dates.sorted { ($0.day, $0.minuteOfDay ?? -1) < ($1.day, $1.minuteOfDay ?? -1) }
            #expect(dates.map(\.stored).sorted() == inTimeOrder.map(\.stored))
        }

        /// A few of the rules by hand; `OrgRepeaterReferenceTests` checks many more against Emacs.
        @Test func repeatingDatesMove() {
            let utc = T.zone("UTC")
            func next(_ date: String, doneAt: String, in zone: TimeZone = utc) -> String {
                // The date's columns: its last word is the repeater, if it has one.
                let words = date.split(separator: " ")
                let repeats = words.count > 1 && !words.last!.first!.isNumber
                let stored = (repeats ? words.dropLast() : words[...]).joined(separator: " ")
                let read = TaskDate(stored: stored, repeater: repeats ? String(words.last!) : nil)!
                return read.next(doneAt: T.moment(doneAt), in: zone).description
            }
            let done = "2026-06-15T10:00:00Z"
            #expect(next("2026-01-31", doneAt: done) == "2026-01-31", "no repeater: no move")
            #expect(next("2020-01-01 +1w", doneAt: done) == "2020-01-08 +1w")
            #expect(next("2026-01-31 +1m", doneAt: done) == "2026-03-03 +1m")
            #expect(next("2026-01-31 ++1m", doneAt: done) == "2026-07-03 ++1m")
            #expect(next("2024-02-29 +1y", doneAt: done) == "2025-03-01 +1y")
            #expect(next("2026-06-10 11:00 ++1d", doneAt: done) == "2026-06-15 11:00 ++1d")
            #expect(next("2026-06-10 09:00 ++1d", doneAt: done) == "2026-06-16 09:00 ++1d")
            #expect(
                next("2026-06-10 10:00 ++1d", doneAt: done) == "2026-06-16 10:00 ++1d", "at the minute is not after")
            #expect(next("2026-06-15 11:00 ++1d", doneAt: done) == "2026-06-16 11:00 ++1d", "at least one step")
            #expect(next("2026-07-01 ++1w", doneAt: done) == "2026-07-08 ++1w", "at least one step")
            #expect(next("2026-06-01 07:45 .+2w", doneAt: done) == "2026-06-29 07:45 .+2w")
            #expect(next("2026-07-01 .+1d", doneAt: done) == "2026-06-16 .+1d", "from the day done, even if earlier")
            #expect(next("0001-01-01 ++1d", doneAt: done) == "2026-06-16 ++1d")
            #expect(next("0001-01-31 ++1m", doneAt: done) == "2026-07-03 ++1m")
            #expect(next("0001-01-01 ++3d", doneAt: done) == "2026-06-16 ++3d")
            // Done at 00:30 in Berlin, on the night of a change of clocks: the local day counts.
            let berlin = T.zone("Europe/Berlin")
            #expect(next("2026-03-20 .+1d", doneAt: "2026-03-28T23:30:00Z", in: berlin) == "2026-03-30 .+1d")
            #expect(next("2026-03-20 .+1d", doneAt: "2026-03-28T23:30:00Z") == "2026-03-29 .+1d")
            #expect(next("2026-03-28 ++1d", doneAt: "2026-03-28T23:30:00Z", in: berlin) == "2026-03-30 ++1d")
            #expect(
                next("2026-03-28 00:15 ++1d", doneAt: "2026-03-28T23:30:00Z", in: berlin) == "2026-03-30 00:15 ++1d")
            #expect(
                next("2026-03-28 00:45 ++1d", doneAt: "2026-03-28T23:30:00Z", in: berlin) == "2026-03-29 00:45 ++1d")
        }
    }
}
