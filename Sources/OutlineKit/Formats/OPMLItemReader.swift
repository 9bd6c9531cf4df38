import Foundation

/// One `<outline>` element's attributes made an item: its title from `text` (or `title`, which
/// feed lists give alone), its note, whether it is done, the attributes `OPMLWriter` writes, and
/// every other attribute as a property, each checked as `set` checks it.
enum OPMLItemReader {
    /// The item that the attributes, in document order, of an element at `line` and `column`
    /// describe; what it cannot carry is counted in `report`.
    ///
    /// - Throws: `DocumentError` for a title or note the outline refuses, or one of outline's
    ///   own attributes whose value is not what `set` takes.
    static func item(
        _ attributes: [(name: String, value: String)], line: Int, column: Int, report: inout ImportReport
    ) throws -> ImportedItem {
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        func refuse(_ name: String, _ reason: String) -> DocumentError {
            DocumentError(line: line, column: column, "\(name)=\(JSONText.quote(value(name) ?? "")): \(reason)")
        }
        let text = value("text").flatMap { $0.isEmpty ? nil : $0 } ?? value("title") ?? ""
        var html = OPMLTitleHTML()
        let title = html.text(text)
        report.record(
            .dropped("bold and italic mark", "bold and italic marks"), line: line, count: html.droppedEmphasis)
        report.record(.dropped("other formatting mark", "other formatting marks"), line: line, count: html.droppedOther)
        let done = doneMark(value("_complete"), value("_status"), line: line, report: &report)
        var item = try MarkdownReader.checked(ImportedItem(title: title, isDone: done), line: line, emptyAllowed: true)
        if let note = value("_note") { item.note = try MarkdownReader.checkedNote(note, line: line) }

        var read = ItemAttributes()
        if let state = value("_state") {
            guard Workflow.canHold(state) else {
                throw refuse("_state", "not a keyword: upper-case letters, digits, _ and -, starting with a letter")
            }
            read.state = state
        }
        if let tags = value("_tags") {
            do {
                read.tags = try OPMLAttributes.tags(tags)
            } catch let error as OutlineError {
                throw refuse("_tags", error.message)
            }
        }
        for name in ["_scheduled", "_due"] {
            guard let text = value(name) else { continue }
            guard let date = OPMLAttributes.date(text) else {
                throw refuse(name, "not a date as YYYY-MM-DD, then HH:MM and a repeater (+1w) if any")
            }
            if name == "_due" { read.due = date } else { read.scheduled = date }
        }
        if let text = value("_priority") {
            guard let priority = try? Priority(parsing: text) else { throw refuse("_priority", "expected A, B or C") }
            read.priority = priority
        }
        if let text = value("_done_at") {
            guard let moment = UTCMoment.date(text) else {
                throw refuse("_done_at", "not a moment, as YYYY-MM-DDTHH:MM:SSZ")
            }
            if done {
                item.doneAt = moment
            } else {
                report.record(.dropped("done time on an open item", "done times on open items"), line: line)
            }
        }
        if let text = value("_last_done") {
            guard let moment = UTCMoment.date(text) else {
                throw refuse("_last_done", "not a moment, as YYYY-MM-DDTHH:MM:SSZ")
            }
            read.lastDone = moment
        }
        read.properties = properties(attributes, title: item.title, line: line, report: &report)
        item.attributes = read
        return item
    }

    /// Whether `_complete` (Workflowy's `true`) or `_status` (pandoc's `checked`) marks the item
    /// done, read ignoring case. `_complete="false"` and `_status="unchecked"` say it is open; any
    /// other value says something the outline cannot hold, and is dropped and counted.
    private static func doneMark(_ complete: String?, _ status: String?, line: Int, report: inout ImportReport)
        -> Bool
    {
        var done = false
        for (value, yes, no) in [(complete, "true", "false"), (status, "checked", "unchecked")] {
            guard let value else { continue }
            switch value.trimmingWhiteSpace().lowercased() {
            case yes: done = true
            case no: break
            default:
                report.record(
                    .dropped("done mark outline cannot read", "done marks outline cannot read"),
                    line: line)
            }
        }
        return done
    }

    /// The attributes that are not outline's own, as properties: a `title` that repeats the
    /// title is not one. One that cannot be a property (a name with `:` or `.`, a reserved
    /// name, an empty value or one of several lines) is dropped and counted.
    private static func properties(
        _ attributes: [(name: String, value: String)], title: String, line: Int, report: inout ImportReport
    ) -> [ItemProperty] {
        var properties: [ItemProperty] = []
        var keys = Set<String>()
        for (name, value) in attributes
        where !OPMLAttributes.known.contains(name) || (name == "title" && value != title) {
            let key = OPMLAttributes.propertyKey(ofAttribute: name)
            guard (try? ItemProperty.validatedKey(key, in: key)) != nil, !value.isEmpty, ItemProperty.isOneLine(value),
                keys.insert(key.lowercased()).inserted
            else {
                report.record(
                    .dropped("attribute that cannot be a property", "attributes that cannot be properties"), line: line)
                continue
            }
            properties.append(ItemProperty(key: key, value: value))
        }
        return properties
    }
}
