extension CalendarDay {
    /// The days from 1970-01-01 to this day (negative before it), in the proleptic Gregorian
    /// calendar.
    ///
    /// Howard Hinnant's `days_from_civil`: years counted from March, so that the leap day falls at
    /// the end of a year and every era of 400 years is the same.
    var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01: the inverse of `daysSinceEpoch` (Hinnant's
    /// `civil_from_days`).
    init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(checkedYear: year, month: month, day: day)
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDay {
        days == 0 ? self : CalendarDay(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The same day of the month `months` later (earlier when negative), or, where that month is
    /// too short, as many days past its end as the day lies beyond it: 2026-01-31 plus one month
    /// is 2026-03-03, and 2024-02-29 plus twelve months is 2025-03-01.
    ///
    /// That is org-mode's rule, because its repeaters are the reference for ours: org moves a
    /// timestamp by adding to the month of Emacs' `decode-time` and letting `encode-time` carry
    /// the days that overflow into the next month. A year is twelve months.
    public func adding(months: Int) -> CalendarDay {
        guard months != 0 else { return self }
        let monthsSinceYearZero = year * 12 + (month - 1) + months
        let newYear = monthsSinceYearZero >= 0 ? monthsSinceYearZero / 12 : (monthsSinceYearZero - 11) / 12
        let newMonth = monthsSinceYearZero - newYear * 12 + 1
        let first = CalendarDay(checkedYear: newYear, month: newMonth, day: 1)
        guard day > Self.length(ofMonth: newMonth, in: newYear) else {
            return CalendarDay(checkedYear: newYear, month: newMonth, day: day)
        }
        return first.adding(days: day - 1)
    }
}
