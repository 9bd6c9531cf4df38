import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// Several processes at once run random add / rm / mv / edit / undo / redo commands on one
/// database, round after round. SQLite decides the order in which their changes commit; the
/// database's event log records that order, and replaying it on a reference model must give the
/// very outline, ids and undo history that the database holds after every round.
///
/// `OUTLINE_TORTURE_ROUNDS` sets the number of rounds (`scripts/fuzz` runs a long one);
/// `OUTLINE_TORTURE_SEED` replays a failure.
@Suite("Torture: concurrent random commands against a model")
struct TortureTests {
    static let workers = 4

    @Test func concurrentRandomCommandsMatchTheModel() throws {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["OUTLINE_TORTURE_ROUNDS"].flatMap { Int($0) } ?? 500
        let seed = environment["OUTLINE_TORTURE_SEED"].flatMap { UInt64($0) } ?? 20_261_121
        var torture = Torture(seed: seed)
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
        print("torture: seed \(seed), \(rounds) rounds, \(steps) commands, \(torture.committedChanges) changes")
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

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    /// Runs one command from each worker at once, then checks the database against the model.
    /// Returns what went wrong, if anything.
    mutating func playRound() throws -> [String] {
        let commands = (0..<TortureTests.workers).map { _ in TortureCommand.random(for: model, using: &rng) }
        let results = try runConcurrently(commands.map { ["--json"] + $0.arguments })
        var problems: [String] = []
        var commandOfStep: [Int64: (TortureCommand, [ItemID])] = [:]
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
        let history = try outline.sqlite("SELECT id || ':' || undone FROM undo_step WHERE undone < 2 ORDER BY id")
        let expected = (undoStack.map { "\($0):0" } + redoStack.reversed().map { "\($0):1" }).joined(separator: "\n")
        if history != expected { problems.append("history \(history) where the model has \(expected)") }
        return problems
    }

    /// Applies the database's new events, in commit order, to the model.
    private mutating func replayEvents(_ commandOfStep: [Int64: (TortureCommand, [ItemID])]) throws -> [String] {
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
                guard command.apply(to: &model, expectingIDs: ids), model.tsv() != before.tsv() else {
                    return ["step \(step), \(command.arguments), does not apply to the model"]
                }
                snapshots[step] = (before, model)
                undoStack.append(step)
                redoStack = []
                committedChanges += 1
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
    private func runConcurrently(_ commandLines: [[String]]) throws -> [RunResult] {
        let collected = ConcurrentResults(count: commandLines.count)
        let done = DispatchGroup()
        for (index, arguments) in commandLines.enumerated() {
            done.enter()
            let outline = outline
            Thread {
                collected.set(index, Result { try outline.run(arguments, environment: ["OUTLINE_UNDO_LEVELS": "0"]) })
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

/// A command a torture worker runs, chosen from the model as it stood at the start of the round:
/// by the time it runs, other workers may have removed or moved its items.
enum TortureCommand {
    case add([String], under: ItemID?, Placement)
    case remove([ItemID])
    case move([ItemID], under: ItemID?, Placement)
    case edit(ItemID, String)
    case undo(Int)
    case redo(Int)

    static func random(for model: TreeModel, using rng: inout SeededGenerator) -> TortureCommand {
        let ids = model.itemIDs
        func anyID() -> ItemID {
            Int.random(in: 0..<12, using: &rng) == 0
                ? ItemID.random(in: 1...(ids.last ?? 1) + 3, using: &rng)
                : ids.randomElement(using: &rng) ?? 1
        }
        func someIDs() -> [ItemID] {
            Array(Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in anyID() }))
        }
        func placement() -> (ItemID?, Placement) {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return (nil, .end)
            case 1: return (anyID(), .end)
            case 2: return (Bool.random(using: &rng) ? 0 : anyID(), .at(Int.random(in: 1...4, using: &rng)))
            case 3: return (nil, .before(anyID()))
            default: return (nil, .after(anyID()))
            }
        }
        let titles = ["Milk", "Eggs", "张伟", "Ünïcödé", "  padded  ", "'; DROP TABLE item; --", "\u{202E}bidi"]
        // Out of twenty: adds 6 (2 once the outline has 150 items, so that it stays small),
        // removals the rest up to 8, moves 4, edits 2, undos 3, redos 3.
        let roll = Int.random(in: 0..<20, using: &rng)
        switch roll {
        case ..<(ids.count < 150 ? 6 : 2):
            let (under, place) = placement()
            let count = Int.random(in: 1...3, using: &rng)
            return .add((0..<count).map { _ in titles.randomElement(using: &rng)! }, under: under, place)
        case ..<8: return .remove(someIDs())
        case 8..<12:
            let (under, place) = placement()
            return .move(someIDs(), under: under ?? (place == .end ? 0 : nil), place)
        case 12..<14:
            return .edit(anyID(), titles.randomElement(using: &rng)! + " \(Int.random(in: 1...99, using: &rng))")
        case 14..<17: return .undo(Int.random(in: 0..<4, using: &rng) == 0 ? 2 : 1)
        default: return .redo(1)
        }
    }

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
        case .move(let ids, let under, let placement): return ["mv"] + ids.map(String.init) + place(under, placement)
        case .edit(let id, let title): return ["edit", String(id), title]
        case .undo(let steps): return ["undo", String(steps)]
        case .redo(let steps): return ["redo", String(steps)]
        }
    }

    /// Applies the command to the model; false where the model refuses it or hands out other ids.
    func apply(to model: inout TreeModel, expectingIDs ids: [ItemID]) -> Bool {
        switch self {
        case .add(let titles, let under, let placement):
            return model.add(titles, under: under, placement: placement) == ids
        case .remove(let ids): return model.remove(ids)
        case .move(let ids, let under, let placement): return model.move(ids, under: under, placement: placement)
        case .edit(let id, let title): return model.edit(id, title: title)
        case .undo, .redo: return false  // undo and redo arrive as events of their own
        }
    }

    /// Whether `stderr` is a refusal this command may meet when other processes got there first.
    /// Never a busy or damaged database, and never an undo refused for a mismatch: nothing here
    /// edits the file behind outline's back.
    func mayBeRefused(with stderr: String) -> Bool {
        guard stderr.hasPrefix("error: "), stderr.filter({ $0 == "\n" }).count == 1 else { return false }
        switch self {
        case .undo, .redo:
            let tooFew = stderr.hasPrefix("error: cannot undo 2 steps: only")
            return stderr.hasPrefix("error: nothing to ") || tooFew
        default:
            return !stderr.contains("database") && !stderr.contains("outside outline")
        }
    }
}
