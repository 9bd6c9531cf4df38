import Foundation

/// Reads a moment as `ls --json` writes `done_at` and `last_done`: ISO 8601 in UTC,
/// `2026-11-21T21:40:12Z`, to the second. Fractions of a second (`12.5Z`), which other tools
/// write, are read too; offsets other than `Z` are not, since nothing outline writes has one.
enum UTCMoment {
    /// The moment `text` writes, or nil when it is not one or names a day that does not exist.
    static func date(_ text: String) -> Date? {
        // ASCII only, so that a character's offset is its byte's.
        guard text.utf8.count >= 20, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        func part(_ offset: Int, _ length: Int) -> Substring { text.dropFirst(offset).prefix(length) }
        guard part(10, 1) == "T", part(13, 1) == ":", part(16, 1) == ":", text.last == "Z",
            let day = CalendarDay(iso: part(0, 10)),
            let hour = ASCIINumber.value(of: part(11, 2), lengths: 2...2), hour <= 23,
            let minute = ASCIINumber.value(of: part(14, 2), lengths: 2...2), minute <= 59,
            let second = ASCIINumber.value(of: part(17, 2), lengths: 2...2), second <= 59
        else { return nil }
        var fraction = 0.0
        let rest = text.dropFirst(19).dropLast()
        if !rest.isEmpty {
            guard rest.first == ".", let digits = ASCIINumber.value(of: rest.dropFirst(), lengths: 1...9) else {
                return nil
            }
            fraction = Double(digits) / pow(10, Double(rest.count - 1))
        }
        let seconds = ((day.daysSinceEpoch * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
