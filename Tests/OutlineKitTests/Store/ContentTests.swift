import Foundation
import OutlineKit
import Testing

@Suite("An item's state and note, copies and sorting")
struct ContentTests {
    let fixture: StoreFixture
    var store: OutlineStore { fixture.store }

    init() throws { fixture = try StoreFixture() }

    @Test func notesAreCheckedAndTrimmedAsSpecSays() throws {
        #expect(try Note.validated("one\r\ntwo\t \n\n ") == "one\ntwo")
        #expect(try Note.validated("  indented first line") == "  indented first line")
        #expect(try Note.validated(" \n\t ") == nil)
        #expect(try Note.validated("") == nil)
        #expect(throws: OutlineError.controlCharacterInNote(line: 3, scalar: 0x1B)) {
            try Note.validated("a\nb\n\u{1B}[2J")
        }
        #expect(throws: OutlineError.controlCharacterInNote(line: 1, scalar: 0x0D)) { try Note.validated("a\rb") }
        #expect(throws: OutlineError.controlCharacterInNote(line: 2, scalar: 0x0D)) { try Note.validated("a\nb\r") }
        let long = String(repeating: "é", count: Note.maximumBytes / 2 + 1)
        #expect(throws: OutlineError.noteTooLong(bytes: Note.maximumBytes + 2, limit: Note.maximumBytes)) {
            try Note.validated(long)
        }
    }

    @Test func stateAndNoteAreReadBackAndUndone() throws {
        let ids = try store.add(["a", "b"]).ids
        let when = Date(timeIntervalSince1970: 1_800_000_000.25)
        let done = try store.markDone(ids, at: when, reportingChanges: true)
        #expect(done.action == .done(titles: ["a", "b"]))
        #expect(done.changes.map(\.kind) == [.update, .update])
        #expect(try store.item(ids[0]).doneAt == when)
        // Already done: nothing changes, the time stays, no step.
        let again = try store.markDone([ids[0]], at: Date())
        #expect(again.step == nil && again.action.unchangedSummary == "nothing changed: \"a\" is already done")
        #expect(try store.item(ids[0]).doneAt == when)
        try store.setNote(ids[1], to: "x\ny")
        #expect(try store.item(ids[1]).note == "x\ny")
        #expect(try store.find(SearchQuery(["Y"])).map(\.item.id) == [ids[1]])
        try store.undoManager.undo(steps: 2)
        #expect(try store.children().map { [$0.isDone, $0.note != nil] } == [[false, false], [false, false]])
        try store.undoManager.redo(steps: 2)
        #expect(try store.children().map(\.doneAt) == [when, when])
        #expect(try store.check().isHealthy)
    }

    @Test func copyingIntoItsOwnSubtreeCopiesItAsItWas() throws {
        let ids = try fixture.build([("A", ["B", "C"])])
        try store.markDone([ids["C"]!])
        let copy = try store.copy([ids["A"]!], under: ids["B"]!)
        #expect(
            copy.action == .copy(titles: ["A"], descendants: 2, destination: .under(parentTitle: "B", position: nil)))
        #expect(
            try fixture.tsv() == [
                "1\t0\t1\t1\tA\t0", "2\t1\t1\t2\tB\t0", "4\t2\t1\t3\tA\t0", "5\t4\t1\t4\tB\t0", "6\t4\t2\t4\tC\t1",
                "3\t1\t2\t2\tC\t1",
            ])
        #expect(copy.ids == [4])
    }

    @Test func sortIsStableAndWritesOnlyWhatMoves() throws {
        try store.add(["b", "a", "B", "a", "c"])
        let first = try store.sort(reportingChanges: true)
        #expect(try fixture.childTitles() == ["a", "a", "B", "b", "c"])
        #expect(try store.children().map(\.id) == [2, 4, 3, 1, 5])
        #expect(first.step != nil)
        let again = try store.sort(reportingChanges: true)
        #expect(again.step == nil && again.changes.isEmpty)
        try store.sort(reversed: true)
        #expect(try store.children().map(\.id) == [5, 1, 3, 2, 4], "the two a's keep their order")
        try store.markDone([5])
        let byState = try store.sort(by: .state, reportingChanges: true)
        #expect(byState.changes == [ReportedChange(parent: 0, kind: .move, id: 5, from: 1, to: 5)])
    }
}
