import GRDB
import Testing

@testable import OutlineKit

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
        try store.write { db in try db.execute(sql: "UPDATE item SET position = 5 WHERE title = 'a2'") }
        #expect(try store.check().problems == [Problem("children of 1 are not numbered 1 to 2: positions run 1 to 5")])
    }

    @Test func namesDuplicatePositions() throws {
        try store.write { db in try db.execute(sql: "UPDATE item SET position = 1 WHERE title = 'a2'") }
        #expect(try store.check().problems == [Problem("children of 1 are not numbered 1 to 2: 1 duplicate positions")])
    }

    @Test func namesACycle() throws {
        try store.write { db in
            try db.execute(
                sql: "UPDATE item SET parent_id = (SELECT id FROM item WHERE title = 'a1') WHERE title = 'a'")
        }
        let problems = try store.check().problems.map(\.description)
        #expect(problems.contains("items in a cycle, unreachable from the root: 1, 2, 3"))
    }

    @Test func namesAMissingParentAndABadTitle() throws {
        try store.queue.inDatabase { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "INSERT INTO item (id, parent_id, position, title) VALUES (50, 40, 1, 'orphan')")
            try db.execute(sql: "UPDATE item SET title = 'bad' || char(27) WHERE title = 'b1'")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        let problems = try store.check().problems.map(\.description)
        #expect(problems.contains("item 50 has a missing parent 40"))
        #expect(problems.contains { $0.hasPrefix("item 5: title \"bad\\x1b\" holds the control character U+001B") })
        #expect(problems.contains { $0.hasPrefix("foreign key: row 50 of item") })
    }
}
