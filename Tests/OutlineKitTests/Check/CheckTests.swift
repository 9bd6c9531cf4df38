import GRDB
import OutlineKit
import Testing

@Suite("check finds broken invariants")
struct CheckTests {
    let fixture: StoreFixture
    var store: OutlineStore { fixture.store }

    init() throws {
        fixture = try StoreFixture()
        try fixture.build([("a", ["a1", "a2"]), ("b", ["b1"])])
    }

    @Test func aHealthyOutlinePasses() throws {
        let report = try store.check()
        #expect(report.problems == [])
        #expect(report.itemCount == 5)
    }

    @Test func namesAGapInPositions() throws {
        try fixture.editOutside("UPDATE item SET position = 5 WHERE title = 'a2'")
        #expect(try store.check().problems == [Problem("children of 1 are not numbered 1 to 2: positions run 1 to 5")])
    }

    @Test func namesDuplicatePositions() throws {
        try fixture.editOutside("UPDATE item SET position = 1 WHERE title = 'a2'")
        #expect(try store.check().problems == [Problem("children of 1 are not numbered 1 to 2: 1 duplicate positions")])
    }

    @Test func namesACycle() throws {
        try fixture.editOutside(
            "UPDATE item SET parent_id = (SELECT id FROM item WHERE title = 'a1') WHERE title = 'a'")
        let problems = try store.check().problems.map(\.description)
        #expect(problems.contains("items in or below a cycle, unreachable from the root: 1, 2, 3"))
    }

    @Test func namesWhatLiesBelowAMissingParentApartFromACycle() throws {
        // a (1) loses its parent; b (4) and b1 (5) form a cycle.
        try fixture.editOutside("UPDATE item SET parent_id = 99 WHERE title = 'a'")
        try fixture.editOutside("UPDATE item SET parent_id = 5 WHERE title = 'b'")
        let problems = try store.check().problems.map(\.description)
        #expect(problems.contains("item 1 has a missing parent 99"))
        #expect(problems.contains("items below an item whose parent is missing, unreachable from the root: 2, 3"))
        #expect(problems.contains("items in or below a cycle, unreachable from the root: 4, 5"))
    }

    @Test func namesAMissingParentAndABadTitle() throws {
        try fixture.editOutside(
            """
            INSERT INTO item (id, parent_id, position, title) VALUES (50, 40, 1, 'orphan');
            UPDATE item SET title = 'bad' || char(27) WHERE title = 'b1';
            """)
        let problems = try store.check().problems.map(\.description)
        #expect(problems.contains("item 50 has a missing parent 40"))
        #expect(problems.contains { $0.hasPrefix("item 5: title \"bad\\x1b\" holds the control character U+001B") })
        #expect(problems.contains { $0.hasPrefix("foreign key: row 50 of item") })
    }
}
