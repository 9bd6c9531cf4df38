import OutlineTestSupport
import Testing

@testable import OutlineKit

/// `find --json` counts children and descendants one item at a time for a few matches and in
/// one pass over the table for many: both ways must give `show`'s counts.
@Suite("children and descendants counted in bulk")
struct SubtreeCountsTests {
    @Test(arguments: 1...3 as ClosedRange<UInt64>)
    func bothWaysGiveShowsCounts(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let fixture = try StoreFixture()
        let store = fixture.store
        var ids: [ItemID] = []
        for _ in 0..<250 {
            let parent =
                ids.isEmpty || Int.random(in: 0..<6, using: &random) == 0 ? .root : ids.randomElement(using: &random)!
            ids += try store.add(["item"], under: parent).ids
        }
        // Removed subtrees leave gaps in the ids, and moves reshape the tree.
        for _ in 0..<5 { try? store.remove([ids.randomElement(using: &random)!]) }
        for _ in 0..<20 {
            let id = ids.randomElement(using: &random)!
            try? store.move([id], under: .root, placement: .at(1))
        }
        // Then what only a hand edit stores: a huge position, then one that is text and an id
        // far past the others, a leaf's (so that ids are looked up by binary search, not by a table).
        let edits = [
            "SELECT 1",
            "UPDATE item SET position = 5000000000 WHERE id = \(ids[3])",
            """
            UPDATE item SET position = 'abc' WHERE id = \(ids[4]);
            UPDATE item SET id = 90000000
            WHERE id = (SELECT max(id) FROM item WHERE id NOT IN (SELECT parent_id FROM item WHERE parent_id IS NOT NULL))
            """,
        ]
        for edit in edits {
            try fixture.editOutside(edit)
            try expectBothWaysGiveShowsCounts(store, seed: seed, after: edit)
        }
    }

    private func expectBothWaysGiveShowsCounts(_ store: OutlineStore, seed: UInt64, after edit: String) throws {
        let items = try store.read { db in
            try ItemRecord.fetchAll(
                db, sql: "SELECT id, parent_id, position, title, done_at, note FROM item WHERE id != 0"
            )
            .map(\.item)
        }
        try store.read { db in
            let oneByOne = try SubtreeCounts(db, for: items)
            let inOnePass = try SubtreeCounts(db, for: items, passAbove: 0)
            for item in items {
                let shown = try OutlineStore.details(of: item.id, db)
                for counts in [oneByOne, inOnePass] {
                    #expect(counts.childCount(of: item.id) == shown.childCount, "children of \(item.id), \(edit)")
                    #expect(counts.descendantCount(of: item.id) == shown.descendantCount, "below \(item.id), \(edit)")
                    #expect(
                        counts.childCount(of: item.parentID) == shown.siblingCount, "siblings of \(item.id), \(edit)")
                }
            }
        }
    }
}
