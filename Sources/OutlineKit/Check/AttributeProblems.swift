import GRDB

/// What `check` finds wrong with items' attributes: values outline never writes, which only an
/// edit outside outline can leave. Each reads as no value (`ItemAttributes`), so nothing breaks,
/// but the user is told what was set aside.
enum AttributeProblems {
    /// At most `limit` problems, in id order: a keyword not in the workflow, a date or repeater
    /// that cannot be read, a priority other than A, B or C, properties that are not a JSON
    /// object of strings, a workflow that cannot be read.
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
                       CAST(due AS TEXT), CAST(due_repeat AS TEXT), CAST(priority AS TEXT), CAST(properties AS TEXT)
                FROM item
                WHERE state IS NOT NULL OR scheduled IS NOT NULL OR due IS NOT NULL OR priority IS NOT NULL
                   OR properties IS NOT NULL
                ORDER BY id
                """)
        while let row = try rows.next(), problems.count < limit {
            let id: ItemID = row[0]
            if let state = row[1] as String?, !workflow.keywords.contains(state) {
                problems.append(Problem("item \(id) has the keyword \(state), which the workflow lacks"))
            }
            let dates: [(String, String?, String?)] = [("scheduled", row[2], row[3]), ("due", row[4], row[5])]
            for (name, date, repeater) in dates {
                guard let date else { continue }
                if TaskDate(stored: date, repeater: repeater) == nil {
                    let shown = date + (repeater.map { " " + $0 } ?? "")
                    problems.append(Problem("item \(id) has a \(name) date that cannot be read: \(shown)"))
                }
            }
            if let priority = row[6] as String?, Priority(rawValue: priority) == nil {
                problems.append(Problem("item \(id) has the priority \(priority), not A, B or C"))
            }
            if let properties = row[7] as String?, ItemAttributes.properties(stored: properties).isEmpty {
                problems.append(Problem("item \(id) has properties that are not a JSON object of text"))
            }
        }
        return Array(problems.prefix(limit))
    }
}
