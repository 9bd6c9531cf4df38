/// The dates of Markdown's `scheduled::` and `due::` lines and of Logseq's `SCHEDULED:` and
/// `DEADLINE:` lines: org-mode's active timestamp, `<2026-12-01 Tue 14:30 +1w>`, which Logseq
/// writes and shows for its own dates, and which holds a time and a repeater as `TaskDate` does.
enum MarkdownDate {
    /// Monday first, as `CalendarDay.weekday` numbers them from 1.
    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `<2026-12-01 Tue>`, `<2026-12-01 Tue 14:30 .+1m>`.
    static func text(_ date: TaskDate) -> String {
        var parts = [date.day.description, weekdayNames[date.day.weekday - 1]]
        if let time = date.time { parts.append(time) }
        if let repeater = date.repeater { parts.append(repeater.description) }
        return "<" + parts.joined(separator: " ") + ">"
    }

    /// The date `text` writes: a timestamp in `<>` (its day name is not checked, as org-mode does
    /// not check it), or the same without the brackets and the day name, as people type it
    /// (`2026-12-01 14:30 +1w`); nil for anything else, a warning delay (`-2d`) included, which
    /// an item cannot hold.
    static func read(_ text: Substring) -> TaskDate? {
        var inner = text
        if inner.hasPrefix("<") {
            guard inner.hasSuffix(">"), inner.count >= 2 else { return nil }
            inner = inner.dropFirst().dropLast()
        }
        var words = inner.split(separator: " ", omittingEmptySubsequences: true)[...]
        guard let first = words.popFirst(), let day = CalendarDay(iso: first) else { return nil }
        if let name = words.first, name.allSatisfy({ $0.isLetter }) { words.removeFirst() }
        var minute: Int?
        if let word = words.first, word.contains(":") {
            guard case .success(let value) = TimeOfDay.read(word, hourDigits: 1...2) else { return nil }
            minute = value
            words.removeFirst()
        }
        var repeater: Repeater?
        if let word = words.first {
            guard let value = Repeater(word) else { return nil }
            repeater = value
            words.removeFirst()
        }
        guard words.isEmpty else { return nil }
        return TaskDate(day: day, minuteOfDay: minute, repeater: repeater)
    }

    /// The dates of a planning line, `SCHEDULED: <...>` and `DEADLINE: <...>` in any order (one
    /// of each at most); nil when the line is anything else.
    static func planning(_ line: Substring) -> (scheduled: TaskDate?, due: TaskDate?)? {
        var rest = line
        var scheduled: TaskDate?
        var due: TaskDate?
        while !rest.isEmpty {
            let isScheduled = rest.startsWith(ascii: "SCHEDULED:")
            guard isScheduled || rest.startsWith(ascii: "DEADLINE:") else { return nil }
            rest = rest.droppingASCII(isScheduled ? 10 : 9).droppingSpacesAndTabs
            guard rest.hasPrefix("<"), let close = rest.firstIndex(of: ">"),
                let date = read(rest[...close])
            else { return nil }
            if isScheduled {
                guard scheduled == nil else { return nil }
                scheduled = date
            } else {
                guard due == nil else { return nil }
                due = date
            }
            rest = rest[rest.index(after: close)...].droppingSpacesAndTabs
        }
        guard scheduled != nil || due != nil else { return nil }
        return (scheduled, due)
    }
}
