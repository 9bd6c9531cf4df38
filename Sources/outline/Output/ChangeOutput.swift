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

    /// `{"action": NAME}`, with `"ids"` for `add`.
    static func printJSON(_ result: ChangeResult) {
        var object = "{\"action\":\(JSONText.quote(result.action.name))"
        if case .add = result.action { object += ",\"ids\":\(JSONText.array(result.ids))" }
        StandardOutput.shared.writeLine(object + "}")
    }
}
