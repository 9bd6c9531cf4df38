import Foundation
import OutlineKit
import Testing

/// `importItems` writes every attribute an imported item carries, in the one step of the import:
/// done times as the document gives them, the keywords it uses added to the workflow, and undo
/// and redo bring back exactly what was before and after (SPEC, "Formats": Round trip).
@Suite("Import: every attribute, in one step")
struct ImportedAttributesTests {
    static let doneAt = Date(timeIntervalSince1970: 1_795_770_651)
    static let attributes = ItemAttributes(
        state: "WAITING", lastDone: Date(timeIntervalSince1970: 1_790_841_600), tags: ["home", "Bills"],
        scheduled: TaskDate(
            day: CalendarDay(year: 2026, month: 12, day: 3)!, minuteOfDay: 870, repeater: Repeater("++2w")),
        due: TaskDate(day: CalendarDay(year: 2027, month: 1, day: 31)!), priority: .c,
        properties: [ItemProperty(key: "who", value: "me")])

    @Test func everyAttributeIsWrittenAndTheWorkflowGainsTheKeywords() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let before = Date()
        let ids = try store.importItems(
            [
                ImportedItem(title: "Waiting", attributes: Self.attributes),
                ImportedItem(
                    title: "Dropped", isDone: true, doneAt: Self.doneAt, attributes: ItemAttributes(state: "CANCELLED")),
                ImportedItem(title: "Done now", isDone: true, attributes: ItemAttributes(state: "DONE")),
                ImportedItem(title: "Legacy done", isDone: true),
            ], names: ["doc"]
        ).ids
        #expect(try store.attributes(of: ids[0]) == Self.attributes)
        #expect(try store.item(ids[1]).doneAt == Self.doneAt)
        #expect(try store.attributes(of: ids[1]).state == "CANCELLED")
        // A done item the document gives no time for is done at the import, as before.
        #expect(try #require(try store.item(ids[2]).doneAt) >= before.addingTimeInterval(-1))
        #expect(try store.attributes(of: ids[3]).state == "DONE")
        #expect(try store.workflow().description == "TODO WAITING | DONE CANCELLED")
        // The tags are in the index that `find --tag` reads.
        var filters = SearchFilters()
        filters.tags = ["bills"]
        #expect(try store.find(SearchQuery([], filters: filters)).map(\.item.id) == [ids[0]])
    }

    @Test func undoAndRedoBringBackTheWorkflowAndTheItems() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        try store.importItems([ImportedItem(title: "Waiting", attributes: Self.attributes)], names: ["doc"])
        try store.undoManager.undo()
        #expect(try store.children(of: .root).isEmpty)
        #expect(try store.workflow() == .standard)
        try store.undoManager.redo()
        let id = try #require(try store.children(of: .root).first?.id)
        #expect(try store.attributes(of: id) == Self.attributes)
        #expect(try store.workflow().description == "TODO WAITING | DONE")
    }

    /// A done item with a keyword the workflow has as open (or an open one with a done keyword)
    /// would contradict either: refused, naming the item, and nothing is added.
    @Test func aKeywordOfTheOtherKindIsRefusedAndNothingIsAdded() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        #expect(throws: OutlineError.keywordContradicted(title: "Late", keyword: "TODO", isDone: true)) {
            try store.importItems(
                [
                    ImportedItem(title: "Fine", attributes: ItemAttributes(state: "NEXT")),
                    ImportedItem(title: "Late", isDone: true, attributes: ItemAttributes(state: "TODO")),
                ], names: ["doc"])
        }
        // Within the document too: NEXT is open for the first item, so it cannot be done for the second.
        #expect(throws: OutlineError.keywordContradicted(title: "b", keyword: "NEXT", isDone: true)) {
            try store.importItems(
                [
                    ImportedItem(title: "a", attributes: ItemAttributes(state: "NEXT")),
                    ImportedItem(
                        title: "p",
                        children: [ImportedItem(title: "b", isDone: true, attributes: ItemAttributes(state: "NEXT"))]),
                ], names: ["doc"])
        }
        // A word no workflow can hold is not added to it.
        #expect(throws: OutlineError.unknownKeyword("todo", workflow: "TODO | DONE")) {
            try store.importItems([ImportedItem(title: "a", attributes: ItemAttributes(state: "todo"))], names: ["doc"])
        }
        #expect(try store.children(of: .root).isEmpty)
        #expect(try store.workflow() == .standard)
        #expect(
            OutlineError.keywordContradicted(title: "Late", keyword: "TODO", isDone: true).message
                == "cannot import \"Late\": it is done with TODO, which the workflow (or an earlier item) has as an open keyword"
        )
    }
}
