import GRDB
import Testing

// Internals: the queries themselves, and the plans SQLite makes for them.
@testable import OutlineKit

/// The commands that touch one parent must cost the same on a million-item file as on a small
/// one, and undo the same with 10 steps of history as with 10 000. Timing that in a unit test
/// would be noisy, so this checks the cause instead: every statement they run is an index search,
/// never a scan of the item or undo_step table.
@Suite("Commands never scan a whole table")
struct QueryPlanTests {
    @Test func editingListingAndUndoUseIndexes() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try fixture.build([("a", ["a1", "a2", "a3"]), ("b", ["b1"])])
        let statements = SQLLog()
        store.queue.inDatabase { db in db.trace { statements.add($0.expandedDescription) } }

        try store.add(["new"], under: ids["a"])
        try store.add(["first"], under: ids["a"], placement: .at(1))
        try store.add(["next to b1"], placement: .after(ids["b1"]!))
        try store.move([ids["a2"]!], under: ids["b"], placement: .at(1))
        try store.move([ids["a3"]!], placement: .before(ids["a1"]!))
        try store.edit(ids["a1"]!, title: "renamed")
        try store.remove([ids["b1"]!])
        try store.walk(from: ids["a"]!, maxDepth: 1) { _ in }
        try store.undoManager.undo(steps: 2)
        try store.undoManager.redo()
        _ = try store.undoManager.undoActionName

        store.queue.inDatabase { db in db.trace(options: [], nil) }
        let queries = statements.entries.filter { sql in
            ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"].contains { sql.uppercased().hasPrefix($0) }
        }
        #expect(queries.count >= 10)
        for sql in queries {
            let plan = try store.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0[3] as String }
            }
            // Neither the tree nor the undo history may be read whole: both grow without bound.
            #expect(Self.scansOfBigTables(plan).isEmpty, "\(sql) scans the table: \(plan)")
        }
    }
}

extension QueryPlanTests {
    /// The plan's lines that read a table whole, other than those that stay small: the ids a
    /// write noted for the title index (`title_unindexed`, aliased `u`), lists bound as JSON
    /// (`json_each`, under any alias), and the rows of the queries' own common table expressions
    /// (`subtree`, `ordered`), which their SEARCH lines bound. A table may be aliased, so a scan
    /// is known by what it is not.
    static func scansOfBigTables(_ plan: [String]) -> [String] {
        plan.filter { line in
            guard line.hasPrefix("SCAN ") else { return false }
            let small = ["SCAN u", "SCAN title_unindexed", "SCAN CONSTANT ROW", "SCAN subtree", "SCAN ordered"]
            if small.contains(line) || line.hasPrefix("SCAN (subquery-") { return false }
            // The title index is the one virtual table that grows: a plan for it names its
            // constraints after the colon, and none means a full scan.
            if let index = line.range(of: " VIRTUAL TABLE INDEX ") {
                return line.hasPrefix("SCAN title_search") && line[index.upperBound...].hasSuffix(":")
            }
            return true
        }
    }

    /// Resolving a path and finding a word of three letters or more held by few items read only
    /// what they need: the item table through its indexes, the title index by a MATCH, never
    /// whole. (A word held by more than one item in `SearchTree.scanAboveOneIn` reads the table
    /// in two passes instead, which is cheaper than a lookup for each.)
    @Test func pathsAndFindUseIndexes() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        try fixture.build([("Groceries", ["Milk", "Straße"]), ("Été", ["milk"]), ("2026", ["Plan"])])
        // Matches few against the outline's size: a search of many reads the table on purpose.
        try store.add((1...200).map { "filler \($0)" })
        let statements = SQLLog()
        store.queue.inDatabase { db in db.trace { statements.add($0.expandedDescription) } }

        _ = try store.resolve(ItemReference(parsing: "Groceries/Milk"))
        _ = try store.resolve(ItemReference(parsing: "/ÉTÉ/MILK"))
        _ = try store.resolve(ItemReference(parsing: "strasse"))
        _ = try store.resolve(ItemReference(parsing: "/2026/plan"))
        _ = try store.details(of: try store.resolve(ItemReference(parsing: "Plan")))
        _ = try store.find(SearchQuery(["milk"]))
        for typed in ["", "/", "Gro", "Groceries/M", "/Été/", "1"] { _ = try store.referenceCompletions(for: typed) }
        _ = try store.find(
            SearchQuery(
                ["MILK", "gro"], under: try store.resolve(.path(TitlePath(titles: ["Groceries"], isAnchored: true)))))

        store.queue.inDatabase { db in db.trace(options: [], nil) }
        let queries = statements.entries.filter { sql in
            ["SELECT", "WITH"].contains { sql.uppercased().hasPrefix($0) }
        }
        #expect(queries.count >= 8)
        var matched = 0
        for sql in queries {
            let plan = try store.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0[3] as String }
            }
            #expect(Self.scansOfBigTables(plan).isEmpty, "\(sql) scans the table: \(plan)")
            // A virtual table's plan names the index it asked for: ":M" is a full-text MATCH.
            for line in plan where line.hasPrefix("SCAN title_search") {
                #expect(line.contains(":M"), "\(sql) reads the whole title index: \(plan)")
                matched += 1
            }
        }
        #expect(matched == 2, "both searches went through the index")
    }
}

final class SQLLog: @unchecked Sendable {
    private(set) var entries: [String] = []
    func add(_ sql: String) { entries.append(sql) }
}

extension QueryPlanTests {
    /// The agenda and the date filters read the open dated items from the partial date indexes
    /// alone (each holds the date, its repeater and the row's id: `Schema`, version 8), never a
    /// table page for an item they then leave out.
    @Test func theAgendaAndDateFiltersReadTheirDatesFromTheIndexesAlone() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try fixture.build([("Plans", ["Dentist", "Taxes"])])
        var change = AttributeChange()
        change.due = TaskDate(stored: "2026-11-30", repeater: nil)
        change.scheduled = TaskDate(stored: "2026-11-20", repeater: "+1w")
        try store.setAttributes([ids["Dentist"]!, ids["Taxes"]!], change)
        let statements = SQLLog()
        store.queue.inDatabase { db in db.trace { statements.add($0.expandedDescription) } }

        let today = try #require(CalendarDay(iso: "2026-11-27"))
        let agenda = try store.agenda(from: today)
        var filters = SearchFilters()
        filters.dueBy = TaskDate(stored: "2026-12-01", repeater: nil)
        filters.scheduledBy = TaskDate(stored: "2026-12-01", repeater: nil)
        let found = try store.find(SearchQuery([], filters: filters))

        store.queue.inDatabase { db in db.trace(options: [], nil) }
        #expect(agenda.count == 2 && found.count == 2, "both items are in the agenda and found")
        let dated = statements.entries.filter { $0.contains("due IS NOT NULL") || $0.contains("scheduled IS NOT NULL") }
        #expect(dated.count == 4, "two agenda queries and two filters: \(dated)")
        for sql in dated {
            let plan = try store.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0[3] as String }
            }
            let index = sql.contains("due IS NOT NULL") ? "item_by_due" : "item_by_scheduled"
            #expect(
                !plan.isEmpty && plan.allSatisfy { $0.contains("USING COVERING INDEX \(index)") }, "\(sql): \(plan)")
        }
    }
}
