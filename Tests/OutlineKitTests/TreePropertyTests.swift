import Testing

@testable import OutlineKit

@Suite("Random command sequences against the in-memory model")
struct TreePropertyTests {
    /// The model's undo history: whole snapshots, the simplest thing that can be right.
    struct ModelHistory {
        var past: [TreeModel] = []
        var future: [TreeModel] = []

        /// Records `before` as a step if the command changed the model; returns whether it did.
        mutating func record(before: TreeModel, after: TreeModel) -> Bool {
            guard before.tsv() != after.tsv() else { return false }
            past.append(before)
            future = []
            return true
        }

        mutating func travel(_ model: inout TreeModel, steps: Int, undoing: Bool) -> Bool {
            let available = undoing ? past.count : future.count
            guard available >= steps else { return false }
            for _ in 0..<steps {
                if undoing {
                    future.append(model)
                    model = past.removeLast().keepingIDCounter(of: model)
                } else {
                    past.append(model)
                    model = future.removeLast().keepingIDCounter(of: model)
                }
            }
            return true
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func storeMatchesTheModelAfterEveryStep(seed: UInt64) throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        var model = TreeModel()
        var history = ModelHistory()
        var rng = SeededGenerator(seed: seed)
        var accepted = 0
        var travels = 0
        for step in 1...300 {
            let command = RandomCommand.random(existing: model.itemIDs, nextID: model.nextID, using: &rng)
            let before = model
            var modelAccepted = true
            var storeResult: ChangeResult?
            var storeAccepted: Bool
            switch command {
            case .add(let titles, let parent, let placement):
                let modelIDs = model.add(titles, under: parent, placement: placement)
                modelAccepted = modelIDs != nil
                storeResult = try? store.add(titles, under: parent, placement: placement)
                if let modelIDs, let storeResult { #expect(modelIDs == storeResult.ids, "seed \(seed) step \(step)") }
            case .remove(let ids):
                modelAccepted = model.remove(ids)
                storeResult = try? store.remove(ids)
            case .move(let ids, let parent, let placement):
                modelAccepted = model.move(ids, under: parent, placement: placement)
                storeResult = try? store.move(ids, under: parent, placement: placement)
            case .edit(let id, let title):
                modelAccepted = model.edit(id, title: title)
                storeResult = try? store.edit(id, title: title)
            case .undo(let steps), .redo(let steps):
                let undoing = if case .undo = command { true } else { false }
                modelAccepted = history.travel(&model, steps: steps, undoing: undoing)
                let manager = store.undoManager
                storeAccepted =
                    (try? undoing ? manager.undo(steps: steps) : manager.redo(steps: steps)) != nil
                if storeAccepted { travels += 1 }
                #expect(modelAccepted == storeAccepted, "seed \(seed) step \(step): \(command)")
            }
            if case .undo = command {
            } else if case .redo = command {
            } else {
                storeAccepted = storeResult != nil
                #expect(modelAccepted == storeAccepted, "seed \(seed) step \(step): \(command)")
                if modelAccepted {
                    let changed = history.record(before: before, after: model)
                    #expect(changed == (storeResult?.step != nil), "seed \(seed) step \(step): \(command) step")
                }
            }
            if modelAccepted { accepted += 1 }
            let expected = model.tsv()
            let actual = try fixture.tsv()
            #expect(actual == expected, "seed \(seed) step \(step): \(command)")
            if actual != expected { return }
        }
        // The generator must mostly produce commands that do something, or the property is idle.
        #expect(accepted > 90, "seed \(seed): only \(accepted) commands were accepted")
        #expect(travels > 20, "seed \(seed): only \(travels) undos and redos ran")
        #expect(try store.check().isHealthy)
    }
}
