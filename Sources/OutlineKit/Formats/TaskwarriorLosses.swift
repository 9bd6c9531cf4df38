/// What a taskwarrior export cannot carry, counted by kind as `import` counts what it could
/// not carry, so that `export --format taskwarrior` can say it: a project (a plain item with
/// children) is only a name in its tasks' `project`, taskwarrior has two states, one kind of
/// repeat, and no last done time.
struct TaskwarriorLosses {
    /// The kinds met, with the order of the items (the line of an export has no meaning).
    private(set) var report = ImportReport()
    /// How many items were counted, the place each kind was first met.
    private var met = 0

    /// Counts what the plain item titled `title` loses by being a project: its note and
    /// attributes, when `hasNoteOrAttributes`, and its title's dots.
    mutating func project(titled title: String, hasNoteOrAttributes: Bool) {
        met += 1
        if hasNoteOrAttributes {
            report.record(
                .dropped(
                    "project's note or attributes", "projects' notes or attributes", "(plain items with children)"),
                line: met)
        }
        // Foundation's search, which `contains` is here, cost a twentieth of the export; only
        // a title with a dot's byte can hold a dot.
        if Self.dot.containsAny(in: title), title.contains(".") {
            report.record(
                .dropped("project title with a dot", "project titles with dots", "(read back as two levels)"),
                line: met)
        }
    }

    /// The byte of a dot.
    private static let dot = ByteSet { $0 == UInt8(ascii: ".") }

    /// Counts what the task `entry`, whose attributes are `attributes`, loses.
    mutating func task(_ entry: TreeEntry, _ attributes: borrowing ItemAttributes) {
        met += 1
        if let state = attributes.state, state != (entry.item.isDone ? "DONE" : "TODO") {
            report.record(
                .dropped("keyword other than TODO and DONE", "keywords other than TODO and DONE"), line: met)
        }
        // `scheduled_repeat` keeps the scheduled date's repeater whole; `recur` has one kind.
        if let kind = attributes.due?.repeater?.kind, kind != .cumulate {
            report.record(
                .dropped("due date's ++ or .+ repeat", "due dates' ++ and .+ repeats", "(written as +)"), line: met)
        }
        if attributes.lastDone != nil {
            report.record(.dropped("last done time", "last done times"), line: met)
        }
        // Links to a template, on an item whose repeater was taken away: written, they would
        // keep it an instance of a repeating task that no longer repeats.
        if !TaskwarriorFieldCheck.recurs(attributes),
            attributes.properties.contains(where: {
                TaskwarriorFieldCheck.recurrenceLinks.contains($0.key.lowercased())
            })
        {
            report.record(
                .dropped(
                    "template link of an item that no longer repeats", "template links of items that no longer repeat",
                    "(parent, imask, mask, rtype)"), line: met)
        }
    }
}
