import GRDB

/// What `check` finds wrong with items' attributes: values outline never writes, which only an
/// edit outside outline can leave. Each reads as no value (`ItemAttributes`), so nothing breaks,
/// but the user is told what was set aside.
enum AttributeProblems {
    /// At most `limit` problems, in id order: a keyword not in the workflow, or one that says
    /// done (or open) of an item whose done time says otherwise; a date or repeater that cannot
    /// be read, or a repeater without its date; a last-done time that is not a number; tags that
    /// are not words; a priority other than A, B or C; properties that are not a JSON object of
    /// one-line texts under word keys, each once and none reserved; a workflow that cannot be
    /// read.
    static func find(_ db: Database, limit: Int = 20) throws -> [Problem] {
        var problems: [Problem] = []
        if let text = try String.fetchOne(
            db, sql: "SELECT CAST(value AS TEXT) FROM outline_setting WHERE key = 'workflow'"),
            (try? Workflow(parsing: text)) == nil
        {
            problems.append(Problem("the workflow \"\(text)\" cannot be read; TODO | DONE is used"))
        }
        let workflow = try OutlineStore.workflow(db)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, CAST(state AS TEXT), CAST(scheduled AS TEXT), CAST(scheduled_repeat AS TEXT),
                       CAST(due AS TEXT), CAST(due_repeat AS TEXT), CAST(priority AS TEXT), CAST(properties AS TEXT),
                       done_at IS NOT NULL, CAST(tags AS TEXT), last_done IS NOT NULL AND typeof(last_done) NOT IN ('integer', 'real')
                FROM item
                WHERE state IS NOT NULL OR scheduled IS NOT NULL OR due IS NOT NULL OR priority IS NOT NULL
                   OR properties IS NOT NULL OR scheduled_repeat IS NOT NULL OR due_repeat IS NOT NULL OR tags IS NOT NULL
                   OR last_done IS NOT NULL
                ORDER BY id
                """)
        while let row = try rows.next(), problems.count < limit {
            let id: ItemID = row[0]
            let done: Bool = row[8]
            if let state = row[1] as String? {
                if !workflow.keywords.contains(state) {
                    problems.append(Problem("item \(id) has the keyword \(state), which the workflow lacks"))
                } else if workflow.isDone(state) != done {
                    let says = done ? "it is done" : "it is open"
                    problems.append(Problem("item \(id) has the keyword \(state), but its done time says \(says)"))
                }
            }
            let dates: [(String, String?, String?)] = [("scheduled", row[2], row[3]), ("due", row[4], row[5])]
            for (name, date, repeater) in dates {
                guard let date else {
                    if let repeater {
                        problems.append(Problem("item \(id) has a \(name) repeater \(repeater) but no date"))
                    }
                    continue
                }
                if TaskDate(stored: date, repeater: repeater) == nil {
                    let shown = date + (repeater.map { " " + $0 } ?? "")
                    problems.append(Problem("item \(id) has a \(name) date that cannot be read: \(shown)"))
                }
            }
            if row[10] as Bool { problems.append(Problem("item \(id) has a last-done time that is not a number")) }
            if let tags = row[9] as String?,
                ItemAttributes.tags(stored: tags).contains(where: { (try? Tag.validated($0)) != $0 })
                    || ItemAttributes.storedTags(ItemAttributes.tags(stored: tags)) != tags
            {
                problems.append(Problem("item \(id) has tags that are not words separated by spaces: \(tags)"))
            }
            if let priority = row[6] as String?, Priority(rawValue: priority) == nil {
                problems.append(Problem("item \(id) has the priority \(priority), not A, B or C"))
            }
            if let properties = row[7] as String? {
                let read = ItemAttributes.properties(stored: properties)
                let keys = read.map { $0.key.lowercased() }
                let bad = read.contains { property in
                    (try? ItemProperty.assignment(parsing: property.key + "=" + property.value))
                        .map { $0.key != property.key || $0.value != property.value } ?? true
                }
                if read.isEmpty || bad || Set(keys).count != keys.count {
                    problems.append(
                        Problem("item \(id) has properties that are not a JSON object of one-line texts under keys"))
                }
            }
        }
        return Array(problems.prefix(limit))
    }
}
