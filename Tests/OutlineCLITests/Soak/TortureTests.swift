import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// Several processes at once run random add / rm / mv / edit / done / reopen / note / cp / sort /
/// set / workflow / undo / redo commands on one database, round after round, with an `outline
/// sync` to a remote of its own beside them every few rounds. SQLite decides the order in which
/// their changes commit; the database's event log records that order, and replaying it on a
/// reference model must give the very outline, attributes, workflow, ids and undo history that
/// the database holds after every round.
///
/// `OUTLINE_TORTURE_ROUNDS` sets the number of rounds (`scripts/fuzz` runs a long one);
/// `OUTLINE_TORTURE_SEED` sets the seed. A seed replays the same choices only while the processes
/// commit in the same order, since each round's commands are drawn from the outline as it stands.
@Suite("Torture: concurrent random commands against a model", .tags(.soak), .enabled(if: Soak.isOn, Soak.skipped))
struct TortureTests {
    static let workers = 4

    @Test func concurrentRandomCommandsMatchTheModel() throws {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["OUTLINE_TORTURE_ROUNDS"].flatMap { Int($0) } ?? 500
        let seed = environment["OUTLINE_TORTURE_SEED"].flatMap { UInt64($0) } ?? 20_261_121
        var torture = Torture(seed: seed)
        // Every command but add refuses a --db file that does not exist yet.
        try torture.outline.createDatabase()
        try torture.startSyncing()
        var steps = 0
        for round in 1...rounds {
            let outcome = try torture.playRound()
            steps += Self.workers
            guard outcome.isEmpty else {
                Issue.record("seed \(seed), round \(round): \(outcome.joined(separator: "\n"))")
                return
            }
        }
        #expect(torture.committedChanges > steps / 4, "enough of the \(steps) commands changed the outline")
        // What the rounds sent is the outline: a machine that joins the remote now holds it.
        let (problems, attributes) = try torture.joinAndCompare()
        #expect(problems.isEmpty, "\(problems)")
        // States, tags, dates, priority, properties and the workflow sync like the rest (SPEC, "Sync").
        #expect(attributes.isEmpty, "\(attributes)")
        print("torture: seed \(seed), \(rounds) rounds, \(steps) commands, \(torture.committedChanges) changes")
        print("torture: steps by command: \(torture.committedKinds.sorted { $0.key < $1.key })")
    }
}

/// One database, the model, and the bookkeeping that ties the database's steps to commands.
struct Torture {
    let outline = OutlineProcess()
    var rng: SeededGenerator
    var model = TreeModel()
    /// The model before and after each step the database recorded, by step number.
    var snapshots: [Int64: (before: TreeModel, after: TreeModel)] = [:]
    var undoStack: [Int64] = []
    var redoStack: [Int64] = []
    var lastEvent: Int64 = 0
    var committedChanges = 0
    /// The committed steps by command, `done` of a repeating task apart.
    var committedKinds: [String: Int] = [:]
    /// The moments of the steps, as `ls --json` shows them.
    var moments = MomentLedger()

    /// The bare repository the database syncs with; no other machine pushes to it, so a round
    /// only sends, and must change nothing here.
    var remote: String { outline.directory + "/remote.git" }

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    func startSyncing() throws {
        let made = try OutlineProcess.run(
            ["init", "--quiet", "--bare", remote], input: nil, executable: "/usr/bin/git")
        #expect(made.status == 0)
        #expect(try outline.run(["sync", "init", remote]).status == 0)
    }

    /// Syncs once more, then joins a new outline to the remote and compares the two, ids aside:
    /// depth, title, done time and note of each item in order; and, apart, every attribute and
    /// the workflow.
    func joinAndCompare() throws -> (problems: [String], attributes: [String]) {
        let last = try outline.run(["sync"])
        guard last.status == 0 else { return (["the last sync ended \(last.status): \(last.stderr)"], []) }
        let joined = outline.directory + "/joined.db"
        let join = try OutlineProcess.run(["--db", joined, "sync", "init", remote], input: nil)
        guard join.status == 0 else { return (["joining ended \(join.status): \(join.stderr)"], []) }
        func shape(_ arguments: [String]) throws -> String {
            try OutlineProcess.run(arguments + ["export", "--format", "json"], input: nil).stdout
                .replacing(/"id": ?[0-9]+,?/, with: "")
        }
        /// The fields that sync carried before items had attributes.
        func carried(_ shape: String) throws -> String {
            func strip(_ items: [[String: Any]]) -> [[String: Any]] {
                items.map { item in
                    var kept = item.filter { ["title", "position", "done", "done_at", "note"].contains($0.key) }
                    kept["children"] = strip(item["children"] as? [[String: Any]] ?? [])
                    return kept
                }
            }
            let items = try JSONSerialization.jsonObject(with: Data(shape.utf8)) as? [[String: Any]] ?? []
            return String(
                decoding: try JSONSerialization.data(withJSONObject: strip(items), options: .sortedKeys), as: UTF8.self)
        }
        let here = try shape(["--db", outline.database])
        let there = try shape(["--db", joined])
        let problems =
            try carried(here) == carried(there) ? [] : ["the joined outline differs:\n\(there)\n--- here ---\n\(here)"]
        let workflows = try [outline.database, joined].map {
            try OutlineProcess.run(["--db", $0, "workflow"], input: nil).stdout
        }
        var attributes =
            here == there ? [] : ["the joined outline's attributes differ:\n\(there)\n--- here ---\n\(here)"]
        if workflows[0] != workflows[1] {
            attributes.append("the joined workflow is \(workflows[1]), here \(workflows[0])")
        }
        return (problems, attributes)
    }

    /// Runs one command from each worker at once, then checks the database against the model.
    /// Returns what went wrong, if anything.
    mutating func playRound() throws -> [String] {
        let commands = (0..<TortureTests.workers).map { _ in
            RandomCommand.random(existing: model.itemIDs, nextID: model.nextID, model: model, using: &rng)
        }
        // Every third round, a sync runs beside the commands: it sends, brings nothing, and so
        // prints nothing with --json and records no step.
        let syncs = rng.next() % 3 == 0
        var lines = commands.map { (["--json"] + $0.arguments, $0.input) }
        if syncs { lines.append((["sync", "--json"], nil)) }
        var results = try runConcurrently(lines)
        if syncs {
            let round = results.removeLast()
            if round.status != 0 || !round.stdout.isEmpty {
                return ["a sync beside the commands ended \(round.status): \(round.stdout)\(round.stderr)"]
            }
        }
        var problems: [String] = []
        var commandOfStep: [Int64: (RandomCommand, [ItemID])] = [:]
        for (command, result) in zip(commands, results) {
            switch result.status {
            case 0:
                if let report = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                    let step = report["step"] as? Int64, report["action"] != nil
                {
                    commandOfStep[step] = (command, (report["ids"] as? [Int64]) ?? [])
                }
            case 1 where result.lines.isEmpty && command.mayBeRefused(with: result.stderr):
                break
            default:
                problems.append("\(command.arguments) ended \(result.status): \(result.stderr)")
            }
        }
        problems += try replayEvents(commandOfStep)
        guard problems.isEmpty else { return problems }
        let tsv = try outline.tsv()
        if tsv != model.tsv() {
            problems.append(
                "outline differs from the model:\n\(tsv.joined(separator: "\n"))\n--- model ---\n"
                    + model.tsv().joined(separator: "\n"))
        }
        let notes = try outline.sqlite("SELECT id || ':' || hex(note) FROM item WHERE note IS NOT NULL ORDER BY id")
        let modelNotes = model.notes.sorted { $0.key < $1.key }.map { id, note in
            "\(id):" + note.utf8.map { String(format: "%02X", $0) }.joined()
        }
        if notes != modelNotes.joined(separator: "\n") {
            problems.append("notes \(notes) where the model has \(modelNotes)")
        }
        let listed = ObservedDetails.listing(json: try outline.run(["ls", "--json"]).stdout).details
        problems += model.detailsMismatches(listed, ledger: &moments, propertiesInOrder: false)
        let workflow = try outline.sqlite("SELECT value FROM outline_setting WHERE key = 'workflow'")
        // No row until a workflow is set; undoing the first one takes the row away again.
        if workflow != model.workflow.description && !(workflow.isEmpty && model.workflow == .standard) {
            problems.append("workflow \(workflow) where the model has \(model.workflow)")
        }
        let history = try outline.sqlite("SELECT id || ':' || undone FROM undo_step WHERE undone < 2 ORDER BY id")
        let expected = (undoStack.map { "\($0):0" } + redoStack.reversed().map { "\($0):1" }).joined(separator: "\n")
        if history != expected { problems.append("history \(history) where the model has \(expected)") }
        return problems
    }

    /// Applies the database's new events, in commit order, to the model.
    private mutating func replayEvents(_ commandOfStep: [Int64: (RandomCommand, [ItemID])]) throws -> [String] {
        let rows = try outline.sqlite(
            "SELECT seq || ' ' || step || ' ' || kind FROM change_event WHERE seq > \(lastEvent) ORDER BY seq")
        for row in rows.split(separator: "\n") {
            let fields = row.split(separator: " ").compactMap { Int64($0) }
            guard fields.count == 3 else { return ["unreadable event \(row)"] }
            let (step, kind) = (fields[1], fields[2])
            lastEvent = fields[0]
            switch kind {
            case 0:
                guard let (command, ids) = commandOfStep[step] else { return ["step \(step) has no command"] }
                let before = model
                guard command.apply(to: &model, expectingIDs: ids, at: Int(step)), model.differs(from: before) else {
                    return ["step \(step), \(command.arguments), does not apply to the model"]
                }
                snapshots[step] = (before, model)
                undoStack.append(step)
                redoStack = []
                committedChanges += 1
                let repeated = model.details.values.contains { $0.lastDone == Int(step) }
                committedKinds[repeated ? "done of a repeating task" : command.arguments[0], default: 0] += 1
            case 1:
                guard undoStack.last == step, let snapshot = snapshots[step] else {
                    return ["step \(step) undone, where the model would undo \(undoStack.last ?? -1)"]
                }
                model = snapshot.before.keepingIDCounter(of: model)
                redoStack.append(undoStack.removeLast())
            default:
                guard redoStack.last == step, let snapshot = snapshots[step] else {
                    return ["step \(step) redone, where the model would redo \(redoStack.last ?? -1)"]
                }
                model = snapshot.after.keepingIDCounter(of: model)
                undoStack.append(redoStack.removeLast())
            }
        }
        return []
    }

    /// Starts every command line before waiting for any.
    private func runConcurrently(_ commandLines: [(arguments: [String], input: String?)]) throws -> [RunResult] {
        let collected = ConcurrentResults(count: commandLines.count)
        let done = DispatchGroup()
        for (index, (arguments, input)) in commandLines.enumerated() {
            done.enter()
            let outline = outline
            Thread {
                collected.set(
                    index,
                    Result { try outline.run(arguments, input: input, environment: ["OUTLINE_UNDO_LEVELS": "0"]) })
                done.leave()
            }.start()
        }
        done.wait()
        return try collected.values.map { try $0!.get() }
    }
}

/// Results filled in by several threads.
final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Result<RunResult, Error>?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<RunResult, Error>) { lock.withLock { storage[index] = value } }
    var values: [Result<RunResult, Error>?] { lock.withLock { storage } }
}

/// How a torture worker runs a random command, and what it expects. Commands are chosen from
/// the model as it stood at the start of the round: by the time one runs, other workers may have
/// removed or moved its items.
extension RandomCommand {
    var arguments: [String] {
        func place(_ under: ItemID?, _ placement: Placement) -> [String] {
            var line = under.map { ["--under", String($0)] } ?? []
            switch placement {
            case .end: break
            case .at(let position): line += ["--at", String(position)]
            case .before(let anchor): line += ["--before", String(anchor)]
            case .after(let anchor): line += ["--after", String(anchor)]
            }
            return line
        }
        switch self {
        case .add(let titles, let under, let placement): return ["add"] + place(under, placement) + ["--"] + titles
        case .remove(let ids): return ["rm"] + ids.map(String.init)
        case .move(let ids, let under, let placement):
            // The library takes no parent as the root; the command line wants the place named.
            var parent = under
            if parent == nil, case .end = placement { parent = 0 }
            if parent == nil, case .at = placement { parent = 0 }
            return ["mv"] + ids.map(String.init) + place(parent, placement)
        case .edit(let id, let title): return ["edit", String(id), title]
        case .done(let ids): return ["done"] + ids.map(String.init)
        case .reopen(let ids): return ["reopen"] + ids.map(String.init)
        case .note(let id, let text): return ["note", String(id), "--", text]
        case .set(let ids, let options): return ["set"] + ids.map(String.init) + options.arguments
        case .workflow(let text): return ["workflow", text]
        case .copy(let ids, let under, let placement):
            var parent = under
            if parent == nil, case .end = placement { parent = 0 }
            if parent == nil, case .at = placement { parent = 0 }
            return ["cp"] + ids.map(String.init) + place(parent, placement)
        case .sort(let parent, let key, let reversed):
            return ["sort", String(parent), "--by", key.rawValue] + (reversed ? ["--reverse"] : [])
        case .editText(let root, _): return ["edit", String(root), "--apply", "-"]
        case .undo(let steps): return ["undo", String(steps)]
        case .redo(let steps): return ["redo", String(steps)]
        }
    }

    /// What the command reads on standard input: the text of an edit as text.
    var input: String? {
        guard case .editText(_, let lines) = self else { return nil }
        return EditableText.text(of: lines)
    }

    /// Applies the command to the model at `moment` (when `done`, `set` and edits as text mark
    /// items done); false where the model refuses it or hands out other ids than `ids` (for `add`
    /// and `cp`; any for the others).
    func apply(to model: inout TreeModel, expectingIDs newIDs: [ItemID], at moment: Int) -> Bool {
        switch self {
        case .add(let titles, let under, let placement):
            return model.add(titles, under: under, placement: placement) == newIDs
        case .remove(let ids): return model.remove(ids)
        case .move(let ids, let under, let placement): return model.move(ids, under: under, placement: placement)
        case .edit(let id, let title): return model.edit(id, title: title)
        case .done(let ids): return model.markDone(ids, at: moment)
        case .reopen(let ids): return model.reopen(ids)
        case .note(let id, let text): return model.setNote(id, text)
        case .set(let ids, let options): return model.set(ids, options, at: moment)
        case .workflow(let text): return model.setWorkflow(text)
        case .copy(let ids, let under, let placement):
            return model.copy(ids, under: under, placement: placement) == newIDs
        case .sort(let parent, let key, let reversed):
            return model.sort(parent, byTitle: key == .title, reversed: reversed)
        case .editText(let root, let lines): return model.applyEdit(under: root, lines: lines, at: moment) == newIDs
        case .undo, .redo: return false  // undo and redo arrive as events of their own
        }
    }

    /// Whether `stderr` is a refusal this command may meet when other processes got there first.
    /// Never a busy or damaged database, and never an undo refused for a mismatch: nothing here
    /// edits the file behind outline's back.
    func mayBeRefused(with said: String) -> Bool {
        // A command that waited over a second for another's lock says so first (on a loaded
        // machine, four workers beside the rest of the tests): the refusal is the line after.
        let stderr = said.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("another process has database ") }.joined(separator: "\n")
        guard stderr.hasPrefix("error: "), stderr.filter({ $0 == "\n" }).count == 1 else { return false }
        switch self {
        case .undo(let steps), .redo(let steps):
            let verb = arguments[0]
            return stderr.hasPrefix("error: nothing to \(verb)\n")
                || stderr.hasPrefix("error: cannot \(verb) \(steps) steps: only")
        default:
            return !stderr.contains("database") && !stderr.contains("outside outline")
        }
    }
}
