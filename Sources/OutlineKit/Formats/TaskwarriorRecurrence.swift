/// taskwarrior's recurrence periods (`recur`) as org-mode's repeaters and back. taskwarrior moves
/// a recurring task's due date by the period from the last one, as org's `+` repeater does;
/// `Nm` (and `monthly`) is calendar months there, `Nd`, `Nw` and ISO 8601's `P1W` fixed lengths.
enum TaskwarriorRecurrence {
    /// The repeater a period stands for, or nil for one an org repeater cannot say (hours,
    /// `weekdays`, a period taskwarrior would not take).
    static func repeater(_ period: String) -> Repeater? {
        let text = period.lowercased()
        if let named = named[text] { return Repeater(kind: .cumulate, count: named.count, unit: named.unit) }
        var body = Substring(text)
        if body.hasPrefix("p") {
            // ISO 8601: P1W, P2D, P1M, P1Y (no time part).
            body = body.dropFirst()
            guard !body.contains("t") else { return nil }
        }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        guard let count = digits.isEmpty ? 1 : Int(digits), count >= 1, count <= 999_999 else { return nil }
        let unit: Repeater.Unit
        var total = count
        switch body[digits.endIndex...] {
        case "d", "day", "days": unit = .day
        case "w", "wk", "wks", "week", "weeks": unit = .week
        case "m", "mo", "mos", "mth", "mths", "month", "months": unit = .month
        case "q", "qtr", "qtrs", "quarter", "quarters":
            unit = .month
            total = count * 3
        case "y", "yr", "yrs", "year", "years": unit = .year
        default: return nil
        }
        if unit == .month, total % 12 == 0 { return Repeater(kind: .cumulate, count: total / 12, unit: .year) }
        return Repeater(kind: .cumulate, count: total, unit: unit)
    }

    /// The period taskwarrior repeats by for `repeater`, whatever its kind (taskwarrior has one):
    /// the names `task add recur:` is mostly given (`weekly`, `monthly`), else `3d`, `2w`, `5m`,
    /// and years beyond one as months, which taskwarrior counts on the calendar where it counts
    /// `Ny` as 365 days.
    static func period(_ repeater: Repeater) -> String {
        switch (repeater.count, repeater.unit) {
        case (1, .day): return "daily"
        case (1, .week): return "weekly"
        case (2, .week): return "biweekly"
        case (1, .month): return "monthly"
        case (3, .month): return "quarterly"
        default: break
        }
        return switch repeater.unit {
        case .day: "\(repeater.count)d"
        case .week: "\(repeater.count)w"
        case .month: "\(repeater.count)m"
        case .year: repeater.count == 1 ? "yearly" : "\(repeater.count * 12)m"
        }
    }

    /// The named periods taskwarrior knows that an org repeater can say.
    private static let named: [String: (count: Int, unit: Repeater.Unit)] = [
        "daily": (1, .day), "day": (1, .day), "weekly": (1, .week), "week": (1, .week), "biweekly": (2, .week),
        "fortnight": (2, .week), "monthly": (1, .month), "month": (1, .month), "bimonthly": (2, .month),
        "quarterly": (3, .month), "semiannual": (6, .month), "annual": (1, .year), "yearly": (1, .year),
        "year": (1, .year), "biannual": (2, .year), "biyearly": (2, .year),
    ]
}
