import OutlineKit
import OutlineTestSupport
import Testing

/// Every printed path works as a reference: for random outlines with awkward titles, resolving an
/// item's printed path gives that item, or, where the outline holds a twin with the very same path,
/// a refusal that lists it among the candidates.
@Suite("Printed paths resolve to their items")
struct PathPropertyTests {
    /// Titles chosen to collide: slashes and backslashes, digits only, case-only twins,
    /// characters whose case folds outside ASCII, titles equal to `root`, and a slash or
    /// backslash that a combining mark, a joiner or a variation selector follows (one character
    /// to Swift's `String`, two to a path).
    static let awkwardTitles = [
        "a", "A", "a/b", "A/B", #"a\b"#, #"\"#, "/", "//", #"\/"#, "2026", "0", "root", "Root", "Straße",
        "STRASSE", "strasse", "Été", "ÉTÉ", "été", "x y", "ǅ", "ǆ", "İ", "Σ", "σ", "ς",
        "A/\u{301}B", "\u{301}B", "a/\u{200D}b", "\\\u{301}", "x/\u{FE0F}",
    ]

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func everyPrintedPathNamesItsItem(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let fixture = try StoreFixture()
        let store = fixture.store
        var ids: [ItemID] = []
        for _ in 0..<60 {
            let parent =
                ids.isEmpty || Int.random(in: 0..<4, using: &random) == 0 ? .root : ids.randomElement(using: &random)!
            let title = Self.awkwardTitles.randomElement(using: &random)!
            ids += try store.add([title], under: parent).ids
        }
        // Some retitled, so that the indexes follow edits too.
        for id in ids.shuffled(using: &random).prefix(10) {
            try store.edit(id, title: Self.awkwardTitles.randomElement(using: &random)!)
        }
        for id in ids {
            let printed = try store.path(of: id).description
            let reference = try ItemReference(parsing: printed)
            do {
                #expect(try store.resolve(reference) == id, "seed \(seed): \(printed)")
            } catch OutlineError.ambiguousReference(_, let candidates, let count) {
                // Refused only for a twin: another item whose path matches ignoring case.
                #expect(count > 1 && candidates.contains { $0.id == id }, "seed \(seed): \(printed)")
                // Exact titles win at every step, so the twins share the printed path exactly.
                #expect(candidates.allSatisfy { $0.path == printed }, "seed \(seed): \(printed) \(candidates)")
            }
        }
    }
}
