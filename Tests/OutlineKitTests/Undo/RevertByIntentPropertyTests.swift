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

    /// The same, with later moves within the list instead of additions: of siblings the step did
    /// not move (even over its items), the revert keeps their order as they stand, and puts each
    /// item the step moved or removed right after the item it followed before the step (first
    /// if none); a later move of one of the step's own items refuses, and changes nothing.
    @Test(arguments: 0..<60 as Range<UInt64>)
    func aRevertedStepPutsItsItemsAfterTheOnesTheyFollowed(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let fixture = try StoreFixture()
        let store = fixture.store
        let list = try store.add(["L"]).ids[0]
        let count = Int.random(in: 2...7, using: &random)
        let originals = try store.add((1...count).map { "x\($0)" }, under: list).ids
        let titleOf = Dictionary(uniqueKeysWithValues: zip(originals, (1...count).map { "x\($0)" }))
        let picked = Array(
            originals.shuffled(using: &random).prefix(Int.random(in: 1...count - 1, using: &random)))
        let rest = originals.filter { !picked.contains($0) }
        let removing = Bool.random(using: &random)
        let stepsBefore = try store.undoManager.history().count
        if removing {
            try store.remove(picked)
        } else {
            let anchor = rest.randomElement(using: &random)!
            let placement: Placement = Bool.random(using: &random) ? .before(anchor) : .after(anchor)
            try store.move(picked, under: list, placement: placement)
        }
        // A move to where the items stand records no step.
        guard try store.undoManager.history().count > stepsBefore else { return }
        let step = try store.undoManager.history(limit: 1)[0].number
        // Later moves within the list: of the others, and now and then of one of the step's items.
        var movedAStepItem = false
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let here = try store.children(of: list).map(\.id)
            let candidates = here.filter { !picked.contains($0) }
            var mover = candidates.randomElement(using: &random)!
            let movingAStepItem = !removing && Int.random(in: 0..<5, using: &random) == 0
            if movingAStepItem { mover = picked.randomElement(using: &random)! }
            guard let anchor = here.filter({ $0 != mover }).randomElement(using: &random) else { continue }
            try store.move(
                [mover], under: list, placement: Bool.random(using: &random) ? .before(anchor) : .after(anchor))
            // A move to where the item stands changes nothing, and records no step.
            if movingAStepItem, try store.children(of: list).map(\.id) != here { movedAStepItem = true }
        }
        let now = try store.children(of: list).map(\.id)
        do {
            try store.undoManager.revert(step: step)
        } catch {
            #expect(movedAStepItem, "seed \(seed): refused without a reason: \(error)")
            #expect(try store.children(of: list).map(\.id) == now)
            return
        }
        #expect(!movedAStepItem, "seed \(seed): a later move of the step's own item did not refuse")
        // The model: the others as they stand, each of the step's items after its predecessor.
        var expected = now.filter { !picked.contains($0) }
        for (index, item) in originals.enumerated() where picked.contains(item) {
            let at = index == 0 ? 0 : expected.firstIndex(of: originals[index - 1])! + 1
            expected.insert(item, at: at)
        }
        let got = try store.children(of: list).map(\.id)
        #expect(got == expected, "seed \(seed): \(now.map { titleOf[$0]! }) -> \(got.map { titleOf[$0]! })")
        #expect(try store.check().isHealthy)
    }
}
