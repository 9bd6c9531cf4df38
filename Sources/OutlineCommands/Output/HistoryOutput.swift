import Foundation
import OutlineKit

/// Prints undo, redo and history results.
enum HistoryOutput {
    /// One line a step (`undone: NAME`), or with --json one report a step: an object for a plain
    /// `undo`, an array when a number of steps was given (`undo 1` too, so that a script that
    /// passes N always gets the same shape).
    static func printTravel(_ steps: [UndoStep], undoing: Bool, dryRun: Bool, json: Bool, asArray: Bool) {
        let output = StandardOutput.shared
        output.reportsASavedChange = !dryRun
        let key = (undoing ? StepEvent.undone : .redone).reportKey
        if json {
            var writer = JSONWriter()
            if asArray { writer.openArray() }
            for step in steps.prefix(asArray ? steps.count : 1) {
                ChangeOutput.writeReport(
                    &writer, step: step.number, key: key, name: step.name, changes: step.changes, dryRun: dryRun)
            }
            if asArray { writer.closeArray() }
            output.writeLine(writer.text)
            return
        }
        let label = dryRun ? (undoing ? "would undo" : "would redo") : key
        for step in steps { output.writeLine("\(label): \(TitleSanitizer.forTerminal(step.name))") }
    }

    static func printHistory(_ steps: [UndoStep], json: Bool) {
        let output = StandardOutput.shared
        if json {
            var writer = JSONWriter()
            writer.writeObjects(steps) { writer, step in
                writer.field("step", step.number)
                writer.field("time", Moment.utc(step.date))
                writer.field("name", step.name)
                writer.field("undone", step.isUndone)
            }
            output.writeLine(writer.text)
            return
        }
        let width = steps.map { String($0.number).count }.max() ?? 1
        for step in steps {
            let number = String(step.number)
            let padded = String(repeating: " ", count: width - number.count) + number
            let state = step.isUndone ? "  (undone)" : ""
            output.writeLine(
                Terminal.dim("\(padded)  \(Moment.local(step.date))") + "  "
                    + TitleSanitizer.forTerminal(step.name) + Terminal.dim(state))
        }
    }
}
