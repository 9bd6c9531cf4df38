import OutlineKit
import Testing

/// Records what a delegate hears, as readable lines.
final class RecordingDelegate: ResultsControllerDelegate {
    var events: [String] = []

    func controllerWillChangeContent(_ controller: ResultsController) { events.append("will") }
    func controller(
        _ controller: ResultsController, didChangeSection name: String, atSectionIndex index: Int,
        for kind: ResultsDiff.Kind
    ) { events.append("section \(kind) \(name) \(index)") }
    func controller(
        _ controller: ResultsController, didChange object: Item, at path: ItemPath?, for kind: ResultsDiff.Kind,
        newPath: ItemPath?
    ) {
        events.append("\(kind) \(object.title) \(path.map(\.description) ?? "-") \(newPath.map(\.description) ?? "-")")
    }
    func controllerDidChangeContent(_ controller: ResultsController) { events.append("did") }
}

@Suite("Results controllers")
struct ResultsControllerTests {
    let fixture: StoreFixture
    var store: OutlineStore { fixture.store }

    init() throws { fixture = try StoreFixture() }

    @Test func sectionsByInitialWithTransliteration() throws {
        let parent = try store.add(["Contacts"]).ids[0]
        try store.add(["Zoe", "张三", "alice", "Łukasz", "Bob", "42 Street", "Ærøskøbing", "Дмитрий"], under: parent)
        let controller = ResultsController(
            store: store, request: FetchRequest(parent: parent, sort: .title, sectionKey: .initial))
        try controller.performFetch()
        #expect(controller.sectionIndexTitles == ["A", "B", "D", "L", "Z", "#"])
        #expect(
            controller.sections.map { $0.objects.map(\.title) } == [
                ["Ærøskøbing", "alice"], ["Bob"], ["Дмитрий"], ["Łukasz"], ["张三", "Zoe"], ["42 Street"],
            ])
        #expect(controller.sections[0].numberOfObjects == 2)
        // "zhang san" sorts before "zoe".
        #expect(controller.object(at: ItemPath(section: 4, row: 0)).title == "张三")
        let zhang = controller.sections[4].objects[0].id
        #expect(controller.indexPath(for: zhang) == ItemPath(section: 4, row: 0))
        #expect(controller.section(forSectionIndexTitle: "L", at: 3) == 3)
        // Sections A B D L Z #: C is nearest after B, Q after L, and nothing comes before A.
        #expect(controller.section(forSectionIndexTitle: "C", at: 2) == 1)
        #expect(controller.section(forSectionIndexTitle: "Q", at: 16) == 3)
        #expect(controller.fetchedObjects.count == 8)
    }

    /// Invisible characters, punctuation and transliteration's modifier letters before the first
    /// letter do not send a title to "#".
    @Test func sectionsLookPastWhatComesBeforeTheFirstLetter() throws {
        let parent = try store.add(["Contacts"]).ids[0]
        try store.add(["\u{200B}Zed", "\u{FEFF}Bom", "(draft) plan", "علي", "Lena", "42 Street", "!!!"], under: parent)
        let controller = ResultsController(
            store: store, request: FetchRequest(parent: parent, sort: .title, sectionKey: .initial))
        try controller.performFetch()
        // علي (Ali) transliterates to "ʿly": the ayin carries the unwritten vowel, filed under A.
        #expect(controller.sectionIndexTitles == ["A", "B", "D", "L", "Z", "#"])
        #expect(controller.sections.first?.objects.map(\.title) == ["علي"])
        #expect(controller.sections.last?.objects.map(\.title) == ["!!!", "42 Street"])
    }

    @Test func sortsByPositionAndByID() throws {
        let ids = try store.add(["b", "a", "c"]).ids
        try store.move([ids[2]], under: 0, placement: .at(1))
        let byPosition = ResultsController(store: store, request: FetchRequest())
        try byPosition.performFetch()
        #expect(byPosition.fetchedObjects.map(\.title) == ["c", "b", "a"])
        let byID = ResultsController(store: store, request: FetchRequest(sort: .id))
        try byID.performFetch()
        #expect(byID.fetchedObjects.map(\.title) == ["b", "a", "c"])
    }

    @Test func ownChangesReachTheDelegate() throws {
        let ids = try store.add(["a", "b", "c"]).ids
        let controller = ResultsController(store: store, request: .children(of: 0))
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        try store.move([ids[2]], under: 0, placement: .at(1))
        #expect(delegate.events == ["will", "move c [0, 2] [0, 0]", "did"])
        delegate.events = []
        try store.remove([ids[0]])
        #expect(delegate.events == ["will", "delete a [0, 1] -", "did"])
        delegate.events = []
        try store.edit(ids[1], title: "B")
        #expect(delegate.events == ["will", "update B [0, 1] [0, 1]", "did"])
        delegate.events = []
        try store.undoManager.undo()
        #expect(delegate.events == ["will", "update b [0, 1] [0, 1]", "did"])
    }

    @Test func aRetitleThatChangesTheOrderIsAMove() throws {
        let ids = try store.add(["apple", "banana", "cherry"]).ids
        let controller = ResultsController(store: store, request: FetchRequest(sort: .title, sectionKey: .initial))
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        try store.edit(ids[0], title: "avocado")  // same place: an update
        try store.edit(ids[1], title: "zucchini")  // new section: a move, and B goes away
        #expect(
            delegate.events == [
                "will", "update avocado [0, 0] [0, 0]", "did",
                "will", "section delete B 1", "section insert Z 2", "move zucchini [1, 0] [2, 0]", "did",
            ])
    }

    @Test func changesFromAnotherConnectionArriveOnRefresh() throws {
        try store.add(["a"])
        let controller = ResultsController(store: store, request: .children(of: 0))
        try controller.performFetch()
        let other = try OutlineStore(path: store.path)  // as another process would
        try other.add(["b"])
        #expect(controller.fetchedObjects.map(\.title) == ["a"])
        let changes = try controller.refreshIfChanged()
        #expect(changes.objectChanges == [.init(kind: .insert, id: 2, from: nil, to: ItemPath(row: 1))])
        #expect(try controller.refreshIfChanged().isEmpty)
    }

    @Test func aPausedControllerDeliversOneCoalescedBatch() throws {
        let ids = try store.add(["a", "b"]).ids
        let controller = ResultsController(store: store, request: .children(of: 0))
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        try controller.performFetch()
        controller.pause()
        try store.add(["c"])
        try store.remove([ids[0]])
        try store.add(["d"], placement: .at(1))
        #expect(delegate.events.isEmpty)
        #expect(controller.hasPendingChanges)
        #expect(controller.fetchedObjects.map(\.title) == ["a", "b"])
        try controller.resume()
        #expect(delegate.events == ["will", "delete a [0, 0] -", "insert d - [0, 0]", "insert c - [0, 2]", "did"])
        #expect(controller.fetchedObjects.map(\.title) == ["d", "b", "c"])
    }

    /// A controller on a parent that does not exist says so, rather than show an empty list.
    @Test func aMissingParentIsAnError() throws {
        let controller = ResultsController(store: store, request: .children(of: 9999))
        #expect(throws: OutlineError.unknownItem(9999)) { try controller.performFetch() }
    }
}
