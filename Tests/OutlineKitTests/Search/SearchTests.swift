import Foundation
import GRDB
import OutlineTestSupport
import Synchronization
import Testing

@testable import OutlineKit

/// `find` against a plain walk of the tree, both ways `SearchTree` reads it: lookups for a word
/// held by few items, a scan of the table for one held by many, by one connection or two.
@Suite("find agrees with a walk of the tree")
struct SearchTests {
    static let words = ["alpha", "Beta", "gamma", "Délta", "epsilon", "ZÉTA", "eta/theta", "io\\ta", "2026"]

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
            // One item in three goes first among its siblings, so that positions do not follow
            // ids and the walk must sort the children it reads in id order.
            let placement: Placement = index % 3 == 0 ? .at(1) : .end
            ids += try store.add([index % 100 == 0 ? title + " rarissime" : title], under: parent, placement: placement)
                .ids
        }
        // Titles no outline command writes: a terminal escape, and bytes that are not UTF-8.
        try fixture.editOutside("UPDATE item SET title = 'alpha' || char(27) || '[2J beta' WHERE id = 7")
        try fixture.editOutside("UPDATE item SET title = CAST(X'616C706861FF' AS TEXT) WHERE id = 9")
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
                // The plain listing, written as bytes, says the same as the found items, whether
                // one connection reads the table or two do, as they would on a million items.
                let lines = found.map { "\($0.item.id)  " + TitleSanitizer.forTerminal($0.path.description) + "\n" }
                for splitAbove in [ItemTableScan.splitAbove, 0] {
                    let (count, listing) = try store.foundLines(SearchQuery(terms, under: subtree), splitAbove)
                    #expect(count == found.count)
                    #expect(listing == lines.joined(), "seed \(seed): \(terms)")
                }
                for match in found {
                    #expect(try store.path(of: match.item.id) == match.path, "seed \(seed): path of \(match.item.id)")
                    #expect(try store.item(match.item.id) == match.item)
                }
            }
        }
    }
}

/// An id in the billions (only a hand-edited file holds one) is found by lookups: a scan keeps a
/// slot for every id up to the largest, and once tried to allocate 60 GB for it.
@Suite("find with a huge id")
struct HugeIDSearchTests {
    @Test func anIDInTheBillionsIsFoundWithoutAScan() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(["hello world"])
        try fixture.editOutside(
            "INSERT INTO item (id, parent_id, position, title) VALUES (5000000000, 0, 2, 'big hello')")
        for splitAbove in [ItemTableScan.splitAbove, 0] {
            let (count, listing) = try fixture.store.foundLines(SearchQuery(["hello"], under: .root), splitAbove)
            #expect(count == 2)
            #expect(listing == "1  /hello world\n5000000000  /big hello\n")
        }
    }
}

/// A term holding a line break is found inside a note, never across the end of a title and the
/// start of its note, which the index joins with a line break.
@Suite("find of a term with a line break")
struct LineBreakSearchTests {
    @Test func aLineBreakMatchesOnlyInsideANote() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try store.add(["a b", "c", "d"]).ids
        try store.setNote(ids[0], to: "note text")
        try store.setNote(ids[1], to: "one\nnote two")
        // The third is written outside outline, so that it is matched before it is indexed.
        try fixture.editOutside("UPDATE item SET note = 'three' || char(10) || 'notes' WHERE id = \(ids[2])")
        for (term, expected) in [("b\nn", []), ("one\nnote", [ids[1]]), ("e\nn", [ids[1], ids[2]])] {
            #expect(
                try store.find(SearchQuery([term], under: .root)).map(\.item.id) == expected, "\(term.debugDescription)"
            )
        }
    }
}

/// The eight-bytes-at-a-time test of whether a path shows a title as it is, against the plain
/// byte-by-byte rule, for every length up to a few words and bytes near each edge of the rule.
@Suite("a title shown as it is")
struct TitleShownAsIsTests {
    @Test func theWordTestAgreesWithTheByteRule() {
        var random = SeededGenerator(seed: 7)
        let edges: [UInt8] = [
            0x00, 0x01, 0x1F, 0x20, 0x21, 0x2E, 0x2F, 0x30, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC3, 0xFF,
        ]
        let plain = Array("abcdefghij KLMNOP 0123 -_.,;:!?".utf8)
        let byteRule = { (bytes: [UInt8]) in
            !bytes.contains { $0 >= 0x80 || $0 < 0x20 || $0 == 0x7F || $0 == 0x2F || $0 == 0x5C }
        }
        var shownCount = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &random)
            var bytes = (0..<length).map { _ in plain.randomElement(using: &random)! }
            // Most titles get one byte from the edges, at any place, so that each word lane
            // and the tail meet them.
            if length > 0, Int.random(in: 0..<4, using: &random) > 0 {
                bytes[Int.random(in: 0..<length, using: &random)] = edges.randomElement(using: &random)!
            }
            let expected = byteRule(bytes)
            if expected { shownCount += 1 }
            let got = bytes.withUnsafeBufferPointer { TitleView.isShownAsIs($0) }
            #expect(got == expected, "\(bytes)")
        }
        // Both answers were met often.
        #expect(shownCount > 5_000 && shownCount < 15_000)
    }
}

/// The two connections that read a big table for `find` must see one snapshot: a writer that
/// retitles the first and the last item in each of its transactions must never show up with one
/// title old and the other new.
@Suite("find's second reader")
struct SecondReaderTests {
    @Test func twoReadersNeverMixTwoSnapshots() throws {
        let fixture = try StoreFixture()
        let ids = try fixture.store.add((1...20).map { "item \($0)" }, under: .root).ids
        let first = ids[0]
        let last = ids[ids.count - 1]
        try fixture.editOutside("UPDATE item SET title = 'gen 0' WHERE id IN (\(first), \(last))")
        let stop = Atomic<Bool>(false)
        let writerDone = DispatchSemaphore(value: 0)
        let path = fixture.store.path
        DispatchQueue.global().async {
            defer { writerDone.signal() }
            guard let writer = try? DatabaseQueue(path: path) else { return }
            var generation = 0
            while !stop.load(ordering: .relaxed) {
                generation += 1
                try? writer.write { db in
                    try db.execute(
                        sql: "UPDATE item SET title = 'gen ' || ? WHERE id IN (?, ?)",
                        arguments: [generation, first, last])
                }
            }
        }
        defer {
            stop.store(true, ordering: .relaxed)
            writerDone.wait()
        }
        for _ in 0..<300 {
            // Two matches in 20 items: the table is scanned, and split, as a million would be.
            let (count, listing) = try fixture.store.foundLines(try SearchQuery(["gen"]), 0)
            let titles = listing.split(separator: "\n").map {
                $0.split(separator: "/").last!
            }
            #expect(count == 2)
            #expect(Set(titles).count == 1, "one snapshot shows one generation: \(titles)")
        }
    }
}

/// Items that a hand edit cut off from the root (a parent that is missing or not an id) are not
/// in the outline, as `ls` shows it: both ways of reading the tree leave them and everything
/// below them out, and `find --json` still gives `show --json`'s objects.
@Suite("find in a file edited by hand")
struct HandEditedSearchTests {
    @Test func itemsCutOffFromTheRootAreLeftOutBothWays() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try store.add((1...60).map { "common \($0)" }).ids
        let orphan = ids[10]
        let below = try store.add(["common below rare"], under: orphan).ids[0]
        let negative = ids[20]
        try store.setNote(ids[30], to: "a note")
        try fixture.editOutside("UPDATE item SET parent_id = 99999 WHERE id = \(orphan)")
        try fixture.editOutside("UPDATE item SET parent_id = -5, title = 'common rare' WHERE id = \(negative)")
        try fixture.editOutside("UPDATE item SET title = 'common rare ' || char(0) || ' hidden' WHERE id = \(ids[40])")
        let expected = Set(ids).subtracting([orphan, negative])
        // "common" is in nearly every title (a scan); "rare" in three (lookups).
        for (term, wanted) in [("common", expected), ("rare", [ids[40]])] {
            for splitAbove in [ItemTableScan.splitAbove, 0] {
                let listing = try store.foundLines(SearchQuery([term], under: .root), splitAbove).listing
                let listed = listing.split(separator: "\n").map {
                    ItemID($0.prefix { $0 != " " })!
                }
                #expect(Set(listed) == Set(wanted), "\(term), split above \(splitAbove)")
                #expect(!listed.contains(below))
            }
            let details = try store.findDetails(SearchQuery([term], under: .root))
            #expect(Set(details.map(\.item.id)) == Set(wanted))
            for found in details { #expect(try store.details(of: found.item.id) == found, "\(found.item.id)") }
        }
    }
}

extension OutlineStore {
    /// `find`'s plain listing as the executable writes it, from the paths `forEachFoundPath`
    /// yields, with tables of more than `splitAbove` items read by two connections; and how many
    /// items were found.
    fileprivate func foundLines(_ query: SearchQuery, _ splitAbove: Int) throws -> (count: Int, listing: String) {
        var listing = ""
        let count = try forEachFoundPath(query, splittingTablesAbove: splitAbove) { id, path in
            listing += "\(id)  " + String(decoding: path, as: UTF8.self) + "\n"
        }
        return (count, listing)
    }
}
