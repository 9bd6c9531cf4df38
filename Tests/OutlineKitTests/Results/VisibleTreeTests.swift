import OutlineKit
import OutlineTestSupport
import Testing

/// `VisibleTree`'s rows, read a screen at a time, against the rows of a whole walk of the
/// outline with the folded subtrees left out.
@Suite("The rows of a folded tree")
struct VisibleTreeTests {
    @Test func aSmallTreeFoldedAndZoomed() throws {
        let directory = TemporaryDirectory()
        let store = try OutlineStore(path: directory.file("rows.db"))
        let groceries = try store.add(["Groceries"]).ids[0]
        let work = try store.add(["Work"]).ids[0]
        let milk = try store.add(["Milk", "Eggs"], under: groceries).ids[0]
        let oat = try store.add(["Oat milk"], under: milk).ids[0]
        var tree = VisibleTree()
        #expect(try store.firstRow(of: tree) == groceries)
        #expect(try store.lastRow(of: tree) == work)
        let all = try store.rows(of: tree, from: groceries, count: 10)
        #expect(all.map(\.item.title) == ["Groceries", "Milk", "Oat milk", "Eggs", "Work"])
        #expect(all.map(\.depth) == [1, 2, 3, 2, 1])
        #expect(all.map(\.hasChildren) == [true, true, false, false, false])
        #expect(try store.rows(of: tree, before: work, count: 2).map(\.item.title) == ["Oat milk", "Eggs"])

        tree.fold(milk)
        #expect(
            try store.rows(of: tree, from: groceries, count: 10).map(\.item.title) == [
                "Groceries", "Milk", "Eggs", "Work",
            ])
        #expect(try store.rows(of: tree, from: milk, count: 1).first?.isFolded == true)
        #expect(try store.shownRow(for: oat, in: tree) == milk)
        #expect(throws: OutlineError.notShown(item: oat, root: .root)) {
            try store.rows(of: tree, from: oat, count: 1)
        }

        tree.root = groceries
        #expect(try store.rows(of: tree, from: milk, count: 10).map(\.item.title) == ["Milk", "Eggs"])
        #expect(try store.rows(of: tree, before: milk, count: 10).isEmpty)
        #expect(try store.shownRow(for: work, in: tree) == nil)
        let eggs = try store.sibling(of: milk, after: true)
        #expect(try store.lastRow(of: tree) == eggs)
        #expect(try store.ancestors(of: oat) == [groceries, milk])
    }

    /// Random outlines, folds and zooms: every window read from any row, forwards and
    /// backwards, is the same slice of the whole walk.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func windowsAreSlicesOfTheWholeWalk(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let store = try OutlineStore(path: directory.file("rows.db"))
        var ids: [ItemID] = []
        for index in 0..<60 {
            let parent =
                ids.isEmpty || Int.random(in: 0..<4, using: &random) == 0 ? nil : ids.randomElement(using: &random)
            ids += try store.add(["item \(index)"], under: parent).ids
        }
        for _ in 0..<8 {
            var tree = VisibleTree(root: Bool.random(using: &random) ? .root : ids.randomElement(using: &random)!)
            for id in ids where Int.random(in: 0..<5, using: &random) == 0 { tree.fold(id) }
            let expected = try Self.wholeWalk(store, tree)
            #expect(try store.firstRow(of: tree) == expected.first)
            #expect(try store.lastRow(of: tree) == expected.last)
            for (index, id) in expected.enumerated() {
                let count = Int.random(in: 1...8, using: &random)
                #expect(
                    try store.rows(of: tree, from: id, count: count).map(\.id)
                        == Array(expected[index...].prefix(count)))
                #expect(
                    try store.rows(of: tree, before: id, count: count).map(\.id)
                        == Array(expected[..<index].suffix(count)))
                #expect(try store.shownRow(for: id, in: tree) == id)
            }
        }
    }

    /// The rows a walk of the whole subtree meets, leaving out what lies below a folded item.
    private static func wholeWalk(_ store: OutlineStore, _ tree: VisibleTree) throws -> [ItemID] {
        var rows: [ItemID] = []
        var hiddenBelowDepth: Int?
        try store.walk(from: tree.root) { entry in
            if let depth = hiddenBelowDepth, entry.depth > depth { return }
            hiddenBelowDepth = nil
            rows.append(entry.id)
            if tree.isFolded(entry.id) { hiddenBelowDepth = entry.depth }
        }
        return rows
    }
}
