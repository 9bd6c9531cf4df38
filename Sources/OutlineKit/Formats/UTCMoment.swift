import Foundation

/// Reads a moment as `ls --json` writes `done_at` and `last_done`: ISO 8601 in UTC,
/// `2026-11-21T21:40:12Z`, to the second. Fractions of a second (`12.5Z`), which other tools
/// write, are read too; offsets other than `Z` are not, since nothing outline writes has one.
enum UTCMoment {
    /// The moment `text` writes, or nil when it is not one or names a day that does not exist.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), bytes.last == UInt8(ascii: "Z"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let day = CalendarDay(iso: text.prefix(10)),
            let hour = number(bytes[11..<13]), hour <= 23,
            let minute = number(bytes[14..<16]), minute <= 59,
            let second = number(bytes[17..<19]), second <= 59
        else { return nil }
        var fraction = 0.0
        let rest = bytes[19..<(bytes.count - 1)]
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "."), rest.count > 1, let digits = number(rest.dropFirst()) else {
                return nil
            }
            fraction = Double(digits) / pow(10, Double(rest.count - 1))
        }
        let seconds = ((day.daysSinceEpoch * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The value of ASCII digits (at most nine, so that it cannot overflow); nil for anything else.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
