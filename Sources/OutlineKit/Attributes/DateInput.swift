/// Reads a DATE as the command line takes it.
///
/// The forms are those of the specification's DATE, in org-mode's notation where org has one
/// (`+3d`, the repeaters). A refusal names the part that is wrong and what was expected, since
/// the user typed it a moment ago and wants to fix it, not to read a grammar.
public enum DateInput {
    /// `2026-12-01`, `2026-12-01 14:30`, `2026-12-01T14:30`, `today`, `tomorrow`, `yesterday`, a
    /// weekday (`fri`, `friday`, any case: the next one AFTER today, so on a Friday "fri" is a
    /// week later), an offset from today (`+3d`, `+2w`, `+1m`, `+1y`, `-1d`), each optionally
    /// followed by one space and a repeater (`"fri +1w"`, `"2026-12-01 14:30 .+1m"`). Surrounding
    /// white space trimmed.
    ///
    /// A time of day (`14:30`, or `9:30`) may also follow the other forms (`tomorrow 9:30`), as
    /// org-mode's date prompt takes it. An offset by months moves as
    /// ``CalendarDay/adding(months:)`` does: `+1m` on January 31st is March 3rd (2nd in a leap
    /// year), as in org-mode. Blanks between the parts may be more than one space.
    ///
    /// - Parameters:
    ///   - text: the DATE as typed.
    ///   - today: the day that `today`, the weekdays and the offsets count from.
    /// - Throws: ``DateInputError``, whose reason says which part is wrong and what was expected.
    public static func read(_ text: String, today: CalendarDay) throws(DateInputError) -> TaskDate {
        func refusal(_ reason: String) -> DateInputError { DateInputError(input: text, reason: reason) }
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline })[...]
        guard let first = words.popFirst() else { throw refusal(expectedDate) }
        let (day, minuteInDay) = try readDay(first, today: today).get(refusal)
        var minute = minuteInDay
        if minute == nil, let time = words.first, time.first?.isASCII == true, time.first?.isNumber == true {
            minute = try readTime(time).get(refusal)
            words.removeFirst()
        }
        var repeater: Repeater? = nil
        if let word = words.popFirst() {
            repeater = try readRepeater(word).get(refusal)
        }
        guard words.isEmpty else {
            throw refusal("expected nothing after the repeater \(repeater!), as in \"fri +1w\"")
        }
        return TaskDate(day: day, minuteOfDay: minute, repeater: repeater)
    }

    /// The reason given when the text is none of the forms.
    static let expectedDate =
        "expected a date such as 2026-12-01, 2026-12-01 14:30, today, fri or +3d, "
        + "optionally followed by a repeater such as +1w"

    /// The weekdays by their full English names, Monday first (ISO's 1).
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The day (and the time of day, for `2026-12-01T14:30`) that the first word names.
    private static func readDay(_ word: Substring, today: CalendarDay) -> Result<(CalendarDay, Int?), Reason> {
        let lowered = word.lowercased()
        switch lowered {
        case "today": return .success((today, nil))
        case "tomorrow": return .success((today.adding(days: 1), nil))
        case "yesterday": return .success((today.adding(days: -1), nil))
        default: break
        }
        // A weekday by its name or any start of it three letters or longer ("fri", "thurs").
        if lowered.count >= 3, let index = weekdays.firstIndex(where: { $0.hasPrefix(lowered) }) {
            let ahead = (index + 1 - today.weekday + 7) % 7
            return .success((today.adding(days: ahead == 0 ? 7 : ahead), nil))
        }
        if word.hasPrefix("++") || word.hasPrefix(".+") {
            // A repeater where the date should be: say so, when it is one.
            guard case .success(let repeater) = Repeater.read(word) else { return .failure(Reason(expectedDate)) }
            return .failure(Reason("the repeater \(repeater) comes after a date: \(expectedDate)"))
        }
        if word.first == "+" || word.first == "-" {
            return readOffset(word, today: today).map { ($0, nil) }
        }
        if word.first?.isASCII == true, word.first?.isNumber == true {
            return readISO(word)
        }
        return .failure(Reason(expectedDate))
    }

    /// The day `word` (`+3d`, `-1w`) counts from `today`.
    private static func readOffset(_ word: Substring, today: CalendarDay) -> Result<CalendarDay, Reason> {
        let sign = word.first == "-" ? -1 : 1
        // The sign and digits alone, which a message may repeat: whatever follows them may be
        // anything at all.
        let number = word.prefix(1) + word.dropFirst().prefix { $0.isASCII && $0.isNumber }
        let interval: (count: Int, unit: Repeater.Unit)
        switch Interval.read(word.dropFirst()) {
        case .success(let value): interval = value
        case .failure(.noUnit):
            return .failure(Reason("\(number) has no unit: expected d, w, m or y after the number, as in \(number)d"))
        case .failure(.unknownUnit):
            return .failure(Reason("expected d, w, m or y after \(number), as in \(number)d"))
        case .failure(.countTooLarge):
            return .failure(Reason("the number of an offset has at most 6 digits"))
        case .failure(.notARepeater), .failure(.zeroCount):
            return .failure(Reason(expectedDate))
        }
        let day = Interval.move(today, by: sign * interval.count, interval.unit)
        guard (1...9999).contains(day.year) else {
            let limit = sign > 0 ? "after 9999-12-31, the last" : "before 0001-01-01, the first"
            return .failure(Reason("\(word) from \(today) is \(limit) day a date can be"))
        }
        return .success(day)
    }

    /// The day, and the time if a `T` joins one, that `word` writes as `2026-12-01` or
    /// `2026-12-01T14:30`.
    private static func readISO(_ word: Substring) -> Result<(CalendarDay, Int?), Reason> {
        let dayText = word.prefix(10)
        guard let parts = CalendarDay.isoParts(dayText) else {
            return .failure(Reason("expected a date written YYYY-MM-DD, such as 2026-12-01"))
        }
        guard parts.year >= 1 else { return .failure(Reason("\(dayText) does not exist: years start at 0001")) }
        guard (1...12).contains(parts.month) else {
            return .failure(Reason("\(dayText) does not exist: months run from 01 to 12"))
        }
        let length = CalendarDay.length(ofMonth: parts.month, in: parts.year)
        guard let day = CalendarDay(year: parts.year, month: parts.month, day: parts.day) else {
            let month = "\(CalendarDay.name(ofMonth: parts.month)) \(ASCIINumber.padded(parts.year, width: 4))"
            return .failure(Reason("\(dayText) does not exist: \(month) has \(length) days"))
        }
        let rest = word.dropFirst(10)
        guard let separator = rest.first else { return .success((day, nil)) }
        guard separator == "T" || separator == "t" else {
            return .failure(Reason("expected a date written YYYY-MM-DD, such as 2026-12-01"))
        }
        return readTime(rest.dropFirst()).map { (day, $0) }
    }

    /// The minute of the day that `word` writes as `14:30` or `9:30`.
    private static func readTime(_ word: Substring) -> Result<Int, Reason> {
        switch TimeOfDay.read(word, hourDigits: 1...2) {
        case .success(let minute): return .success(minute)
        case .failure(.malformed): return .failure(Reason("expected a time of day such as 14:30"))
        case .failure(.hourOutOfRange):
            return .failure(Reason("\(word) is not a time of day: hours run from 00 to 23"))
        case .failure(.minuteOutOfRange):
            return .failure(Reason("\(word) is not a time of day: minutes run from 00 to 59"))
        }
    }

    /// The repeater that `word`, after the date, writes.
    private static func readRepeater(_ word: Substring) -> Result<Repeater, Reason> {
        switch Repeater.read(word) {
        case .success(let repeater): return .success(repeater)
        case .failure(.noUnit):
            return .failure(Reason("the repeater \(word) has no unit: expected d, w, m or y, as in \(word)w"))
        case .failure(.zeroCount):
            return .failure(Reason("the repeater \(word) never moves the date: its count must be 1 or more"))
        case .failure(.countTooLarge):
            return .failure(Reason("the count of a repeater has at most 6 digits"))
        case .failure(.notARepeater), .failure(.unknownUnit):
            return .failure(Reason("expected a repeater such as +1w, ++1d or .+1m (units d, w, m, y) after the date"))
        }
    }

    /// A refusal's reason, before the input is known to make the error of it.
    struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}

extension Result where Failure == DateInput.Reason {
    /// The value, or the error that `refusal` makes of the reason.
    fileprivate func get(_ refusal: (String) -> DateInputError) throws(DateInputError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let reason): throw refusal(reason.text)
        }
    }
}
