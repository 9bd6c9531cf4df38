import Foundation
import Testing

@testable import OutlineKit

/// taskwarrior's moments and an outline's local times where the clocks change.
@Suite("taskwarrior times across changes of clocks")
struct TaskwarriorTimeTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// A local time the clocks show twice is the second of them (standard time), one they skip
    /// an hour later: what taskwarrior 2.6 itself makes of `due:2026-10-25T02:30` and
    /// `due:2026-03-29T02:30` in Europe/Paris, whatever the moment the export runs.
    @Test func aRepeatedHourIsItsSecondMomentAndASkippedOneAnHourLater() throws {
        let repeated = TaskDate(day: CalendarDay(year: 2026, month: 10, day: 25)!, minuteOfDay: 150)
        let skipped = TaskDate(day: CalendarDay(year: 2026, month: 3, day: 29)!, minuteOfDay: 150)
        #expect(TaskwarriorTime.text(TaskwarriorTime.moment(of: repeated, in: Self.paris)) == "20261025T013000Z")
        #expect(TaskwarriorTime.text(TaskwarriorTime.moment(of: skipped, in: Self.paris)) == "20260329T013000Z")
    }
}
