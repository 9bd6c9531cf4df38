import Foundation
import OutlineKit
import OutlineTestSupport

/// One outline holding every attribute org carries and the notes org would misread unprotected,
/// for the org round trip and the org-mode reference test; and the org documents of outlines.
enum OrgRichOutline {
    /// The zone every done time is written in, with changes of clocks.
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    /// A note with a source block (indented, with lines org would read as a headline and a
    /// setting), a table, leading spaces, a star line, a `#+TODO:` line and a drawer.
    static let codeNote = """
        Run it:
        #+BEGIN_SRC python
          def f():
              return 1
        * not a headline
        #+TODO: NOT | SETTING
        ,* already a comma
        #+END_SRC
        | key | value |
        |-----+-------|
        | a   | 1     |
        """
    /// A note whose lines org would take for structure beyond the note, unprotected.
    static let structureNote = """
        SCHEDULED: <2026-01-01 Thu>
        * a star line
        ** two stars
        #+TODO: A | B
          #+TITLE: indented setting
        - a list
          - nested, indented
        :LOGBOOK:
        - State "DONE"       from "TODO"       [2026-11-20 Fri 09:12]
        :END:
        \u{200B}starts with a zero-width space
        """
    /// A note that starts with a blank line and a property drawer's first line.
    static let leadingNote = "\n    indented four\n:PROPERTIES:"

    /// The moment `text` (`2026-11-20 09:12`) names on the clocks of `zone`.
    static func moment(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    /// The day and minute `moment` shows on the clocks of `zone`, as a date.
    static func local(_ moment: Date) -> TaskDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
        return TaskDate(
            day: CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)!,
            minuteOfDay: parts.hour! * 60 + parts.minute!)
    }

    /// `moment` as org's inactive timestamp in `zone`: `[2026-11-20 Fri 09:12]`.
    static func inactiveStamp(_ moment: Date) -> String {
        let date = local(moment)
        let weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][date.day.weekday - 1]
        return "[\(date.day) \(weekday) \(date.time!)]"
    }

    /// `text` as a date: `2026-12-04 14:30 +1w`.
    static func date(_ text: String) -> TaskDate {
        let parts = text.split(separator: " ")
        var minute: Int?
        var repeater: Repeater?
        for part in parts.dropFirst() {
            if part.contains(":") {
                let hm = part.split(separator: ":").map { Int($0)! }
                minute = hm[0] * 60 + hm[1]
            } else {
                repeater = Repeater(part)
            }
        }
        return TaskDate(day: CalendarDay(iso: parts[0])!, minuteOfDay: minute, repeater: repeater)
    }

    /// Makes the outline in `store`.
    static func make(_ store: OutlineStore) throws {
        try store.setWorkflow(try Workflow(parsing: "TODO NEXT WAITING | DONE CANCELLED"))
        func add(_ title: String, under parent: ItemID = .root, _ fill: (inout AttributeChange) -> Void = { _ in })
            throws -> ItemID
        {
            var change = AttributeChange()
            fill(&change)
            // Done items are done at a fixed moment, so that the document is fixed too.
            return try store.add([title], under: parent, attributes: change, at: moment("2026-11-21 10:00")).ids[0]
        }
        let rent = try add("Pay rent") {
            $0.state = .keyword("NEXT")
            $0.priority = .some(.a)
            $0.addedTags = ["home", "@errands", "Café"]
            $0.scheduled = .some(date("2026-12-01 .+2d"))
            $0.due = .some(date("2026-12-04 14:30 +1w"))
            $0.properties = [("ID", "65f1-aa"), ("Effort", "1:30"), ("context", "home office")]
        }
        // Marked done with a repeating date: it stays open, with its last done time.
        try store.markDone([rent], at: moment("2026-11-20 09:12"))
        let trip = try add("Plan the trip") {
            $0.state = .keyword("WAITING")
            $0.priority = .some(.c)
            $0.due = .some(date("2027-03-28 02:30"))
        }
        try store.setNote(trip, to: codeNote)
        let flights = try add("Book flights", under: trip) {
            $0.state = .keyword("DONE")
            $0.scheduled = .some(date("2027-01-31"))
        }
        _ = flights
        let cancelled = try add("TODO list", under: trip) { $0.state = .keyword("CANCELLED") }
        _ = cancelled
        let notes = try add("Notes :not:tags:")
        try store.setNote(notes, to: structureNote)
        let comment = try add("COMMENT not a comment") { $0.priority = .some(.b) }
        try store.setNote(comment, to: leadingNote)
        _ = try add("[#A] not a priority", under: comment) { $0.addedTags = ["x1", "to_read"] }
        _ = try add("DONE deal", under: comment)
        _ = try add("NEXT step") { $0.state = .keyword("TODO") }
        // Done at 02:30:59 on the night the clocks go back, an hour that happens twice: org's
        // minute is 02:30, the seconds dropped.
        try store.setAttributes(
            [try add("Late")],
            {
                var change = AttributeChange(); change.state = .keyword("DONE"); return change
            }(),
            at: moment("2026-10-25 02:30").addingTimeInterval(59))
    }

    /// The org document of `store`'s outline.
    static func export(_ store: OutlineStore) throws -> String {
        var writer = OrgWriter(workflow: try store.workflow(), timeZone: zone)
        writer.begin(title: nil)
        try store.walk(readingAttributes: true, enter: { try writer.enter($0) }, leave: { writer.leave($0) })
        writer.end()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Every item with every attribute, one a line, times to the minute as org holds them.
    static func listing(_ store: OutlineStore) throws -> [String] {
        func minute(_ date: Date?) -> String {
            date.map { String(Int(($0.timeIntervalSince1970 / 60).rounded(.down))) } ?? "-"
        }
        var lines: [String] = []
        try store.walk(readingAttributes: true) { entry in
            let item = entry.item
            let attributes = entry.attributes ?? ItemAttributes()
            lines.append(
                [
                    "\(entry.depth)", item.title.debugDescription, "\(item.isDone)", minute(item.doneAt),
                    attributes.state ?? "-", minute(attributes.lastDone), attributes.tags.joined(separator: ","),
                    attributes.scheduled?.description ?? "-", attributes.due?.description ?? "-",
                    attributes.priority?.rawValue ?? "-",
                    attributes.properties.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
                    (item.note ?? "-").debugDescription,
                ].joined(separator: " | "))
        }
        return lines
    }
}
