import OutlineKit
import OutlineTestSupport
import Testing

/// The code of the DocC article "Building a viewer" (Sources/OutlineKit/OutlineKit.docc), run
/// with what its comments claim checked, so that the article stays true.
@Suite("The Building a viewer article")
struct BuildingAViewerTests {
    @Test func theArticleDoesWhatItSays() throws {
        let directory = TemporaryDirectory()
        let store = try OutlineStore(path: directory.file("viewer.db"))
        let groceries = try store.add(["Groceries"]).ids[0]
        let work = try store.add(["Work"]).ids[0]
        let milk = try store.add(["Milk", "Eggs"], under: groceries).ids[0]

        var tree = VisibleTree()
        let top = try #require(try store.firstRow(of: tree))
        #expect(top == groceries)
        var lines: [String] = []
        for row in try store.rows(of: tree, from: top, count: 40) {
            let indent = String(repeating: "  ", count: row.depth - 1)
            let marker = row.isFolded ? "▸" : row.hasChildren ? "▾" : "·"
            lines.append(indent + marker + " " + row.item.title)
        }
        #expect(lines == ["▾ Groceries", "  · Milk", "  · Eggs", "· Work"])

        let next = try #require(try store.rows(of: tree, from: milk, count: 2).last).id
        let previous = try #require(try store.rows(of: tree, before: milk, count: 1).first).id
        #expect(try store.item(next).title == "Eggs")
        #expect(previous == groceries)
        tree.fold(groceries)
        #expect(try store.rows(of: tree, from: top, count: 40).map(\.item.title) == ["Groceries", "Work"])
        #expect(try store.shownRow(for: milk, in: tree) == groceries)
        tree.unfold(groceries)
        tree.root = groceries
        #expect(try store.lastRow(of: tree) == next)
        #expect(work != groceries)

        let feed = try ChangeFeed(store: store)
        // Another process: a second store on the same file.
        let other = try OutlineStore(path: directory.file("viewer.db"))
        let butter = try other.add(["Butter"], under: groceries).ids[0]
        let changes = try feed.poll().events.flatMap { $0.changes ?? [] }
        #expect(changes == [ReportedChange(parent: groceries, kind: .insert, id: butter, from: nil, to: 3)])
        #expect(butter == 5)
    }
}
