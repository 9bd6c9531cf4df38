import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// `find` against a plain walk of the tree, both ways `SearchTree` reads it: lookups for a word
/// held by few items, two scans for one held by many.
@Suite("find agrees with a walk of the tree")
struct SearchTests {
    static let words = ["alpha", "Beta", "gamma", "Délta", "epsilon", "ZÉTA"]

    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func findGivesTheWalksMatchesInOrder(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let fixture = try StoreFixture()
        let store = fixture.store
        var ids: [ItemID] = []
        for index in 0..<400 {
            let parent =
                ids.isEmpty || Int.random(in: 0..<8, using: &random) == 0 ? .root : ids.randomElement(using: &random)!
            let title = (0..<3).map { _ in Self.words.randomElement(using: &random)! }.joined(separator: " ")
            // A rare word: held by one item in a hundred, so that its search takes the lookups.
            ids += try store.add([index % 100 == 0 ? title + " rarissime" : title], under: parent).ids
        }
        var walk: [(item: Item, depth: Int)] = []
        try store.walk { walk.append(($0.item, $0.depth)) }
        let fold = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        for terms in [["rarissime"], ["DELTA"], ["zeta", "alpha"], ["ta"], ["rarissime", "beta"]] {
            for subtree in [ItemID.root, ids.randomElement(using: &random)!] {
                let expected = try walk.filter { entry in
                    let holdsAll = terms.allSatisfy { fold(entry.item.title).contains(fold($0)) }
                    return try holdsAll && entry.item.id != subtree && store.isInSubtree(entry.item.id, of: subtree)
                }.map(\.item.id)
                let found = try store.find(SearchQuery(terms, under: subtree))
                #expect(found.map(\.item.id) == expected, "seed \(seed): \(terms) under \(subtree)")
                for match in found {
                    #expect(try store.path(of: match.item.id) == match.path, "seed \(seed): path of \(match.item.id)")
                    #expect(try store.item(match.item.id) == match.item)
                }
            }
        }
    }
}
