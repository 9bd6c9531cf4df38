/// Reads and writes a time of day, `14:30`, as the minutes since midnight (0 to 1439).
enum TimeOfDay {
    /// Why a text is not a time of day, for `DateInput`'s messages.
    enum Problem: Error {
        /// Not `H:MM` or `HH:MM`.
        case malformed
        /// The hour is past 23 (`24:00` included: the next day's `00:00` is meant).
        case hourOutOfRange
        /// The minutes are past 59.
        case minuteOutOfRange
    }

    /// The minute of the day that `text` writes: `HH:MM`, or also `H:MM` when `hourDigits` allows
    /// one digit.
    static func read(_ text: Substring, hourDigits: ClosedRange<Int> = 2...2) -> Result<Int, Problem> {
        guard let colon = text.firstIndex(of: ":"),
            let hour = ASCIINumber.value(of: text[..<colon], lengths: hourDigits),
            let minute = ASCIINumber.value(of: text[text.index(after: colon)...], lengths: 2...2)
        else { return .failure(.malformed) }
        guard hour <= 23 else { return .failure(.hourOutOfRange) }
        guard minute <= 59 else { return .failure(.minuteOutOfRange) }
        return .success(hour * 60 + minute)
    }

    /// `minute` (0 to 1439) as `HH:MM`.
    static func text(_ minute: Int) -> String {
        "\(ASCIINumber.padded(minute / 60, width: 2)):\(ASCIINumber.padded(minute % 60, width: 2))"
    }
}
