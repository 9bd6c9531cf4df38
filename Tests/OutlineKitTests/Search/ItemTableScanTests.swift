import Foundation
import GRDB
import Testing

@testable import OutlineKit

/// The scan that `find` runs for a common word hands rows to `RowSink` inside SQLite: what it
/// fills must be what a plain query reads, gaps and hand-edited rows included, and it must stop
/// when asked.
@Suite("the item table scan")
struct ItemTableScanTests {
    @Test func theScanReadsWhatAPlainQueryReads() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try store.add((1...300).map { "item \($0)" }).ids
        try store.add(["child a", "child b"], under: ids[5])
        // Gaps in the ids, at the start, inside and at the end of the run read below.
        try store.remove([ids[0], ids[40], ids[41], ids[299]])
        // What only an edit outside outline stores: a parent that is not a slot, a title
        // that is a number, and one that holds a NUL.
        try fixture.editOutside("UPDATE item SET parent_id = 987654 WHERE id = \(ids[10])")
        try fixture.editOutside("UPDATE item SET title = 42 WHERE id = \(ids[11])")
        try fixture.editOutside("UPDATE item SET title = CAST(X'610062' AS TEXT) WHERE id = \(ids[12])")
        try store.read { db in
            let largest = try Int.fetchOne(db, sql: "SELECT max(id) FROM item")!
            let readTo = largest + 5
            let columns = NodeColumns(count: readTo + 1, clearing: false)
            let titles = TitleBytes(firstSlot: 1)
            let statement = try RawStatement(db, sql: ItemTableScan.rowsSQL)
            #expect(try ItemTableScan.read(statement, ids: 1...readTo, into: columns, titles: titles))
            var expected: [Int: (parent: Int64, position: Int64, title: [UInt8])] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT id, parent_id, position, CAST(title AS BLOB) FROM item WHERE id > 0")
            {
                expected[row[0]] = (row[1], row[2], [UInt8](row[3] as Data))
            }
            for slot in 1...readTo {
                if let row = expected[slot] {
                    let parent = row.parent >= 0 && row.parent <= Int64(readTo) ? Int32(row.parent) : -1
                    #expect(columns.parents[slot] == parent, "parent of \(slot)")
                    #expect(columns.positions[slot] == row.position, "position of \(slot)")
                    #expect(titles.view.title(slot).map(Array.init) == row.title, "title of \(slot)")
                } else {
                    #expect(columns.parents[slot] == -1, "empty slot \(slot)")
                    #expect(titles.view.title(slot) == nil, "empty slot \(slot)")
                }
            }
            #expect(titles.string(Int(ids[11])) == "42")
            #expect(columns.parents[Int(ids[10])] == -1)
        }
    }

    @Test func aScanStopsWhenAsked() throws {
        let fixture = try StoreFixture()
        try fixture.store.add((1...5_000).map { "item \($0)" })
        try fixture.store.read { db in
            let columns = NodeColumns(count: 5_001, clearing: false)
            let statement = try RawStatement(db, sql: ItemTableScan.rowsSQL)
            var asked = 0
            let finished = try ItemTableScan.read(
                statement, ids: 1...5_000, into: columns, titles: TitleBytes(firstSlot: 1),
                shouldStop: {
                    asked += 1
                    return true
                })
            #expect(!finished)
            #expect(asked == 1)
            // The statement is left usable: the same scan, not stopped, reads every row.
            let titles = TitleBytes(firstSlot: 1)
            #expect(try ItemTableScan.read(statement, ids: 1...5_000, into: columns, titles: titles))
            #expect(titles.string(5_000) == "item 5000")
        }
    }
}
