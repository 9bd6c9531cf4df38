import Foundation
import Testing

/// A file the release before keywords and attributes wrote (schema 6), upgraded in place: its
/// done items read as DONE and the rest as plain items, and every step recorded before still
/// undoes and redoes exactly (SPEC, "What an item holds": "An outline made before this change").
@Suite("an outline from before keywords, upgraded")
struct AttributesUpgradeTests {
    let outline = OutlineProcess()

    /// Each item's id, title and keyword (or `-` for none), as `show --json` gives them.
    private func states() throws -> [String] {
        try outline.tsv().map { line in
            let id = line.split(separator: "\t")[0]
            let shown = try outline.run(["show", String(id), "--json"]).stdout
            let state = shown.firstMatch(of: /"state":"([A-Z]+)"/).map { String($0.1) } ?? "-"
            return "\(id) \(line.split(separator: "\t")[4]) \(state)"
        }
    }

    @Test func doneItemsReadAsDoneAndEveryOldStepStillUndoesAndRedoes() throws {
        try outline.loadFixture("schema-6")
        let items = [
            "1\t0\t1\t1\tGroceries\t0", "3\t1\t1\t2\tMilk\t1", "4\t1\t2\t2\tEggs\t0", "5\t1\t3\t2\tBread\t0",
            "2\t0\t2\t1\tWork\t0", "6\t2\t1\t2\tReport\t1", "7\t2\t2\t2\tOld task\t0",
        ]
        #expect(try outline.tsv() == items)
        #expect(try outline.sqlite("PRAGMA user_version") == "10")
        let states = [
            "1 Groceries -", "3 Milk DONE", "4 Eggs -", "5 Bread -", "2 Work -", "6 Report DONE", "7 Old task -",
        ]
        #expect(try self.states() == states)
        // No row was rewritten: the keyword of an old done item is read, not stored.
        #expect(try outline.sqlite("SELECT count(*) FROM item WHERE state IS NOT NULL") == "0")

        let names = try outline.historyNames()
        #expect(names.count == 8)
        // The undone step redoes, then every step undoes down to the empty outline and redoes.
        #expect(try outline.run(["redo"]).stdout == "redone: done \"Bread\"\n")
        #expect(try self.states().contains("5 Bread DONE"))
        for _ in 0..<8 { #expect(try outline.run(["undo"]).status == 0) }
        #expect(try outline.tsv() == [])
        #expect(try outline.run(["redo", "8"]).status == 0)
        #expect(try self.states() == states.map { $0 == "5 Bread -" ? "5 Bread DONE" : $0 })
        try outline.run(["undo"])
        #expect(try self.states() == states)
        #expect(try outline.run(["check"]).stdout == "ok: 7 items, schema 10, no problems found\n")

        // The new commands work on the upgraded file, and undo exactly.
        try outline.run(["reopen", "Milk"])
        try outline.run(["set", "Eggs", "--tag", "Shop", "--priority", "A"])
        #expect(try self.states().contains("3 Milk TODO"))
        try outline.run(["undo", "2"])
        #expect(try self.states() == states)
        #expect(try outline.sqlite("SELECT count(*) FROM item WHERE state IS NOT NULL OR tags IS NOT NULL") == "0")
    }
}
