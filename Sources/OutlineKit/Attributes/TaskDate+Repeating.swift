import Foundation

extension TaskDate {
    /// The date a repeating task moves to when it is marked done at `doneAt` (local time in
    /// `zone`), by org-mode's rules; self when it has no repeater.
    ///
    /// The rules are those of org-mode 9.5's `org-auto-repeat-maybe`, which the tests check
    /// against Emacs itself:
    ///
    /// - `+Nu` moves the date by N units once, wherever it lies.
    /// - `++Nu` moves it by N units at least once, then again until it lies after `doneAt`'s day
    ///   (for a date with a time of day, after `doneAt`'s time on the clock), however many
    ///   times that takes.
    /// - `.+Nu` moves it to N units after `doneAt`'s day.
    ///
    /// A week is seven days and a year twelve months; a month is added as
    /// ``CalendarDay/adding(months:)`` says, one interval at a time, so that `++1m` from
    /// 2026-01-31 goes to 2026-03-03, then 2026-04-03. Every repeater keeps the time of day,
    /// even one that the clocks skip on the new day (02:30 on the night they go forward), which
    /// the date holds as the user set it: there alone org-mode differs, writing 03:30, because
    /// it moves a timestamp through a moment in the machine's time zone.
    public func next(doneAt: Date, in zone: TimeZone = .current) -> TaskDate {
        guard let repeater else { return self }
        let done = LocalTime(doneAt, in: zone)
        var moved = self
        switch repeater.kind {
        case .cumulate:
            moved.day = Interval.move(day, by: repeater.count, repeater.unit)
        case .restart:
            moved.day = Interval.move(done.day, by: repeater.count, repeater.unit)
        case .catchUp:
            moved.day = catchUpDay(after: done, by: repeater)
        }
        return moved
    }

    /// The day of a `++` repeater's next date: moved by whole intervals, at least one, until the
    /// date lies after `done`.
    ///
    /// Org-mode steps one interval at a time until the date is after now, then takes one step
    /// back and one forward again. That pair is left out here because it changes nothing: a
    /// date that is a step of months from another either kept that date's day of the month, which
    /// the step back finds again, or ran past a month's end into its 1st to 3rd, a day that
    /// every month has and both steps keep.
    private func catchUpDay(after done: LocalTime, by repeater: Repeater) -> CalendarDay {
        func isAfterDone(_ candidate: CalendarDay) -> Bool {
            guard candidate == done.day, let minuteOfDay else { return candidate > done.day }
            // Org compares the moments, to the second: a task due at 14:30 done at 14:30:00
            // exactly is not after it.
            return Double(minuteOfDay * 60) > done.secondsIntoDay
        }
        var candidate: CalendarDay
        switch repeater.unit {
        case .day, .week:
            // Days step evenly: jump straight to the last step before the day it was done, so
            // that a date decades old costs no more than one a week old. (Not to that day
            // itself: on it, a time of day later than the moment done is after it.)
            let step = repeater.count * (repeater.unit == .week ? 7 : 1)
            let behind = done.day.daysSinceEpoch - day.daysSinceEpoch
            let steps = behind > 0 ? (behind - 1) / step : 0
            candidate = day.adding(days: steps * step)
        case .month, .year:
            // A month's step may change the day of the month (January 31st to March 3rd), and
            // later steps keep the changed day: step one interval at a time, as org does.
            candidate = day
        }
        repeat {
            candidate = Interval.move(candidate, by: repeater.count, repeater.unit)
        } while !isAfterDone(candidate)
        return candidate
    }
}
