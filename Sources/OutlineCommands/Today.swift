import Foundation
import OutlineKit

/// The day that relative dates (`today`, `fri`, `+3d`), `agenda` and `find --due-by` count
/// from: the local date, or `$OUTLINE_TODAY` (`2026-12-01`) where it is set, to see another day's
/// agenda or to run an example session on a fixed day. Marking a task done then happens on that
/// day too, at the present time of day, so that its repeaters move from it.
enum Today {
    /// - Throws: `invalidDate` when `$OUTLINE_TODAY` is set but is not a date `YYYY-MM-DD`.
    static func current() throws -> CalendarDay {
        try pinned() ?? .today()
    }

    /// The moment a change happens at: now, or now's time of day on the pinned day.
    static func now() throws -> Date {
        let now = Date()
        guard let day = try pinned() else { return now }
        return day.start().addingTimeInterval(now.timeIntervalSince(CalendarDay.today(now: now).start()))
    }

    /// A DATE as the command line takes it (`DateInput`), counted from `today`, with its error
    /// the tool's own (`invalidDate`), for every option that takes one.
    static func date(_ text: String, from today: CalendarDay) throws -> TaskDate {
        do {
            return try DateInput.read(text, today: today)
        } catch {
            throw OutlineError.invalidDate(error.input, reason: error.reason)
        }
    }

    /// `$OUTLINE_TODAY`, read; nil where it is unset or empty.
    private static func pinned() throws -> CalendarDay? {
        guard let text = EnvironmentVariables.named(["OUTLINE_TODAY"])["OUTLINE_TODAY"], !text.isEmpty else {
            return nil
        }
        guard let day = CalendarDay(iso: text[...]) else {
            throw OutlineError.invalidDate(text, reason: "$OUTLINE_TODAY must be a date such as 2026-12-01")
        }
        return day
    }
}
