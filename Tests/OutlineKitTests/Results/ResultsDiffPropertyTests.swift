import OutlineKit
import OutlineTestSupport
import Testing

@Suite("Results diffs between random snapshots")
struct ResultsDiffPropertyTests {
    /// A random snapshot: some of the ids 1...pool, shuffled, spread over sections whose names
    /// keep one fixed order (sections never move, as in a sorted, sectioned list).
    static func randomSnapshot(pool: Int, sectioned: Bool, using rng: inout SeededGenerator) -> ResultsSnapshot {
        let ids = (1...pool).filter { _ in Int.random(in: 0..<3, using: &rng) > 0 }.shuffled(using: &rng)
        let names = sectioned ? ["A", "B", "C", "D", "E"] : [""]
        var sections = names.map { ResultsSnapshot.Section(name: $0, rows: []) }
        for id in ids {
            let content = ["x", "y", "z"].randomElement(using: &rng)!
            sections[Int.random(in: 0..<names.count, using: &rng)].rows.append(.init(id: ItemID(id), content: content))
        }
        return ResultsSnapshot(sections: sectioned ? sections.filter { !$0.rows.isEmpty } : sections)
    }

    /// Longest strictly increasing subsequence length, by the quadratic textbook method: an
    /// oracle independent of the patience sorting under test.
    static func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    @Test(arguments: [false, true])
    func applyingTheChangeSetGivesTheNewListWithFewestMoves(sectioned: Bool) {
        var rng = SeededGenerator(seed: sectioned ? 77 : 42)
        for trial in 0..<400 {
            let pool = Int.random(in: 1...30, using: &rng)
            let old = Self.randomSnapshot(pool: pool, sectioned: sectioned, using: &rng)
            let new = Self.randomSnapshot(pool: pool, sectioned: sectioned, using: &rng)
            let changes = ResultsDiff(from: old, to: new)
            let contents = Dictionary(
                new.sections.flatMap(\.rows).map { ($0.id, $0.content) }, uniquingKeysWith: { $1 })
            #expect(changes.applied(to: old, contents: contents) == new, "trial \(trial): \(changes)")

            // Fewest moves: every survivor that changed section must move; of the others, all
            // but a longest run kept in the same relative order.
            let oldSection = Dictionary(
                old.sections.flatMap { section in section.rows.map { ($0.id, section.name) } }, uniquingKeysWith: { $1 }
            )
            let newFlat = new.sections.flatMap { section in section.rows.map { ($0.id, section.name) } }
            let newOrder = Dictionary(newFlat.enumerated().map { ($0.element.0, $0.offset) }, uniquingKeysWith: { $1 })
            let newSection = Dictionary(newFlat, uniquingKeysWith: { $1 })
            let survivors = old.sections.flatMap(\.rows).map(\.id).filter { newOrder[$0] != nil }
            let forced = survivors.filter { oldSection[$0] != newSection[$0] }
            let stayers = survivors.filter { oldSection[$0] == newSection[$0] }.map { newOrder[$0]! }
            let moves = changes.objectChanges.filter { $0.kind == .move }.count
            #expect(moves == forced.count + stayers.count - Self.lisLength(stayers), "trial \(trial)")
        }
    }

    @Test func anEmptyDifferenceIsEmpty() {
        let list = ResultsSnapshot(rows: [.init(id: 1, content: "a"), .init(id: 2, content: "b")])
        #expect(ResultsDiff(from: list, to: list).isEmpty)
    }

    @Test func aRowThatOnlyShiftsIsNotReported() {
        let old = ResultsSnapshot(rows: [.init(id: 1, content: "a"), .init(id: 2, content: "b")])
        let new = ResultsSnapshot(rows: [
            .init(id: 3, content: "c"), .init(id: 1, content: "a"), .init(id: 2, content: "b"),
        ])
        let changes = ResultsDiff(from: old, to: new)
        #expect(changes.objectChanges == [.init(kind: .insert, id: 3, from: nil, to: ItemPath(row: 0))])
    }

    @Test func orderOfKinds() {
        let old = ResultsSnapshot(rows: [1, 2, 3, 4, 5].map { .init(id: $0, content: "v1") })
        var rows: [ResultsSnapshot.Row] = [5, 6, 1, 3, 7].map { .init(id: $0, content: "v1") }
        rows[3].content = "v2"  // 3 is updated in place
        let changes = ResultsDiff(from: old, to: ResultsSnapshot(rows: rows))
        #expect(changes.objectChanges.map(\.kind) == [.delete, .delete, .insert, .insert, .move, .update])
        #expect(changes.objectChanges.map(\.id) == [4, 2, 6, 7, 5, 3])
    }
}
