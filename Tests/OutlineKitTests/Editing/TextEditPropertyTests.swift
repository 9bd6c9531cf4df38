import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// Edits as text, dense: mostly random edits of a subtree's text (`RandomTextEdit`), between
/// `set`s of states and repeating dates, workflows and undos, each checked against the model
/// after every step: the tree, every item's state and details, the summary's counts, and
/// whether a step was recorded. `TreePropertyTests` meets an edit as text one command in eleven;
/// here it is most of them, so that the states in the text meet every kind of item.
@Suite("Random edits as text, with states, against the model")
struct TextEditPropertyTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func textEditsMatchTheModel(seed: UInt64) throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        var model = TreeModel()
        var history = ModelHistory()
        var rng = SeededGenerator(seed: seed)
        var moments = MomentLedger()
        var tally = (stateChanges: 0, repeated: 0, refused: 0)
        for step in 1...200 {
            let command = Self.command(model, using: &rng)
            let before = model
            var modelAccepted: Bool
            var result: ChangeResult?
            switch command {
            case .undo:
                modelAccepted = history.travel(&model, steps: 1, undoing: true)
                let undone = try? store.undoManager.undo()
                #expect(modelAccepted == (undone != nil), "seed \(seed) step \(step): undo")
            case .add(let titles, let parent, let placement):
                modelAccepted = model.add(titles, under: parent, placement: placement) != nil
                result = command.run(on: store)
            case .set(let ids, let options):
                modelAccepted = model.set(ids, options, at: step)
                result = command.run(on: store)
            case .workflow(let text):
                modelAccepted = model.setWorkflow(text)
                result = command.run(on: store)
            case .editText(let root, let lines):
                let ids = model.applyEdit(under: root, lines: lines, at: step)
                modelAccepted = ids != nil
                result = command.run(on: store)
                if ids == nil { tally.refused += 1 }
                if let ids, let result { #expect(ids == result.ids, "seed \(seed) step \(step)") }
                if let result, result.step != nil, case .editText(_, let counts) = result.action {
                    TreePropertyTests.expectCountsMatchReport(counts, result.changes, before: before, after: model)
                    tally.stateChanges += counts.markedDone + counts.repeated + counts.reopened + counts.restated
                    tally.repeated += counts.repeated
                }
            default:
                Issue.record("seed \(seed) step \(step): \(command) is not made here")
                return
            }
            let context = "seed \(seed) step \(step): \(command)"
            if case .undo = command {
            } else {
                #expect(modelAccepted == (result != nil), "\(context)")
                if modelAccepted {
                    let changed = history.record(before: before, after: model)
                    #expect(changed == (result?.step != nil), "\(context): step")
                }
            }
            var details: [ItemID: ObservedDetails] = [:]
            var tsv: [String] = []
            try store.walk(readingAttributes: true) { entry in
                tsv.append(TSV.line(for: entry))
                details[entry.id] = ObservedDetails(entry.attributes!, doneAt: entry.item.doneAt)
            }
            #expect(tsv == model.tsv(), "\(context)")
            let mismatches = model.detailsMismatches(details, ledger: &moments)
            #expect(mismatches.isEmpty, "\(context): \(mismatches)")
            let workflow = try store.workflow()
            #expect([workflow.open, workflow.done] == [model.workflow.open, model.workflow.done], "\(context)")
            if tsv != model.tsv() || !mismatches.isEmpty { return }
        }
        // The edits must meet states often enough for the property to say something.
        #expect(tally.stateChanges >= 40, "seed \(seed): \(tally)")
        #expect(tally.repeated >= 5, "seed \(seed): \(tally)")
        #expect(tally.refused >= 5, "seed \(seed): \(tally)")
        #expect(try store.check().isHealthy)
    }

    /// The next command: an edit as text of the whole outline or of an item's subtree, six
    /// times in ten, with more states changed than `RandomTextEdit` changes; else a `set` (of a
    /// state or a repeating date, mostly, and half of those a repeating due date, so that ticks
    /// meet repeating tasks), a workflow, an add (so that the outline does not run dry), or an
    /// undo.
    static func command(_ model: TreeModel, using rng: inout SeededGenerator) -> RandomCommand {
        let ids = model.itemIDs
        switch Int.random(in: 0..<10, using: &rng) {
        case 0 where !ids.isEmpty:
            return .set([ids.randomElement(using: &rng)!], SetOptions.random(using: &rng))
        case 1 where !ids.isEmpty:
            let date = SetOptions.samples[.due]!.filter { $0.contains(" +") }.randomElement(using: &rng)!
            return .set([ids.randomElement(using: &rng)!], SetOptions([.init(name: .due, value: date)]))
        case 2:
            return .workflow(RandomCommand.sampleWorkflows.randomElement(using: &rng)!)
        case 3 where ids.count < 40, 4 where ids.count < 8:
            let parent = Bool.random(using: &rng) ? ItemID.root : ids.randomElement(using: &rng) ?? .root
            let titles = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                RandomCommand.sampleTitles.randomElement(using: &rng)!
            }
            return .add(titles, under: parent, .end)
        case 4:
            return .undo(1)
        default:
            let root = Int.random(in: 0..<3, using: &rng) == 0 ? ids.randomElement(using: &rng) ?? .root : .root
            var lines = RandomTextEdit.edit(model.textLines(under: root)!, nextID: model.nextID, using: &rng)
            for index in lines.indices where Int.random(in: 0..<5, using: &rng) == 0 {
                lines[index].marker = RandomTextEdit.changed(
                    lines[index].marker, by: Int.random(in: 0..<60, using: &rng))
            }
            return .editText(root, lines)
        }
    }
}
