/// The properties an export may not hand to taskwarrior as they are: a property named as one of
/// taskwarrior's own fields must hold what that field holds, or `task import` stops at the task
/// (`'never' is not a valid date`), and a malformed `imask` even breaks taskwarrior's own later
/// `task export`. Such an export is refused, with the item and property named, rather than
/// written into a file taskwarrior would take only in part.
enum TaskwarriorFieldCheck {
    /// The fields the writer makes from the item itself. A property of the same name would be
    /// lost under them, so the export refuses it (the reserved keys, `status` or `due`, cannot
    /// be properties at all).
    static let written: Set<String> = [
        "description", "status", "uuid", "project", "tags", "priority", "due", "scheduled", "scheduled_repeat",
        "outline_parent", "annotations", "id", "urgency",
    ]

    /// The fields of a recurring instance that tie it to its template (its uuid, which
    /// instance it is, how it recurs, and the template's record of its instances). A task that
    /// recurs is not written with the properties of these names: an open one gets them anew
    /// from the template the export writes for it (`TaskwarriorTemplates`), and a done one goes
    /// without, since no template is written for it and one it lacks is a broken link.
    static let recurrenceLinks: Set<String> = ["parent", "imask", "rtype", "mask"]

    /// Why the property `key` (compared ignoring case) with `value` cannot go to taskwarrior as
    /// it is on the task `item` and `attributes` make; nil when it can.
    static func problem(key: String, value: String, item: Item, attributes: ItemAttributes) -> String? {
        let key = key.lowercased()
        if key != "uuid", written.contains(key) {
            return "outline writes the field \(key) itself; rename or remove the property"
        }
        if recurrenceLinks.contains(key), recurs(attributes) { return nil }  // left out, not written
        switch key {
        case "uuid":
            return TaskwarriorWriter.validUUID(value) == nil ? "a uuid is 8-4-4-4-12 hex digits" : nil
        case "end" where !item.isDone:
            return "taskwarrior keeps an end only on a done task; remove the property or mark the item done"
        case "end"
        where item.doneAt.map(TaskwarriorTime.text) != nil
            && TaskwarriorTime.moment(value).map(TaskwarriorTime.text) != item.doneAt.map(TaskwarriorTime.text):
            return "outline writes the item's done time as end; remove the property"
        case "entry", "modified", "wait", "until", "start", "end":
            return TaskwarriorTime.moment(value) == nil ? "taskwarrior reads it as a moment, 20261201T000000Z" : nil
        case "imask":
            return Double(value) == nil ? "taskwarrior reads it as a number" : nil
        case "mask":
            return value.allSatisfy({ "-+XW".contains($0) }) ? nil : "taskwarrior reads it as - + X and W alone"
        case "rtype":
            return value == "periodic" || value == "chained" ? nil : "taskwarrior reads it as periodic or chained"
        case "recur" where attributes.due?.repeater != nil:
            return "outline writes the due date's repeater as recur; remove the property"
        case "recur":
            return attributes.due == nil ? "taskwarrior repeats a task by its due date, which this one lacks" : nil
        default:
            return nil
        }
    }

    /// Whether the task `attributes` make recurs in taskwarrior: it has a due date and a `recur`.
    static func recurs(_ attributes: ItemAttributes) -> Bool {
        attributes.due?.repeater != nil || attributes.due != nil && attributes.property("recur") != nil
    }
}
