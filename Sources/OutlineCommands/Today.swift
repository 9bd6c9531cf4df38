import OutlineKit

/// The day that relative dates (`today`, `fri`, `+3d`), `agenda` and `find --due-by` count
/// from: the local date, or `$OUTLINE_TODAY` (`2026-12-01`) where it is set, to see another day's
/// agenda or to run an example session on a fixed day.
enum Today {
    /// - Throws: `invalidDate` when `$OUTLINE_TODAY` is set but is not a date `YYYY-MM-DD`.
    static func current() throws -> CalendarDay {
        guard let text = EnvironmentVariables.named(["OUTLINE_TODAY"])["OUTLINE_TODAY"] else { return .today() }
        guard let day = CalendarDay(iso: text[...]) else {
            throw OutlineError.invalidDate(text, reason: "$OUTLINE_TODAY must be a date such as 2026-12-01")
        }
        return day
    }
}
