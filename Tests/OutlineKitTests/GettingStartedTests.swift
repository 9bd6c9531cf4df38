import OutlineKit
import OutlineTestSupport
import Testing

/// The code of the DocC article "Getting started" (Sources/OutlineKit/OutlineKit.docc), run with
/// what its comments claim checked, so that the article stays true.
@Suite("The Getting started article")
struct GettingStartedTests {
    final class Printer: ResultsControllerDelegate {
        var lines: [String] = []

        func controller(
            _ controller: ResultsController, didChange object: Item, at path: ItemPath?,
            for kind: ResultsDiff.Kind, newPath: ItemPath?
        ) {
            lines.append(
                "\(kind) \(object.title) \(path.map(String.init(describing:)) ?? "-") "
                    + (newPath.map(String.init(describing:)) ?? "-"))
        }
    }

    @Test func theArticleDoesWhatItSays() throws {
        let directory = TemporaryDirectory()
        let store = try OutlineStore(path: directory.file("groceries.db"))

        let groceries = try store.add(["Groceries"]).ids[0]
        let ids = try store.add(["Milk", "Eggs", "Bread"], under: groceries).ids
        try store.move([ids[2]], under: groceries, placement: .at(1))
        try store.edit(ids[0], title: "Oat milk")
        #expect(
            try store.children(of: groceries).map { "\($0.position) \($0.title)" } == [
                "1 Bread", "2 Oat milk", "3 Eggs",
            ])

        try store.remove([groceries])
        #expect(try store.undoManager.undoActionName == #"rm "Groceries" and 3 descendants"#)
        try store.undoManager.undo()
        #expect(try store.children(of: groceries).map(\.id) == [ids[2], ids[0], ids[1]])
        try store.undoManager.redo()
        #expect(try !store.exists(groceries))
        try store.undoManager.undo()

        let controller = ResultsController(store: store, request: .children(of: groceries))
        let printer = Printer()
        controller.delegate = printer
        try controller.performFetch()
        try store.move([ids[1]], under: groceries, placement: .at(1))
        try store.undoManager.undo()
        #expect(printer.lines == ["move Eggs [0, 2] [0, 0]", "move Eggs [0, 0] [0, 2]"])

        let feed = try ChangeFeed(store: store)
        let other = try OutlineStore(path: store.path)
        try other.add(["Butter"], under: groceries)
        let events = try feed.poll().events
        #expect(events.map(\.kind) == [.done])
        #expect(events.first?.name == #"add "Butter" under "Groceries""#)
    }
}
