import Foundation
import GRDB
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The title index folds noted titles in batches (`TitleIndex.backlog`): until a write finds that
/// many noted, the titles wait in `title_unindexed`, and every reader must still find them.
@Suite("the title index's backlog")
struct TitleIndexBacklogTests {
    /// How many titles are noted, and how many items the trigram index holds.
    private func indexState(_ store: OutlineStore) throws -> (noted: Int, indexed: Int) {
        try store.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM title_unindexed") ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM title_search") ?? -1
            )
        }
    }

    @Test func titlesWaitUntilTheBacklogIsFullAndAreFoundMeanwhile() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let home = try store.add(["Home"]).ids[0]
        // The first write of a new file folds nothing yet: Home waits too.
        var added: [ItemID] = []
        for number in 1..<(TitleIndex.backlog - 1) {
            added += try store.add(["Straße \(number)"], under: home).ids
        }
        #expect(try indexState(store) == (noted: TitleIndex.backlog - 1, indexed: 0))
        // Every reader folds what waits: find, a title path, a path spelled another way.
        #expect(try store.find(SearchQuery(["strasse"], under: .root)).count == added.count)
        #expect(try store.resolve(.path(TitlePath(parsing: "/Home/STRASSE 7"))) == added[6])
        #expect(try store.check().isHealthy)

        // The write that brings the backlog to its size folds all of it, and readers agree.
        let last = try store.add(["Straße last"], under: home).ids[0]
        #expect(try indexState(store) == (noted: 0, indexed: TitleIndex.backlog))
        #expect(try store.find(SearchQuery(["strasse"], under: .root)).count == added.count + 1)
        #expect(try store.resolve(.path(TitlePath(parsing: "Home/strasse LAST"))) == last)
        #expect(try store.check().isHealthy)
    }

    @Test func aRemovedItemsRowsAreIgnoredUntilFoldedAway() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try store.add((1...TitleIndex.backlog).map { "Osprey \($0)" }).ids
        #expect(try indexState(store) == (noted: 0, indexed: TitleIndex.backlog))
        // Removing one notes it; its index rows stay until the next catch-up, unused.
        _ = try store.remove([ids[0]])
        #expect(try indexState(store) == (noted: 1, indexed: TitleIndex.backlog))
        #expect(try store.find(SearchQuery(["osprey"], under: .root)).count == TitleIndex.backlog - 1)
        #expect(throws: OutlineError.self) { try store.resolve(.path(TitlePath(parsing: "Osprey 1"))) }
        #expect(try store.check().isHealthy)
    }
}
