import OutlineKit
import Testing

@Suite("Adding, removing, moving and retitling items")
struct TreeEditingTests {
    let fixture: StoreFixture
    var store: OutlineStore { fixture.store }

    init() throws { fixture = try StoreFixture() }

    @Test func addAppendsInArgumentOrder() throws {
        let ids = try store.add(["a", "b", "c"]).ids
        #expect(ids == [1, 2, 3])
        #expect(try fixture.tsv() == ["1\t0\t1\t1\ta\t0", "2\t0\t2\t1\tb\t0", "3\t0\t3\t1\tc\t0"])
    }

    @Test func addAtAPositionShiftsLaterSiblings() throws {
        try store.add(["a", "b", "c"])
        try store.add(["x", "y"], placement: .at(2))
        #expect(try fixture.childTitles() == ["a", "x", "y", "b", "c"])
        try store.add(["end"], placement: .at(6))
        #expect(try fixture.childTitles().last == "end")
    }

    @Test func addBeforeAndAfterASibling() throws {
        let ids = try store.add(["a", "b"]).ids
        try store.add(["before-b"], placement: .before(ids[1]))
        try store.add(["after-a"], placement: .after(ids[0]))
        #expect(try fixture.childTitles() == ["a", "after-a", "before-b", "b"])
    }

    @Test func addUnderAParentAndNested() throws {
        let ids = try fixture.build([("Groceries", ["Milk", "Eggs"])])
        try store.add(["Oat"], under: ids["Milk"])
        #expect(
            try fixture.tsv() == [
                "1\t0\t1\t1\tGroceries\t0", "2\t1\t1\t2\tMilk\t0", "4\t2\t1\t3\tOat\t0", "3\t1\t2\t2\tEggs\t0",
            ])
        #expect(try fixture.tsv(from: 1) == ["2\t1\t1\t1\tMilk\t0", "4\t2\t1\t2\tOat\t0", "3\t1\t2\t1\tEggs\t0"])
    }

    @Test func addRefusesBadInputAndChangesNothing() throws {
        try store.add(["a"])
        let child = try store.add(["child"], under: 1).ids[0]
        let before = try fixture.tsv()
        #expect(throws: OutlineError.emptyTitle) { try store.add(["ok", "  "]) }
        #expect(throws: OutlineError.controlCharacterInTitle(title: "a\u{1B}[31m", scalar: 0x1B)) {
            try store.add(["a\u{1B}[31m"])
        }
        #expect(throws: OutlineError.unknownItem(42)) { try store.add(["x"], under: 42) }
        #expect(throws: OutlineError.positionOutOfRange(position: 3, parent: 0, validRange: 1...2)) {
            try store.add(["x"], placement: .at(3))
        }
        #expect(throws: OutlineError.positionOutOfRange(position: 0, parent: 0, validRange: 1...2)) {
            try store.add(["x"], placement: .at(0))
        }
        #expect(throws: OutlineError.anchorNotUnderParent(anchor: child, parent: 0)) {
            try store.add(["x"], under: 0, placement: .before(child))
        }
        #expect(throws: OutlineError.noTitles) { try store.add([]) }
        #expect(try fixture.tsv() == before)
    }

    @Test func titlesAreTrimmed() throws {
        let id = try store.add(["  padded \t"]).ids[0]
        #expect(try store.item(id).title == "padded")
    }

    @Test func removeTakesTheSubtreeAndClosesUp() throws {
        let ids = try fixture.build([("a", ["a1", "a2"]), ("b", ["b1"]), ("c", [])])
        try store.add(["deep"], under: ids["a1"])
        let result = try store.remove([ids["a"]!])
        #expect(result.action == .remove(titles: ["a"], descendants: 3))
        #expect(try fixture.tsv() == ["4\t0\t1\t1\tb\t0", "5\t4\t1\t2\tb1\t0", "6\t0\t2\t1\tc\t0"])
        #expect(try store.check().isHealthy)
    }

    @Test func removeOfSeveralIncludingANestedOne() throws {
        let ids = try fixture.build([("a", ["a1", "a2", "a3"]), ("b", [])])
        let result = try store.remove([ids["a2"]!, ids["b"]!])
        #expect(result.action.name == "rm \"a2\" and \"b\"")
        #expect(try fixture.childTitles(ids["a"]!) == ["a1", "a3"])
        let nested = try store.remove([ids["a"]!, ids["a1"]!])
        #expect(nested.action == .remove(titles: ["a", "a1"], descendants: 1))
        #expect(try fixture.tsv().isEmpty)
    }

    @Test func removeRefusesRootUnknownAndDuplicates() throws {
        let ids = try store.add(["a", "b"]).ids
        #expect(throws: OutlineError.rootNotAllowed(operation: "removed")) { try store.remove([0]) }
        #expect(throws: OutlineError.unknownItem(9)) { try store.remove([ids[0], 9]) }
        #expect(throws: OutlineError.duplicateItem(ids[1])) { try store.remove([ids[1], ids[1]]) }
        #expect(try fixture.childTitles() == ["a", "b"])
    }

    @Test func moveWithinAParent() throws {
        let ids = try store.add(["a", "b", "c", "d"]).ids
        try store.move([ids[3]], under: 0, placement: .at(1))
        #expect(try fixture.childTitles() == ["d", "a", "b", "c"])
        try store.move([ids[0], ids[1]], placement: .after(ids[2]))
        #expect(try fixture.childTitles() == ["d", "c", "a", "b"])
        try store.move([ids[1]], placement: .before(ids[3]))
        #expect(try fixture.childTitles() == ["b", "d", "c", "a"])
        try store.move([ids[1]], under: 0)
        #expect(try fixture.childTitles() == ["d", "c", "a", "b"])
        #expect(try store.check().isHealthy)
    }

    @Test func moveAcrossParentsKeepsSubtreesAndArgumentOrder() throws {
        let ids = try fixture.build([("Dairy", ["Cheese"]), ("Misc", ["Milk", "Tea", "Yogurt"])])
        try store.add(["Oat"], under: ids["Milk"])
        let result = try store.move([ids["Yogurt"]!, ids["Milk"]!], under: ids["Dairy"], placement: .at(1))
        #expect(result.action.name == "mv \"Yogurt\" and \"Milk\" under \"Dairy\" at 1")
        #expect(try fixture.childTitles(ids["Dairy"]!) == ["Yogurt", "Milk", "Cheese"])
        #expect(try fixture.childTitles(ids["Misc"]!) == ["Tea"])
        #expect(try fixture.childTitles(ids["Milk"]!) == ["Oat"])
        #expect(try store.check().isHealthy)
    }

    @Test func moveRefusesItsOwnSubtreeAndBadAnchors() throws {
        let ids = try fixture.build([("a", ["a1"]), ("b", [])])
        let before = try fixture.tsv()
        #expect(throws: OutlineError.moveIntoOwnSubtree(item: ids["a"]!, destination: ids["a1"]!)) {
            try store.move([ids["a"]!], under: ids["a1"])
        }
        #expect(throws: OutlineError.moveIntoOwnSubtree(item: ids["a"]!, destination: ids["a"]!)) {
            try store.move([ids["a"]!], under: ids["a"])
        }
        #expect(throws: OutlineError.anchorIsMoved(ids["b"]!)) {
            try store.move([ids["a"]!, ids["b"]!], placement: .after(ids["b"]!))
        }
        #expect(throws: OutlineError.rootNotAllowed(operation: "moved")) { try store.move([0], under: 1) }
        #expect(throws: OutlineError.positionOutOfRange(position: 3, parent: ids["b"]!, validRange: 1...1)) {
            try store.move([ids["a"]!], under: ids["b"], placement: .at(3))
        }
        #expect(try fixture.tsv() == before)
    }

    @Test func moveAtCountsPositionsWithoutTheMovedItems() throws {
        let ids = try store.add(["a", "b", "c"]).ids
        // Three siblings, one of them moving: positions 1...3 are valid and `a` ends at 3.
        try store.move([ids[0]], under: 0, placement: .at(3))
        #expect(try fixture.childTitles() == ["b", "c", "a"])
        #expect(throws: OutlineError.positionOutOfRange(position: 4, parent: 0, validRange: 1...3)) {
            try store.move([ids[0]], under: 0, placement: .at(4))
        }
    }

    @Test func editRetitles() throws {
        let id = try store.add(["Old"]).ids[0]
        let result = try store.edit(id, title: " New ")
        #expect(result.action.name == "edit \"Old\" to \"New\"")
        #expect(try store.item(id).title == "New")
        #expect(throws: OutlineError.rootNotAllowed(operation: "retitled")) { try store.edit(0, title: "x") }
        #expect(throws: OutlineError.unknownItem(7)) { try store.edit(7, title: "x") }
        #expect(throws: OutlineError.emptyTitle) { try store.edit(id, title: "") }
    }

    @Test func walkHonoursDepthAndReportsLastSiblings() throws {
        try fixture.build([("a", ["a1", "a2"]), ("b", [])])
        var entries: [TreeEntry] = []
        try store.walk(maxDepth: 1) { entries.append($0) }
        #expect(entries.map(\.item.title) == ["a", "b"])
        #expect(entries.map(\.isLastSibling) == [false, true])
        #expect(throws: OutlineError.unknownItem(99)) { try store.walk(from: 99) { _ in } }
    }
}
