import OutlineTestSupport
import Testing

@testable import OutlineKit

/// `undo --step N` of a step after later steps added and removed siblings in its lists: the
/// path an undo beside a sync takes too (`ListsByIntent`). Random lists, random steps (sort,
/// moves within the list and to another, removals, an add at a place), random later additions
/// anywhere and removals of items the step did not place: the revert must leave the items that
/// were there before the step in their order before it, keep every later item, and pass `check`;
/// it may refuse only when a later step removed one of the step's own items.
@Suite struct RevertByIntentPropertyTests {
    /// The titles under each of `lists`.
    static func titles(_ store: OutlineStore, _ lists: [ItemID]) throws -> [[String]] {
        try lists.map { try store.children(of: $0).map(\.title) }
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func aRevertedStepPutsTheOriginalsBackInTheirOrderAndKeepsLaterItems(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let fixture = try StoreFixture()
        let store = fixture.store
        let lists = try store.add(["L", "M"]).ids
        let count = Int.random(in: 1...8, using: &random)
        let originals = try store.add((1...count).map { "x\($0)" }, under: lists[0]).ids
        let before = try Self.titles(store, lists)
        // The step, and the items it places (a later removal of one may make it refuse).
        var placed = Set<ItemID>()
        let stepsBefore = try store.undoManager.history().count
        let picked = originals.shuffled(using: &random).prefix(Int.random(in: 1...count, using: &random))
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            try store.sort(lists[0], reversed: Bool.random(using: &random))
            placed = Set(originals)
        case 1:
            let rest = originals.filter { !picked.contains($0) }
            let placement: Placement =
                rest.isEmpty
                ? .end
                : Bool.random(using: &random)
                    ? .before(rest.randomElement(using: &random)!) : .after(rest.randomElement(using: &random)!)
            try store.move(Array(picked), under: lists[0], placement: placement)
            placed = Set(originals)
        case 2:
            try store.move(Array(picked), under: lists[1])
            placed = Set(originals)
        case 3:
            try store.remove(Array(picked))
            placed = Set(originals)
        default:
            let added = try store.add(
                ["n"], under: lists[0], placement: .at(Int.random(in: 1...count + 1, using: &random)))
            placed = Set(added.ids)
        }
        // A step that changed nothing (a sort of a sorted list) records none.
        guard try store.undoManager.history().count > stepsBefore else { return }
        let step = try store.undoManager.history(limit: 1)[0].number
        var removedAStepItem = false
        // Later steps: items added anywhere in the two lists, now and then an original removed.
        var later: [String] = []
        var removedLater = Set<String>()
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let list = lists.randomElement(using: &random)!
            let size = try store.children(of: list).count
            let title = "later\(index)"
            try store.add([title], under: list, placement: .at(Int.random(in: 1...size + 1, using: &random)))
            later.append(title)
            if Int.random(in: 0..<4, using: &random) == 0,
                let gone = try store.children(of: lists[0]).filter({ $0.title.hasPrefix("x") }).randomElement(
                    using: &random)
            {
                try store.remove([gone.id])
                removedLater.insert(gone.title)
                if placed.contains(gone.id) { removedAStepItem = true }
            }
        }
        let beforeRevert = try Self.titles(store, lists)
        do {
            try store.undoManager.revert(step: step)
        } catch {
            #expect(removedAStepItem, "seed \(seed): refused without a reason: \(error)")
            #expect(try Self.titles(store, lists) == beforeRevert)
            return
        }
        let after = try Self.titles(store, lists)
        for (list, wanted) in zip(after, before) {
            let originalsNow = list.filter { $0.hasPrefix("x") }
            #expect(originalsNow == wanted.filter { !removedLater.contains($0) }, "seed \(seed): \(before) -> \(after)")
        }
        #expect(Set(after.joined()).isSuperset(of: later), "seed \(seed): \(after)")
        #expect(!after.joined().contains("n"), "seed \(seed): \(after)")
        #expect(try store.check().isHealthy)
    }
}
