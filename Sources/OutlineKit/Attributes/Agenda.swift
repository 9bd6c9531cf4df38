import Foundation
import GRDB

/// What needs doing, as `outline agenda` shows it: open items due before today, then a section a
/// day with the open items scheduled or due on it (SPEC, the `agenda` row).
public struct AgendaSection: Equatable, Sendable {
    /// Which section: the overdue items, or one day's.
    public enum Day: Equatable, Sendable {
        /// Open items due before today.
        case overdue
        /// The items scheduled or due on this day.
        case day(CalendarDay)
    }

    /// Which section this is.
    public var day: Day
    /// Its items, by time of day (timed ones first), then priority.
    public var entries: [AgendaEntry]
}

/// One line of the agenda: an item, the date that puts it there, and which date that is.
/// (Its counts of children and descendants, which a line does not show, come from
/// `OutlineStore/details(of:)`.)
public struct AgendaEntry: Equatable, Sendable {
    /// Which of the item's dates puts it in the section.
    public enum Reason: String, Sendable {
        /// Its deadline.
        case due
        /// When it is to start.
        case scheduled
    }

    /// The item.
    public var item: Item
    /// Its anchored path.
    public var path: TitlePath
    /// Its state, tags, dates, priority and properties.
    public var attributes: ItemAttributes
    /// Why it is there.
    public var reason: Reason
    /// The date that falls in the section: the item's own, or one its `+` repeater reaches.
    public var date: TaskDate
}

extension OutlineStore {
    /// The agenda of `days` days from `today` (the overdue section first), for the items in
    /// `subtree`: sections that hold nothing are left out. An item with a `+` repeater is on
    /// every day it falls on in the range; `++` and `.+` repeaters, whose next date depends on
    /// when the item is done, put it on its current date only.
    ///
    /// - Throws: `unknownItem` when `subtree` does not exist.
    public func agenda(from today: CalendarDay = .today(), days: Int = 7, under subtree: ItemID = .root) throws
        -> [AgendaSection]
    {
        // No date lies after 9999-12-31: the days stop there.
        let last = min(today.adding(days: max(days, 1) - 1), CalendarDay.latest)
        return try read { db in
            try TreeQueries.requireParent(db, subtree)
            var overdue: [(ItemID, AgendaEntry.Reason, TaskDate)] = []
            var byDay: [CalendarDay: [(ItemID, AgendaEntry.Reason, TaskDate)]] = [:]
            for (reason, dated) in [
                (AgendaEntry.Reason.due, try Self.datedOpenItems(db, due: true, from: today, through: last)),
                (.scheduled, try Self.datedOpenItems(db, due: false, from: today, through: last)),
            ] {
                for (id, date) in dated {
                    if reason == .due, date.day < today { overdue.append((id, reason, date)) }
                    for day in Self.occurrences(of: date, from: today, through: last) {
                        var occurrence = date
                        occurrence.day = day
                        byDay[day, default: []].append((id, reason, occurrence))
                    }
                }
            }
            // Every item's path and attributes at once, through the search's tree; items outside
            // `subtree` drop out.
            let ids = Array(Set(overdue.map(\.0) + byDay.values.flatMap { $0.map(\.0) }))
            let found = Dictionary(
                try Search.found(ids, within: subtree, db).map { ($0.item.id, $0) },
                uniquingKeysWith: { first, _ in first })
            func entries(_ dated: [(ItemID, AgendaEntry.Reason, TaskDate)]) -> [AgendaEntry] {
                dated.compactMap { id, reason, date in
                    found[id].map { match in
                        AgendaEntry(
                            item: match.item, path: match.path, attributes: match.attributes,
                            reason: reason, date: date)
                    }
                }
            }
            var sections: [AgendaSection] = []
            // The longest overdue first.
            let late = entries(overdue).sorted { first, second in
                first.date.stored != second.date.stored
                    ? first.date.stored < second.date.stored : first.rank < second.rank
            }
            if !late.isEmpty { sections.append(AgendaSection(day: .overdue, entries: late)) }
            for day in byDay.keys.sorted() {
                let entries = entries(byDay[day]!).sorted { $0.rank < $1.rank }
                if !entries.isEmpty { sections.append(AgendaSection(day: .day(day), entries: entries)) }
            }
            return sections
        }
    }

    /// The open items with a due (or a scheduled) date that may be in the agenda from `first`
    /// through `last`, with that date: every due date up to `last` (the overdue ones too), and
    /// scheduled dates from `first` on, or earlier with a repeater that may reach the range.
    /// The partial index of open dated items holds each date with its repeater, so the rows come
    /// from the index alone (`Schema`, version 8).
    private static func datedOpenItems(_ db: Database, due: Bool, from first: CalendarDay, through last: CalendarDay)
        throws -> [(ItemID, TaskDate)]
    {
        // Stored dates sort in time order, a day's times after the day itself (`2026-12-01
        // 14:30`): every date on or before `last` sorts before its day followed by a `~`, which
        // sorts after a space and every digit.
        let end = last.description + "~"
        let statement =
            due
            ? try db.cachedStatement(
                sql: """
                    SELECT id, CAST(due AS TEXT), CAST(due_repeat AS TEXT) FROM item
                    WHERE due IS NOT NULL AND done_at IS NULL AND due < ?
                    """)
            : try db.cachedStatement(
                sql: """
                    SELECT id, CAST(scheduled AS TEXT), CAST(scheduled_repeat AS TEXT) FROM item
                    WHERE scheduled IS NOT NULL AND done_at IS NULL AND scheduled < ?
                    AND (scheduled >= ? OR scheduled_repeat IS NOT NULL)
                    """)
        let arguments: StatementArguments = due ? [end] : [end, first.description]
        var dated: [(ItemID, TaskDate)] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            guard let text = row[1] as String?, let date = TaskDate(stored: text, repeater: row[2]) else { continue }
            dated.append((row[0], date))
        }
        return dated
    }

    /// The days from `first` through `last` that `date` falls on: its own day, and with a `+`
    /// repeater every day it repeats on, as org-mode's agenda lists them: the date plus whole
    /// intervals, each counted from the date itself. A month that lacks the day spills over into
    /// the next, as org's dates do: 2026-10-31 +1m is on December 1st (November 31st), then on
    /// December 31st; 2024-02-29 +1y on March 1st of the years between leap years. `done`
    /// moves such a date the same way (`TaskDate.next`).
    static func occurrences(of date: TaskDate, from first: CalendarDay, through last: CalendarDay) -> [CalendarDay] {
        let last = min(last, CalendarDay.latest)
        guard let repeater = date.repeater, repeater.kind == .cumulate, date.day <= last else {
            return date.day >= first && date.day <= last ? [date.day] : []
        }
        var days: [CalendarDay] = []
        switch repeater.unit {
        case .day, .week:
            let step = repeater.count * (repeater.unit == .week ? 7 : 1)
            let start = date.day.daysSinceEpoch
            // The first whole number of steps that reaches `first`, or the date itself.
            let skipped = max(0, (first.daysSinceEpoch - start + step - 1) / step)
            var day = start + skipped * step
            while day <= last.daysSinceEpoch {
                days.append(CalendarDay(daysSinceEpoch: day))
                day += step
            }
        case .month, .year:
            let step = repeater.count * (repeater.unit == .year ? 12 : 1)
            let startMonth = date.day.year * 12 + date.day.month - 1
            let firstMonth = first.year * 12 + first.month - 1
            // From a step before the one of `first`'s month: that step's day may spill into it.
            var months = max(0, ((firstMonth - startMonth) / step - 1) * step)
            while true {
                let total = startMonth + months
                guard let monthStart = CalendarDay(year: total / 12, month: total % 12 + 1, day: 1),
                    monthStart <= last
                else { break }
                let day = monthStart.adding(days: date.day.day - 1)
                if day >= first, day <= last { days.append(day) }
                months += step
            }
        }
        return days
    }
}

extension AgendaEntry {
    /// The order within a section: timed entries first by their time, then by priority (A
    /// first, none last), then in id order.
    fileprivate var rank: (Int, Int, ItemID) {
        let priority = attributes.priority.map { ["A": 0, "B": 1, "C": 2][$0.rawValue] ?? 3 } ?? 3
        return (date.minuteOfDay ?? 24 * 60, priority, item.id)
    }
}
