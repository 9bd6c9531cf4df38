/// The properties an export may not hand to taskwarrior as they are: a property named as one of
/// taskwarrior's own fields must hold what that field holds, or `task import` stops at the task
/// (`'never' is not a valid date`), and a malformed `imask` even breaks taskwarrior's own later
/// `task export`. Such an export is refused, with the item and property named, rather than
/// written into a file taskwarrior would take only in part.
enum TaskwarriorFieldCheck {
    /// The fields the writer makes from the item itself, which a property of the same name does
    /// not replace (and `end`, a done item's done time, and `recur`, a due date's repeater, when
    /// the item has those).
    static let written: Set<String> = [
        "description", "status", "uuid", "project", "tags", "priority", "due", "scheduled", "scheduled_repeat",
        "outline_parent", "annotations", "id", "urgency",
    ]

    /// Why taskwarrior would not take the property `key` (compared ignoring case) with `value`
    /// on the task `attributes` make; nil when it would.
    static func problem(key: String, value: String, attributes: ItemAttributes) -> String? {
        switch key.lowercased() {
        case "uuid":
            return TaskwarriorWriter.validUUID(value) == nil ? "a uuid is 8-4-4-4-12 hex digits" : nil
        case "entry", "modified", "wait", "until", "start", "end":
            return TaskwarriorTime.moment(value) == nil ? "taskwarrior reads it as a moment, 20261201T000000Z" : nil
        case "imask":
            return Double(value) == nil ? "taskwarrior reads it as a number" : nil
        case "mask":
            return value.allSatisfy({ "-+XW".contains($0) }) ? nil : "taskwarrior reads it as - + X and W alone"
        case "rtype":
            return value == "periodic" || value == "chained" ? nil : "taskwarrior reads it as periodic or chained"
        case "recur" where attributes.due?.repeater == nil:
            return attributes.due == nil ? "taskwarrior repeats a task by its due date, which this one lacks" : nil
        default:
            return nil
        }
    }
}
