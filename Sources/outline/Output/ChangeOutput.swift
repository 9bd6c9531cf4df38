import OutlineKit

/// Prints what a changing command did: a one-line summary, or with --json one object.
enum ChangeOutput {
    static func print(_ result: ChangeResult, json: Bool) {
        if json {
            printJSON(result)
        } else {
            StandardOutput.shared.writeLine(TitleSanitizer.forTerminal(result.action.summary))
        }
    }

    /// `{"step": N, "action": NAME}`, with `"ids"` for `add`; `step` is null when nothing changed.
    static func printJSON(_ result: ChangeResult) {
        let step = result.step.map(String.init) ?? "null"
        var object = "{\"step\":\(step),\"action\":\(JSONText.quote(result.action.name))"
        if case .add = result.action { object += ",\"ids\":\(JSONText.array(result.ids))" }
        StandardOutput.shared.writeLine(object + "}")
    }
}
