import GRDB
import Testing

@testable import OutlineKit

@Suite("The persistent undo manager")
struct UndoTests {
    let fixture: StoreFixture
    var store: OutlineStore { fixture.store }
    var undo: OutlineUndoManager { store.undoManager }

    init() throws { fixture = try StoreFixture() }

    /// Runs `change`, then checks that undo restores the outline before it and redo the one after.
    private func expectUndoRedoExact(_ change: () throws -> Void) throws {
        let before = try fixture.tsv()
        try change()
        let after = try fixture.tsv()
        try undo.undo()
        #expect(try fixture.tsv() == before)
        try undo.redo()
        #expect(try fixture.tsv() == after)
        #expect(try store.check().isHealthy)
    }

    @Test func eachCommandUndoesAndRedoesExactly() throws {
        let ids = try fixture.build([("Groceries", ["Milk", "Eggs", "Bread"]), ("Work", ["Mail"])])
        try store.add(["Oat", "Soy"], under: ids["Milk"])
        try expectUndoRedoExact { try store.add(["a", "b"], under: ids["Groceries"], placement: .at(2)) }
        try expectUndoRedoExact { try store.remove([ids["Milk"]!]) }
        try expectUndoRedoExact { try store.remove([ids["Groceries"]!, ids["Mail"]!]) }
        try undo.undo()  // Groceries back
        try expectUndoRedoExact { try store.move([ids["Eggs"]!, ids["Work"]!], under: ids["Bread"]) }
        try expectUndoRedoExact { try store.move([ids["Bread"]!], placement: .before(ids["Groceries"]!)) }
        try expectUndoRedoExact { try store.edit(ids["Eggs"]!, title: "Eggs (6)") }
    }

    /// A changeset too big to be collected into memory (`RecordedChanges.keptInMemory`) is
    /// streamed into its step's blob: the step it makes undoes and redoes exactly, and reports
    /// the rows it touched.
    @Test func aBigChangesetIsStoredWholeAndUndoesExactly() throws {
        // Long notes make a big changeset of few items: 1,100 of 4 KB, a little over the 4 MiB
        // that is kept in memory.
        let note = String(repeating: "a long note to make a big changeset", count: 117)
        let items = (1...1_100).map { ImportedItem(title: "Item \($0)", note: "\($0): " + note) }
        try expectUndoRedoExact {
            let result = try store.importItems(items, names: ["big.txt"], reportingChanges: true)
            #expect(result.changes.count == 1_100)
        }
        let notes = try store.read { db in
            try String.fetchAll(db, sql: "SELECT note FROM item WHERE id != 0 ORDER BY id")
        }
        let whole = notes == (1...1_100).map { "\($0): " + note }
        #expect(whole, "redo brought every note back whole")
        let stored = try store.read { db in
            try Int.fetchOne(db, sql: "SELECT length(changeset) FROM undo_step ORDER BY id DESC LIMIT 1")
        }
        #expect(try #require(stored) > Int(RecordedChanges.keptInMemory), "the streamed path was taken")
    }

    @Test func namesAndAvailability() throws {
        #expect(try !undo.canUndo)
        #expect(try !undo.canRedo)
        #expect(throws: OutlineError.nothingTo(verb: "undo")) { try undo.undo() }
        #expect(throws: OutlineError.nothingTo(verb: "redo")) { try undo.redo() }
        let groceries = try store.add(["Groceries"]).ids[0]
        try store.add(["Milk", "Eggs", "Tea"], under: groceries)
        try store.remove([groceries])
        #expect(try undo.undoActionName == "rm \"Groceries\" and 3 descendants")
        try undo.undo()
        #expect(try undo.redoActionName == "rm \"Groceries\" and 3 descendants")
        #expect(try undo.undoActionName == "add \"Milk\" and 2 others under \"Groceries\"")
        #expect(try undo.canUndo && undo.canRedo)
    }

    @Test func aNewChangeClearsRedo() throws {
        try store.add(["a"])
        try store.add(["b"])
        try undo.undo()
        #expect(try undo.canRedo)
        try store.add(["c"])
        #expect(try !undo.canRedo)
        #expect(try undo.history().map(\.name) == ["add \"c\"", "add \"a\""])
    }

    @Test func severalStepsAtOnceAreAllOrNothing() throws {
        try store.add(["a"])
        try store.add(["b"])
        try store.add(["c"])
        #expect(throws: OutlineError.notEnoughSteps(verb: "undo", requested: 4, available: 3)) {
            try undo.undo(steps: 4)
        }
        #expect(try fixture.childTitles() == ["a", "b", "c"])
        let undone = try undo.undo(steps: 2)
        #expect(undone.map(\.name) == ["add \"c\"", "add \"b\""])
        #expect(try fixture.childTitles() == ["a"])
        try undo.redo(steps: 2)
        #expect(try fixture.childTitles() == ["a", "b", "c"])
    }

    @Test func dryRunChangesNothing() throws {
        try store.add(["a", "b"])
        let steps = try undo.undo(dryRun: true)
        #expect(steps.map(\.isUndone) == [true])
        #expect(try fixture.childTitles() == ["a", "b"])
        #expect(try undo.canUndo && !undo.canRedo)
    }

    @Test func aCommandThatChangesNothingRecordsNoStep() throws {
        let ids = try store.add(["a", "b"]).ids
        #expect(try store.edit(ids[0], title: "a").step == nil)
        #expect(try store.move([ids[1]], under: 0).step == nil)
        #expect(try store.move([ids[0]], under: 0).step != nil)
        #expect(try undo.history().count == 2)
    }

    @Test func historyIsPrunedToLevelsOfUndo() throws {
        store.levelsOfUndo = 3
        for title in ["a", "b", "c", "d", "e"] { try store.add([title]) }
        #expect(try undo.history().map(\.name) == ["add \"e\"", "add \"d\"", "add \"c\""])
        try undo.undo(steps: 3)
        #expect(throws: OutlineError.nothingTo(verb: "undo")) { try undo.undo() }
        #expect(try fixture.childTitles() == ["a", "b"])
        try undo.removeAllActions()
        #expect(try undo.history().isEmpty)
    }

    @Test func undoOfARemovedTenThousandItemSubtreeRestoresEveryRow() throws {
        let top = try store.add(["top"]).ids[0]
        let children = try store.add((1...100).map { "child \($0)" }, under: top).ids
        for child in children { try store.add((1...99).map { "leaf \($0)" }, under: child) }
        let before = try fixture.tsv()
        #expect(before.count == 10_001)
        let result = try store.remove([top])
        #expect(result.action.name == "rm \"top\" and 10000 descendants")
        #expect(try fixture.tsv().isEmpty)
        try undo.undo()
        #expect(try fixture.tsv() == before)
        try undo.redo()
        #expect(try fixture.tsv().isEmpty)
    }

    // MARK: - The database changed behind outline's back

    private func outsideEdit(_ sql: String) throws {
        try fixture.editOutside(sql)
    }

    @Test func refusesWhenARowOfTheStepWasChanged() throws {
        let id = try store.add(["a"]).ids[0]
        try store.edit(id, title: "b")
        try outsideEdit("UPDATE item SET title = 'changed outside' WHERE id = \(id)")
        let before = try fixture.tsv()
        #expect(
            throws: OutlineError.historyMismatch(
                verb: "undo", step: "edit \"a\" to \"b\"", reason: "an item it touches was changed since")
        ) { try undo.undo() }
        #expect(try fixture.tsv() == before)
        #expect(try undo.undoActionName == "edit \"a\" to \"b\"")
    }

    @Test func refusesWhenARowOfTheStepIsGone() throws {
        let id = try store.add(["a"]).ids[0]
        try outsideEdit("DELETE FROM item WHERE id = \(id)")
        #expect(
            throws: OutlineError.historyMismatch(verb: "undo", step: "add \"a\"", reason: "an item it touches is gone")
        ) {
            try undo.undo()
        }
    }

    @Test func refusesToOrphanAnItemAddedOutside() throws {
        let id = try store.add(["parent"]).ids[0]
        try outsideEdit("INSERT INTO item (parent_id, position, title) VALUES (\(id), 1, 'added outside')")
        let before = try fixture.tsv()
        #expect(
            throws: OutlineError.historyMismatch(
                verb: "undo", step: "add \"parent\"", reason: "item 2 would lose its parent")
        ) { try undo.undo() }
        #expect(try fixture.tsv() == before)
        #expect(try store.check().isHealthy)
    }

    @Test func refusesToBreakPositionsAroundASiblingAddedOutside() throws {
        let ids = try store.add(["a", "b"]).ids
        try store.remove([ids[0]])
        try outsideEdit("INSERT INTO item (parent_id, position, title) VALUES (0, 2, 'added outside')")
        #expect(throws: OutlineError.self) { try undo.undo() }
        #expect(try fixture.childTitles() == ["b", "added outside"])
    }

    @Test func aRedoOfACascadedRemovalMatchesExactly() throws {
        let ids = try fixture.build([("a", ["a1", "a2"])])
        try store.add(["deep"], under: ids["a1"])
        try store.remove([ids["a"]!])
        try undo.undo()
        try undo.redo()
        #expect(try fixture.tsv().isEmpty)
        #expect(try store.check().isHealthy)
        // Undo and redo move along the history; they do not add or drop steps.
        #expect(try undo.history().map(\.isUndone) == [false, false, false, false])
        #expect(try undo.undoActionName == "rm \"a\" and 3 descendants")
    }
}
