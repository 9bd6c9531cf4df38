import Testing

@testable import OutlineKit

@Suite("Random command sequences against the in-memory model")
struct TreePropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func storeMatchesTheModelAfterEveryStep(seed: UInt64) throws {
        let fixture = try StoreFixture()
        var model = TreeModel()
        var rng = SeededGenerator(seed: seed)
        var accepted = 0
        for step in 1...250 {
            let command = RandomCommand.random(existing: model.itemIDs, nextID: model.nextID, using: &rng)
            let modelAccepted: Bool
            let storeAccepted: Bool
            switch command {
            case .add(let titles, let parent, let placement):
                let modelIDs = model.add(titles, under: parent, placement: placement)
                modelAccepted = modelIDs != nil
                let storeIDs = try? fixture.store.add(titles, under: parent, placement: placement).ids
                storeAccepted = storeIDs != nil
                if let modelIDs, let storeIDs { #expect(modelIDs == storeIDs, "seed \(seed) step \(step)") }
            case .remove(let ids):
                modelAccepted = model.remove(ids)
                storeAccepted = (try? fixture.store.remove(ids)) != nil
            case .move(let ids, let parent, let placement):
                modelAccepted = model.move(ids, under: parent, placement: placement)
                storeAccepted = (try? fixture.store.move(ids, under: parent, placement: placement)) != nil
            case .edit(let id, let title):
                modelAccepted = model.edit(id, title: title)
                storeAccepted = (try? fixture.store.edit(id, title: title)) != nil
            }
            if storeAccepted { accepted += 1 }
            #expect(modelAccepted == storeAccepted, "seed \(seed) step \(step): \(command)")
            let expected = model.tsv()
            let actual = try fixture.tsv()
            #expect(actual == expected, "seed \(seed) step \(step): \(command)")
            if actual != expected || modelAccepted != storeAccepted { return }
        }
        // The generator must mostly produce commands that do something, or the property is idle.
        #expect(accepted > 75, "seed \(seed): only \(accepted) commands were accepted")
        #expect(try fixture.store.check().isHealthy)
    }
}
