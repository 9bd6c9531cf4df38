import OutlineKit

extension StepEvent {
    /// The key that names the step in a change report: `"action"` for a command that ran,
    /// `"undone"` or `"redone"`.
    var reportKey: StaticString {
        switch self {
        case .done: "action"
        case .undone: "undone"
        case .redone: "redone"
        }
    }
}

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

    /// SPEC's change report: `{"step": N, "action": NAME, "changes": [...]}`, with `"ids"` of
    /// the new items for `add`, `cp`, `import` and `edit` as text; `step` is null when nothing
    /// changed.
    static func printJSON(_ result: ChangeResult) {
        if result.step != nil { StandardOutput.shared.reportsASavedChange = true }
        var json = JSONWriter()
        var ids: [ItemID]?
        switch result.action {
        case .add, .copy, .importDocuments, .editText: ids = result.ids
        default: break
        }
        writeReport(
            &json, step: result.step, key: StepEvent.done.reportKey, name: result.action.name, changes: result.changes,
            ids: ids)
        StandardOutput.shared.writeLine(json.text)
    }

    /// One change report object, whole: `{"step", KEY: name, "changes"}`, then `"ids"` when given
    /// and `"dry_run": true` for a dry run (JSON keys are snake case, as `done_at` is), then what
    /// `more` writes (a sync round's `"rescued"` and `"skipped"`). Changes that can no longer be
    /// known (`watch` of a pruned step) are written as null, and so is the name of a pruned step.
    static func writeReport(
        _ json: inout JSONWriter, step: Int64?, key: StaticString, name: String?, changes: [ReportedChange]?,
        ids: [ItemID]? = nil, dryRun: Bool = false, more: ((inout JSONWriter) -> Void)? = nil
    ) {
        json.openObject()
        json.field("step", step)
        json.field(key, name)
        json.key("changes")
        if let changes {
            json.openArray()
            for change in changes { write(change, &json) }
            json.closeArray()
        } else {
            json.null()
        }
        if let ids {
            json.key("ids")
            json.value(ids)
        }
        if dryRun { json.field("dry_run", true) }
        more?(&json)
        json.closeObject()
    }

    /// `{"parent": P, "type": T, "id": I, "from": F, "to": T}` with null for a missing position.
    private static func write(_ change: ReportedChange, _ json: inout JSONWriter) {
        json.openObject()
        json.field("parent", change.parent)
        json.field("type", change.kind.rawValue)
        json.field("id", change.id)
        json.field("from", change.from)
        json.field("to", change.to)
        json.closeObject()
    }
}
