import Foundation
import Testing

@testable import OutlineKit

/// The days a dated item is on in the agenda: org-mode's agenda lists a `+` repeater on the date
/// plus whole intervals, each counted from the date, skipping a month that lacks the day.
@Suite("the agenda's days of a repeating date")
struct AgendaOccurrenceTests {
    private func days(_ date: String, _ repeater: String?, from first: String, count: Int) throws -> [String] {
        let date = try #require(TaskDate(stored: date, repeater: repeater))
        let start = try #require(CalendarDay(iso: first[...]))
        return OutlineStore.occurrences(of: date, from: start, through: start.adding(days: count - 1))
            .map(\.description)
    }

    /// The days Emacs's org-mode 9.5 gives (`org-closest-date`, which its agenda asks for each
    /// day): a month that lacks the day spills over into the next. `OrgAgendaReferenceTests`
    /// asks Emacs itself.
    @Test func monthEndsAndLeapDaysFallWhereOrgModePutsThem() throws {
        #expect(try days("2024-02-29", "+1y", from: "2028-02-25", count: 10) == ["2028-02-29"])
        #expect(try days("2024-02-29", "+1y", from: "2025-02-25", count: 10) == ["2025-03-01"])
        #expect(
            try days("2026-10-31", "+1m", from: "2026-11-27", count: 130) == [
                "2026-12-01", "2026-12-31", "2027-01-31", "2027-03-03", "2027-03-31",
            ])
        #expect(
            try days("2026-01-30", "+1m", from: "2026-01-01", count: 100) == ["2026-01-30", "2026-03-02", "2026-03-30"])
        // September and November lack a 31st: their days are October 1st and December 1st.
        #expect(
            try days("2026-01-31", "+2m", from: "2026-02-01", count: 365) == [
                "2026-03-31", "2026-05-31", "2026-07-31", "2026-10-01", "2026-12-01", "2027-01-31",
            ])
    }

    /// The days stop at 9999-12-31, the last a date can be.
    @Test func noDayPassesTheLastDate() throws {
        #expect(try days("9999-12-20", "+1w", from: "9999-12-25", count: 30) == ["9999-12-27"])
        #expect(try days("9999-10-31", "+1m", from: "9999-12-01", count: 60) == ["9999-12-01", "9999-12-31"])
    }

    @Test func daysAndWeeksStepFromTheDate() throws {
        #expect(try days("2026-11-20", "+1w", from: "2026-11-27", count: 14) == ["2026-11-27", "2026-12-04"])
        #expect(try days("2026-11-25", "+3d", from: "2026-11-27", count: 7) == ["2026-11-28", "2026-12-01"])
        #expect(try days("2020-01-01", "+1d", from: "2026-11-27", count: 2) == ["2026-11-27", "2026-11-28"])
        // Without a + repeater, or with ++ and .+, the date's own day only.
        #expect(try days("2026-11-28", nil, from: "2026-11-27", count: 7) == ["2026-11-28"])
        #expect(try days("2026-11-20", "++1d", from: "2026-11-27", count: 7) == [])
        #expect(try days("2026-11-29", ".+1w", from: "2026-11-27", count: 7) == ["2026-11-29"])
        #expect(try days("2026-12-20", "+1d", from: "2026-11-27", count: 7) == [])
    }
}
