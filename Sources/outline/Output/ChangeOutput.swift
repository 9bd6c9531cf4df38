import OutlineKit

/// Prints what a changing command did: a one-line summary, or with --json one object.
enum ChangeOutput {
    static func print(_ result: ChangeResult, json: Bool) {
        if json {
            printJSON(result)
        } else {
            if result.step != nil { StandardOutput.shared.reportsASavedChange = true }
            // A command that changed nothing recorded no step; say so rather than claim a change.
            let line = result.step == nil ? result.action.unchangedSummary : result.action.summary
            StandardOutput.shared.writeLine(TitleSanitizer.forTerminal(line))
        }
    }

    /// SPEC's change report: `{"step": N, "action": NAME, "changes": [...]}`, with `"ids"` for
    /// `add`; `step` is null when nothing changed.
    static func printJSON(_ result: ChangeResult) {
        if result.step != nil { StandardOutput.shared.reportsASavedChange = true }
        var object = report(step: result.step, key: "action", name: result.action.name, changes: result.changes)
        if case .add = result.action { object += ",\"ids\":\(JSONText.array(result.ids))" }
        StandardOutput.shared.writeLine(object + "}")
    }

    /// The opening of a report object, up to and including its changes (the caller closes it).
    /// Changes that can no longer be known (`watch` of a pruned step) are written as null.
    static func report(step: Int64?, key: String, name: String?, changes: [ReportedChange]?) -> String {
        let step = step.map(String.init) ?? "null"
        let name = name.map(JSONText.quote) ?? "null"
        let changes = changes.map { "[" + $0.map(json).joined(separator: ",") + "]" } ?? "null"
        return "{\"step\":\(step),\"\(key)\":\(name),\"changes\":\(changes)"
    }

    /// `{"parent": P, "type": T, "id": I, "from": F, "to": T}` with null for a missing position.
    static func json(_ change: ReportedChange) -> String {
        let from = change.from.map(String.init) ?? "null"
        let to = change.to.map(String.init) ?? "null"
        return "{\"parent\":\(change.parent),\"type\":\"\(change.kind.rawValue)\",\"id\":\(change.id),"
            + "\"from\":\(from),\"to\":\(to)}"
    }
}
