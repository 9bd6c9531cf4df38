/// One of org-mode's three repeaters: `+Nu`, `++Nu`, `.+Nu`, u in d w m y.
///
/// A repeater says where a task's date moves when the task is marked done; see
/// ``TaskDate/next(doneAt:in:)``. Org-mode's hourly repeaters (`+1h`) are not taken: a date here
/// repeats by days at the least.
public struct Repeater: Hashable, Sendable, CustomStringConvertible {
    /// How the next date is found.
    public enum Kind: Sendable {
        /// `+`: the date moves by the interval once, however far in the past it lies.
        case cumulate
        /// `++`: the date moves by the interval as many times as it takes to lie after today (after
        /// now, for a date with a time of day).
        case catchUp
        /// `.+`: the next date is the interval after the day the task was done.
        case restart
    }

    /// The unit of the interval.
    public enum Unit: Sendable {
        /// A day.
        case day
        /// Seven days.
        case week
        /// A month, by org-mode's rule at month ends (see ``CalendarDay/adding(months:)``).
        case month
        /// Twelve months.
        case year
    }

    /// How the next date is found.
    public var kind: Kind
    /// How many units the interval has: 1 or more.
    public var count: Int
    /// The unit of the interval.
    public var unit: Unit

    /// A repeater of `count` (1 or more) `unit`s.
    public init(kind: Kind, count: Int, unit: Unit) {
        precondition(count >= 1, "a repeater moves a date by one unit at the least")
        self.kind = kind
        self.count = count
        self.unit = unit
    }

    /// The repeater `text` writes, as org-mode does: `+1w`, `++2d`, `.+1m`; nil for any other
    /// text or a count of 0.
    public init?(_ text: Substring) {
        guard case .success(let repeater) = Self.read(text) else { return nil }
        self = repeater
    }

    /// Why a text is not a repeater, for `DateInput`'s messages.
    enum Problem: Error {
        /// The text does not start as a repeater does (`+`, `++` or `.+` then a digit).
        case notARepeater
        /// The count has no unit after it (`+1`).
        case noUnit
        /// The unit is not d, w, m or y, or more follows it.
        case unknownUnit
        /// The count is 0.
        case zeroCount
        /// The count has more than six digits: more would be a typing mistake, and the bound
        /// keeps the arithmetic on days far from overflowing.
        case countTooLarge
    }

    /// The repeater `text` writes, or why it is not one.
    static func read(_ text: Substring) -> Result<Repeater, Problem> {
        let kind: Kind
        var rest = text
        if rest.hasPrefix("++") {
            kind = .catchUp
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix(".+") {
            kind = .restart
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("+") {
            kind = .cumulate
            rest = rest.dropFirst()
        } else {
            return .failure(.notARepeater)
        }
        switch Interval.read(rest) {
        case .success(let interval):
            guard interval.count >= 1 else { return .failure(.zeroCount) }
            return .success(Repeater(kind: kind, count: interval.count, unit: interval.unit))
        case .failure(let problem): return .failure(problem)
        }
    }

    /// The repeater as org-mode writes it: `+1w`, `++2d`, `.+1m`.
    public var description: String {
        let prefix =
            switch kind {
            case .cumulate: "+"
            case .catchUp: "++"
            case .restart: ".+"
            }
        return prefix + Interval.text(count: count, unit: unit)
    }
}

/// A count and a unit, `3d` or `2w`: the shape of a repeater's interval and of an offset from
/// today (`+3d`).
enum Interval {
    /// The count and unit `text` writes (any case: `3D` is `3d`), or why it writes none.
    static func read(_ text: Substring) -> Result<(count: Int, unit: Repeater.Unit), Repeater.Problem> {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return .failure(.notARepeater) }
        guard let count = ASCIINumber.value(of: digits, lengths: 1...6) else { return .failure(.countTooLarge) }
        let unitText = text[digits.endIndex...]
        guard !unitText.isEmpty else { return .failure(.noUnit) }
        let unit: Repeater.Unit
        switch unitText.lowercased() {
        case "d": unit = .day
        case "w": unit = .week
        case "m": unit = .month
        case "y": unit = .year
        default: return .failure(.unknownUnit)
        }
        return .success((count, unit))
    }

    /// `count` and `unit` as org-mode writes them: `3d`.
    static func text(count: Int, unit: Repeater.Unit) -> String {
        let letter =
            switch unit {
            case .day: "d"
            case .week: "w"
            case .month: "m"
            case .year: "y"
            }
        return "\(count)\(letter)"
    }

    /// `day` moved by `count` `unit`s (back when `count` is negative), by org-mode's rules.
    static func move(_ day: CalendarDay, by count: Int, _ unit: Repeater.Unit) -> CalendarDay {
        switch unit {
        case .day: day.adding(days: count)
        case .week: day.adding(days: 7 * count)
        case .month: day.adding(months: count)
        case .year: day.adding(months: 12 * count)
        }
    }
}
