import Foundation

extension UTCMoment {
    /// `date` as ISO 8601 in UTC to the second, `2026-11-21T21:40:12Z`, as `ls --json` writes
    /// moments: what `date(_:)` reads back. Fractions of a second are dropped.
    static func text(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let day = CalendarDay(daysSinceEpoch: days)
        return day.description + "T" + TimeOfDay.text(secondOfDay / 60) + ":"
            + ASCIINumber.padded(secondOfDay % 60, width: 2) + "Z"
    }

    /// `value` divided by `divisor` (positive), rounded down, with the remainder that is never
    /// negative: moments before 1970 fall on the right day.
    static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }
}
