import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// The states in `outline edit`'s text, end to end: `[ ]`, `[x]` and `[KEYWORD]` written by
/// `--print` as the workflow has them, applied by `--apply` and by an editor as `set --state`
/// gives them, refused by name where the workflow has no such keyword.
@Suite("edit's states, end to end")
struct EditStatesTests {
    /// `EditInEditorTests.groceries()` (Groceries 1, Work 2, Milk 3, Eggs 4, Bread 5) with the
    /// workflow `TODO NEXT | DONE`: Milk a TODO task, Eggs a NEXT one, Bread done.
    static func tasks() throws -> OutlineProcess {
        let outline = try EditInEditorTests.groceries()
        for arguments in [
            ["workflow", "TODO NEXT | DONE"], ["set", "3", "--state", "TODO"], ["set", "4", "--state", "NEXT"],
            ["done", "5"],
        ] {
            let result = try outline.run(arguments)
            precondition(result.status == 0, "\(arguments): \(result)")
        }
        return outline
    }

    /// Each item's `show --json` object, by id.
    static func shown(_ outline: OutlineProcess, _ ids: [Int]) throws -> [[String: Any]] {
        try ids.map { id in
            let result = try outline.run(["show", String(id), "--json"])
            return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// A value of a JSON object as JSON text, keys sorted: for comparing two objects' values.
    static func json(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func statesArePrintedAndAppliedAsOneStep() throws {
        let outline = try Self.tasks()
        let printed = try outline.run(["edit", "Groceries", "--print"])
        #expect(printed.lines.filter { !$0.hasPrefix("#") } == ["[ ] Milk  #3", "[NEXT] Eggs  #4", "[x] Bread  #5"])
        #expect(printed.lines.contains { $0.contains(#""[ ] " makes the item a TODO task, "[x] " marks it DONE"#) })
        let before = try outline.run(["ls", "--json"]).stdout
        let applied = try outline.run(
            ["edit", "Groceries", "--apply", "-"], input: "[x] Milk  #3\nEggs  #4\n[ ] Bread  #5\n[next] Butter\n")
        #expect(applied.status == 0, "\(applied)")
        #expect(
            applied.stdout == "edited \"Groceries\": 1 added, 1 marked done, 1 reopened, 1 given another state\n")
        let items = try Self.shown(outline, [3, 4, 5, 6])
        #expect(items.map { $0["state"] as? String } == ["DONE", nil, "TODO", "NEXT"])
        #expect(items.map { $0["done_at"] is String } == [true, false, false, false])
        let history = try outline.run(["history"]).lines
        #expect(history.count == 7 && history[0].contains("edit \"Groceries\""), "\(history)")
        try outline.run(["undo"])
        #expect(try outline.run(["ls", "--json"]).stdout == before)
        // Printed and applied as it is, the text changes nothing.
        let again = try outline.run(["edit", "Groceries", "--print"]).stdout
        let same = try outline.run(["edit", "Groceries", "--apply", "-"], input: again)
        #expect(same.stdout.hasPrefix("nothing changed"), "\(same)")
    }

    @Test func anUnknownKeywordIsRefusedByItsLineAndTheTextKept() throws {
        let outline = try Self.tasks()
        let before = try outline.run(["ls", "--json"]).stdout
        let result = try outline.run(
            ["edit", "1", "--apply", "-"], input: "[ ] Milk  #3\n[WAIT] Eggs  #4\n",
            environment: ["TMPDIR": outline.directory])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                #"error: line 2: [WAIT] is not a state of the workflow "TODO NEXT | DONE": write [ ] for TODO, "#
                    + #"[x] for DONE, or another keyword in brackets; for a title that starts with [, write \[; "#
                    + "the text is kept in "), "\(result)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
        let kept = try #require(EditInEditorTests.keptFile(in: result.stderr))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "[ ] Milk  #3\n[WAIT] Eggs  #4\n")
        #expect(try outline.run(["ls", "--json"]).stdout == before)
    }

    /// The pipeline of the help text that ticks every open task at the first level.
    @Test func theHelpsPipelineTicksTheOpenTasks() throws {
        let outline = try Self.tasks()
        let binary = "'\(OutlineProcess.binary)' --db '\(outline.database)'"
        let result = try OutlineProcess.run(
            [
                "sh", "-c",
                "\(binary) edit Groceries --print | sed 's/^\\[ \\] /[x] /' | \(binary) edit Groceries --apply -",
            ], input: nil, viaShell: true)
        #expect(result.status == 0 && result.stdout == "edited \"Groceries\": 1 marked done\n", "\(result)")
        let printed = try outline.run(["edit", "Groceries", "--print"]).lines.filter { !$0.hasPrefix("#") }
        #expect(printed == ["[x] Milk  #3", "[NEXT] Eggs  #4", "[x] Bread  #5"])
    }

    /// Ticking a repeating task in the editor does what `outline done` does to it: it stays
    /// open, its due date moves by its repeater, and the time is its last done.
    @Test func aRepeatingTaskTickedInTheEditorMovesOnAsDoneMovesIt() throws {
        let outline = try Self.tasks()
        let twin = try Self.tasks()
        for process in [outline, twin] {
            try process.run(["set", "3", "--due", "2026-01-15 +1m"])
        }
        let editor = try EditInEditorTests.editor(#"sed -i 's/^\[ \] Milk  #3$/[x] Milk  #3/' "$1""#, in: outline)
        let result = try EditInEditorTests.runOnTerminal(
            outline, ["edit", "Groceries"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "edited \"Groceries\": 1 repeated (dates moved on)\n")
        try twin.run(["done", "3"])
        let (edited, done) = (try Self.shown(outline, [3])[0], try Self.shown(twin, [3])[0])
        #expect(edited["last_done"] is String && done["last_done"] is String)
        for key in ["state", "done_at", "due", "scheduled"] {
            #expect(try Self.json(edited[key]) == Self.json(done[key]), "\(key)")
        }
        #expect((edited["due"] as? [String: Any])?["date"] as? String == "2026-02-15")
        #expect(try outline.run(["edit", "Groceries", "--print"]).lines.contains("[ ] Milk  #3"))
    }
}
