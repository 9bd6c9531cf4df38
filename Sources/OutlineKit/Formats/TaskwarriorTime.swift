import Foundation

/// taskwarrior's moments, `20261201T173000Z` (UTC, to the second), and how they become an
/// outline's local dates and back.
enum TaskwarriorTime {
    /// The moment `text` writes, or nil when it is not one.
    static func moment(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ offset: Int, _ length: Int) -> Int? {
            ASCIINumber.value(
                of: Substring(String(decoding: bytes[offset..<offset + length], as: UTF8.self)),
                lengths: length...length)
        }
        guard let year = number(0, 4), let month = number(4, 2), let dayOfMonth = number(6, 2),
            let day = CalendarDay(year: year, month: month, day: dayOfMonth),
            let hour = number(9, 2), hour <= 23, let minute = number(11, 2), minute <= 59,
            let second = number(13, 2), second <= 60
        else { return nil }
        return Date(timeIntervalSince1970: Double(((day.daysSinceEpoch * 24 + hour) * 60 + minute) * 60 + second))
    }

    /// `date` as taskwarrior writes a moment, to the second.
    static func text(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = UTCMoment.floorDivision(seconds, 86_400)
        let day = CalendarDay(daysSinceEpoch: days)
        return ASCIINumber.padded(day.year, width: 4) + ASCIINumber.padded(day.month, width: 2)
            + ASCIINumber.padded(day.day, width: 2) + "T" + ASCIINumber.padded(secondOfDay / 3600, width: 2)
            + ASCIINumber.padded(secondOfDay / 60 % 60, width: 2) + ASCIINumber.padded(secondOfDay % 60, width: 2) + "Z"
    }

    /// The local date `moment` falls on in `zone`, to the minute; local midnight is the day
    /// alone, which is what taskwarrior makes of `due:2026-12-01` and what `localMoment` writes
    /// for a date without a time.
    static func taskDate(_ moment: Date, in zone: TimeZone) -> TaskDate {
        let local = LocalTime(moment, in: zone)
        let minute = Int(local.secondsIntoDay) / 60
        return TaskDate(day: local.day, minuteOfDay: minute == 0 ? nil : minute)
    }

    /// The moment a local date means in `zone`: its time of day, or the day's start.
    static func moment(of date: TaskDate, in zone: TimeZone) -> Date {
        guard let minute = date.minuteOfDay else { return date.day.start(in: zone) }
        let wall = Double(date.day.daysSinceEpoch * 86_400 + minute * 60)
        // The offset at the wall time read as UTC, then at the moment that gives: right on
        // either side of a change of clocks.
        var guess = wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
        guess = wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
        return Date(timeIntervalSince1970: guess)
    }

    /// `moment` as an annotation's stamp in a note: `2026-12-01 14:30`, local.
    static func stamp(_ moment: Date, in zone: TimeZone) -> String {
        let local = LocalTime(moment, in: zone)
        return local.day.description + " " + TimeOfDay.text(Int(local.secondsIntoDay) / 60)
    }

    /// The moment of the stamp a note line starts with (`2026-12-01 14:30 `), and the text after
    /// it; nil for a line without one.
    static func stamped(_ line: Substring, in zone: TimeZone) -> (moment: Date, text: Substring)? {
        guard line.utf8.count >= 17, let day = CalendarDay(iso: line.prefix(10)) else { return nil }
        let afterDay = line.dropFirst(10)
        guard afterDay.first == " ", case .success(let minute) = TimeOfDay.read(afterDay.dropFirst().prefix(5)) else {
            return nil
        }
        let rest = afterDay.dropFirst(6)
        guard rest.isEmpty || rest.first == " " else { return nil }
        return (moment(of: TaskDate(day: day, minuteOfDay: minute), in: zone), rest.dropFirst())
    }
}
