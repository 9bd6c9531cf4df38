import Foundation
import OutlineKit
import Testing

/// What an import says it could not carry, the workflow a document declares, and a dry run that
/// checks everything and adds nothing (SPEC, "Formats": What import says).
@Suite("Import: the report, declared keywords and dry runs")
struct ImportReportTests {
    static let drawer = ImportReport.Kind.kept("LOGBOOK drawer", "LOGBOOK drawers", "in notes")
    static let pageProperty = ImportReport.Kind.dropped("page property", "page properties")

    @Test func kindsAreCountedInTheOrderMetAndTheFirstLossIsNamed() {
        var first = ImportReport()
        first.record(Self.drawer, line: 4)
        first.record(Self.drawer, line: 9)
        #expect(first.firstLoss == nil)
        var second = ImportReport()
        second.record(Self.pageProperty, line: 2, count: 3)
        second.record(Self.drawer, line: 12)
        var total = ImportReport()
        total.add(first, from: "a.org")
        total.add(second, from: "b.md")
        #expect(total.phrases == ["kept 3 LOGBOOK drawers in notes", "dropped 3 page properties"])
        let loss = try? #require(total.firstLoss)
        #expect(loss?.firstDocument == "b.md")
        #expect(loss?.firstLine == 2)
        #expect(Self.pageProperty.phrase(count: 1) == "dropped 1 page property")
    }

    /// `--strict` names the earliest line that loses anything: of the first document that
    /// loses something, whichever kind was met first and in whatever order the reader met them.
    @Test func theFirstLossIsTheEarliestLineOfAnyKind() throws {
        let deleted = ImportReport.Kind.leftOut("deleted task", "deleted tasks")
        var first = ImportReport()
        first.record(Self.pageProperty, line: 9)
        first.record(deleted, line: 3)
        first.record(Self.pageProperty, line: 5)
        // Parts of the document, counted apart and added before the document is named.
        var part = ImportReport()
        part.record(deleted, line: 2)
        first.add(part, from: nil)
        var second = ImportReport()
        second.record(Self.pageProperty, line: 1)
        var total = ImportReport()
        total.add(ImportReport(), from: "empty.md")
        total.add(first, from: "a.json")
        total.add(second, from: "b.md")
        let loss = try #require(total.firstLoss)
        #expect(loss.kind == deleted)
        #expect(loss.firstDocument == "a.json")
        #expect(loss.firstLine == 2)
        #expect(total.entries.first { $0.kind == Self.pageProperty }?.firstLine == 5)
    }

    @Test func declaredKeywordsAreAddedBeforeTheItemsOwnAndAContradictionIsRefused() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let declared = try Workflow(parsing: "TODO NEXT | DONE CANCELLED")
        let outcome = try store.importDocuments(
            [ImportedItem(title: "Call", attributes: ItemAttributes(state: "WAITING"))], declaring: [declared],
            names: ["a.org"])
        #expect(outcome.addedKeywords == ["NEXT", "WAITING", "CANCELLED"])
        #expect(try store.workflow().description == "TODO NEXT WAITING | DONE CANCELLED")
        let before = try store.children(of: .root)
        #expect(throws: OutlineError.workflowContradicted(keyword: "NEXT", isDone: true)) {
            try store.importDocuments(
                [ImportedItem(title: "Other")], declaring: [try Workflow(parsing: "TODO | NEXT")], names: ["b.org"])
        }
        #expect(try store.children(of: .root) == before)
        #expect(try store.workflow().description == "TODO NEXT WAITING | DONE CANCELLED")
    }

    /// An empty outline that never set a workflow takes the document's in its own order, so
    /// that exporting it again writes the same `#+TODO:` line; one with items keeps its own.
    @Test func anEmptyOutlineTakesTheDeclaredWorkflowInItsOrder() throws {
        let declared = try Workflow(parsing: "NEXT TODO | CANCELLED DONE")
        let empty = try StoreFixture().store
        let outcome = try empty.importDocuments([ImportedItem(title: "Call")], declaring: [declared], names: ["a.org"])
        #expect(try empty.workflow() == declared)
        #expect(outcome.addedKeywords == ["NEXT", "CANCELLED"])
        let holding = try StoreFixture().store
        try holding.add(["Inbox"])
        try holding.importDocuments([ImportedItem(title: "Call")], declaring: [declared], names: ["a.org"])
        #expect(try holding.workflow().description == "TODO NEXT | DONE CANCELLED")
    }

    @Test func aDryRunChecksEverythingAndAddsNothing() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        try store.add(["Inbox"])
        let history = try store.undoManager.history().count
        let outcome = try store.importDocuments(
            [ImportedItem(title: "New", children: [ImportedItem(title: "Child")])],
            declaring: [try Workflow(parsing: "TODO NEXT | DONE")], names: ["a.md"], dryRun: true)
        #expect(outcome.change.ids.count == 1)
        #expect(outcome.change.step == nil)
        #expect(outcome.addedKeywords == ["NEXT"])
        #expect(try store.children(of: .root).map(\.title) == ["Inbox"])
        #expect(try store.workflow() == .standard)
        #expect(try store.undoManager.history().count == history)
        // What the real import would refuse, the dry run refuses too.
        #expect(throws: OutlineError.self) {
            try store.importDocuments([ImportedItem(title: "bad\u{7}title")], names: ["a.md"], dryRun: true)
        }
    }
}

/// What the JSON reader cannot carry is counted as the other readers count theirs.
@Suite("JSON import: what it cannot carry")
struct JSONImportReportTests {
    @Test func theDoneTimeOfAnOpenItemIsCountedAsDropped() throws {
        let text = """
            [{"title": "Open", "done": false, "done_at": "2026-11-20T09:12:00Z"},
             {"title": "Done", "done": true, "done_at": "2026-11-20T09:12:00Z"}]
            """
        let document = try DocumentFormat.json.readDocument(Array(text.utf8))
        #expect(document.items.count == 2)
        #expect(document.report.phrases == ["dropped 1 done time of an open item"])
        #expect(document.report.firstLoss?.firstLine == 1)
    }
}
