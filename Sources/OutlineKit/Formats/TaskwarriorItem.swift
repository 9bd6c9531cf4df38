import Foundation

/// One task's fields made an item: `description` the title; `status` pending or waiting `TODO`,
/// completed `DONE` with `end` as the done time; `annotations` the note, a line each
/// (`2026-12-01 14:30 text`, local); `tags`; `due` and `scheduled` as local dates to the minute
/// (midnight as the day alone), `recur` as the due date's repeater (a recurring instance without
/// one takes its template's) and `scheduled_repeat` as the scheduled date's; `priority` H, M, L
/// as A, B, C; every other field but `id` and `urgency` a property.
struct TaskwarriorItem {
    /// The task, with the fields made into attributes taken out as they are read.
    private(set) var task: TaskwarriorTask
    /// The template a recurring instance was made from, if the document holds it.
    let template: TaskwarriorTask?
    /// The zone of the outline's local dates.
    let timeZone: TimeZone

    /// A converter for `task`.
    init(task: TaskwarriorTask, template: TaskwarriorTask?, timeZone: TimeZone) {
        self.task = task
        self.template = template
        self.timeZone = timeZone
    }

    /// The item; what it cannot carry is counted in `report`.
    ///
    /// - Throws: `DocumentError` (line only: the reader names the place) for a title or note
    ///   the outline refuses or a date that is not one.
    mutating func item(report: inout ImportReport) throws -> ImportedItem {
        let line = task.line
        guard let description = task.description else { throw DocumentError(line: line, "the task has no description") }
        let isDone = task.status == "completed"
        var attributes = ItemAttributes(state: isDone ? "DONE" : "TODO")
        var item = ImportedItem(title: description, isDone: isDone)
        item = try MarkdownReader.checked(item, line: line)
        if isDone, let end = task.take("end") { item.doneAt = try moment("end", end) }
        attributes.tags = tags(report: &report)
        if let due = task.take("due") {
            attributes.due = TaskwarriorTime.taskDate(try moment("due", due), in: timeZone)
        }
        if let scheduled = task.take("scheduled") {
            attributes.scheduled = TaskwarriorTime.taskDate(try moment("scheduled", scheduled), in: timeZone)
        }
        readRepeaters(&attributes, report: &report)
        if let priority = task.take("priority") {
            if let value = try? Priority(parsing: priority) {
                attributes.priority = value
            } else {
                report.record(.dropped("priority other than H, M or L", "priorities other than H, M or L"), line: line)
            }
        }
        attributes.properties = properties(report: &report)
        item.attributes = attributes
        item.note = try note()
        return item
    }

    /// The due date's repeater from `recur` (the template's, for an instance that lacks one),
    /// and the scheduled date's from `scheduled_repeat`. A period no org repeater can say stays
    /// a property.
    private mutating func readRepeaters(_ attributes: inout ItemAttributes, report: inout ImportReport) {
        if attributes.due != nil, let period = task.field("recur") ?? template?.field("recur") {
            if let repeater = TaskwarriorRecurrence.repeater(period) {
                attributes.due?.repeater = repeater
                _ = task.take("recur")
            } else {
                if task.field("recur") == nil { task.fields.append(("recur", period)) }
                report.record(
                    .kept(
                        "recurrence that no org repeater says", "recurrences that no org repeater says",
                        "as the property recur"), line: task.line)
            }
        }
        if let text = task.take("scheduled_repeat") {
            // Outline's own field: the scheduled date's repeater. Without a date to repeat, or
            // one no repeater reads, it cannot be kept (`export` writes the field itself).
            if attributes.scheduled != nil, let repeater = Repeater(Substring(text)) {
                attributes.scheduled?.repeater = repeater
            } else {
                report.record(
                    .dropped(
                        "scheduled_repeat without a scheduled date it repeats",
                        "scheduled_repeats without a scheduled date they repeat"), line: task.line)
            }
        }
    }

    /// The tags the outline can hold; others are dropped and counted.
    private func tags(report: inout ImportReport) -> [String] {
        var tags: [String] = []
        var keys = Set<String>()
        for text in task.tags {
            guard let tag = try? Tag.validated(text) else {
                report.record(
                    .dropped("tag that outline cannot hold", "tags that outline cannot hold"), line: task.line)
                continue
            }
            if keys.insert(Tag.key(tag)).inserted { tags.append(tag) }
        }
        return tags
    }

    /// The fields left, `uuid` first, as properties; one whose name cannot be a property key
    /// (or is reserved) or whose value is empty or of several lines is dropped and counted.
    private func properties(report: inout ImportReport) -> [ItemProperty] {
        var properties: [ItemProperty] = []
        var keys = Set<String>()
        let fields = (task.uuid.map { [("uuid", $0)] } ?? []) + task.fields
        for (key, value) in fields {
            guard (try? ItemProperty.validatedKey(key, in: key)) != nil, !value.isEmpty, ItemProperty.isOneLine(value),
                keys.insert(key.lowercased()).inserted
            else {
                report.record(
                    .dropped("field that cannot be a property", "fields that cannot be properties"), line: task.line)
                continue
            }
            properties.append(ItemProperty(key: key, value: value))
        }
        return properties
    }

    /// The annotations as the note: a line each, `2026-12-01 14:30 text`, in local time.
    private func note() throws -> String? {
        guard !task.annotations.isEmpty else { return nil }
        var lines: [String] = []
        for annotation in task.annotations {
            let entry = try moment("annotation's entry", annotation.entry)
            lines.append(TaskwarriorTime.stamp(entry, in: timeZone) + " " + annotation.text)
        }
        return try MarkdownReader.checkedNote(lines.joined(separator: "\n"), line: task.line)
    }

    /// The moment a field holds.
    private func moment(_ field: String, _ text: String) throws -> Date {
        guard let date = TaskwarriorTime.moment(text) else {
            throw DocumentError(
                line: task.line, "the \(field) \(JSONText.quote(text)) is not a moment, as 20261201T173000Z")
        }
        return date
    }
}
