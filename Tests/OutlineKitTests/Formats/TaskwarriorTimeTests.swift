import Foundation
import Testing

@testable import OutlineKit

/// taskwarrior's moments and an outline's local times where the clocks change: what a local
/// time in the hour clocks repeat or skip means, and annotations' stamps, which keep their
/// offset so that neither a change of clocks nor another zone moves them.
@Suite("taskwarrior times across changes of clocks")
struct TaskwarriorTimeTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// The moment of a taskwarrior text, for expectations.
    static func moment(_ text: String) throws -> Date { try #require(TaskwarriorTime.moment(text)) }

    /// A local time the clocks show twice is the second of them (standard time), one they skip
    /// an hour later: what taskwarrior 2.6 itself makes of `due:2026-10-25T02:30` and
    /// `due:2026-03-29T02:30` in Europe/Paris, whatever the moment the export runs.
    @Test func aRepeatedHourIsItsSecondMomentAndASkippedOneAnHourLater() throws {
        let repeated = TaskDate(day: CalendarDay(year: 2026, month: 10, day: 25)!, minuteOfDay: 150)
        let skipped = TaskDate(day: CalendarDay(year: 2026, month: 3, day: 29)!, minuteOfDay: 150)
        #expect(TaskwarriorTime.text(TaskwarriorTime.moment(of: repeated, in: Self.paris)) == "20261025T013000Z")
        #expect(TaskwarriorTime.text(TaskwarriorTime.moment(of: skipped, in: Self.paris)) == "20260329T013000Z")
    }

    /// Both moments of a repeated hour keep their own stamp, and each reads back as itself in
    /// any zone.
    @Test func stampsKeepTheirOffsetAndReadBackInAnyZone() throws {
        let first = try Self.moment("20261025T003000Z")
        let second = try Self.moment("20261025T013000Z")
        #expect(TaskwarriorTime.stamp(first, in: Self.paris) == "2026-10-25 02:30+02:00")
        #expect(TaskwarriorTime.stamp(second, in: Self.paris) == "2026-10-25 02:30+01:00")
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        for moment in [first, second] {
            let line = TaskwarriorTime.stamp(moment, in: Self.paris) + " water"
            for zone in [Self.paris, tokyo] {
                let read = try #require(TaskwarriorTime.stamped(Substring(line), in: zone))
                #expect(read.moment == moment)
                #expect(read.text == "water")
            }
        }
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(TaskwarriorTime.stamp(first, in: newYork) == "2026-10-24 20:30-04:00")
        // A stamp without an offset, as notes kept them before, is local to the zone.
        #expect(
            TaskwarriorTime.stamped("2026-11-27 11:42 a", in: Self.paris)?.moment
                == (try Self.moment("20261127T104200Z")))
        #expect(TaskwarriorTime.stamped("2026-11-27 11:42+1:00 a", in: Self.paris)?.text == nil)
    }
}
