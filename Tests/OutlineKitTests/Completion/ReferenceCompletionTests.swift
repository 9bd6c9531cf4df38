import Foundation
import OutlineKit
import Testing

/// What `referenceCompletions(for:)` offers for each kind of REF being typed.
@Suite("Completing a REF being typed")
struct ReferenceCompletionTests {
    let fixture: StoreFixture
    let ids: [String: ItemID]

    init() throws {
        fixture = try StoreFixture()
        ids = try fixture.build([
            ("Groceries", ["Milk", "Mint", "a/b", "back\\slash"]),
            ("Work", ["Milk", "Launch"]),
            ("2026", ["March"]),
            ("Été", []),
        ])
    }

    func texts(_ typed: String, limit: Int = 50) throws -> [String] {
        try fixture.store.referenceCompletions(for: typed, limit: limit).map(\.text)
    }

    @Test func nothingTypedOffersTheTopLevel() throws {
        // 2026 typed alone would be an id: the title is offered as the path that names it.
        #expect(try texts("") == ["/2026", "Groceries", "Work", "Été"])
        #expect(try texts("/") == ["/2026", "/Groceries", "/Work", "/Été"])
    }

    @Test func aTitlesStartOffersTitlesAnywhereIgnoringASCIICase() throws {
        #expect(try texts("mi") == ["Milk", "Mint"])
        #expect(try texts("GR") == ["Groceries"])
        // SQLite's lower() folds ASCII only: other letters must be typed in their case.
        #expect(try texts("été") == [])
        #expect(try texts("Ét") == ["Été"])
    }

    @Test func aSharedTitleIsOfferedOnceAndSaysHowManyShareIt() throws {
        let milk = try fixture.store.referenceCompletions(for: "Mil").first
        #expect(milk == ReferenceCompletion(text: "Milk", description: "2 items"))
        let mint = try fixture.store.referenceCompletions(for: "Min").first
        #expect(mint == ReferenceCompletion(text: "Mint", description: "/Groceries/Mint"))
    }

    @Test func aPathOffersTheChildrenOfTheItemItNames() throws {
        #expect(try texts("Groceries/M") == ["Groceries/Milk", "Groceries/Mint"])
        #expect(try texts("/work/") == ["/work/Launch", "/work/Milk"])
        #expect(try texts("2026/") == ["2026/March"])
        #expect(try texts("Nowhere/M") == [])
        // Milk names two items: no parent to complete under.
        #expect(try texts("Milk/") == [])
    }

    /// An offer whose item has children may go on with a `/`: a shell leaves out the space.
    @Test func anItemWithChildrenGoesOn() throws {
        let offers = try fixture.store.referenceCompletions(for: "")
        #expect(offers.map(\.continues) == [true, true, true, false], "\(offers)")
        #expect(try fixture.store.referenceCompletions(for: "Groceries/Mi").map(\.continues) == [false, false])
        // Digits are an id, which no "/" can follow.
        #expect(try fixture.store.referenceCompletions(for: "1").allSatisfy { !$0.continues })
    }

    /// After a path that names several items, their anchored paths, in place of what was typed.
    @Test func aPathThatNamesSeveralOffersTheirAnchoredPaths() throws {
        let store = fixture.store
        let groceriesMilk = try store.resolve(ItemReference(parsing: "/Groceries/Milk"))
        let workMilk = try store.resolve(ItemReference(parsing: "/Work/Milk"))
        try store.add(["Oat", "Soy"], under: groceriesMilk)
        try store.add(["Oat"], under: workMilk)
        let both = try store.referenceCompletions(for: "milk/")
        #expect(
            both == [
                ReferenceCompletion(
                    text: "/Groceries/Milk/", description: "id \(groceriesMilk)", continues: true, inPlaceOfTyped: true),
                ReferenceCompletion(
                    text: "/Work/Milk/", description: "id \(workMilk)", continues: true, inPlaceOfTyped: true),
            ])
        #expect(try texts("Milk/o") == ["/Groceries/Milk/Oat", "/Work/Milk/Oat"])
        #expect(try texts("Milk/S") == ["/Groceries/Milk/Soy"])
    }

    @Test func titlesAreEscapedAndEscapesAreRead() throws {
        #expect(try texts("Groceries/a") == ["Groceries/a\\/b"])
        #expect(try texts("Groceries/a\\/") == ["Groceries/a\\/b"])
        #expect(try texts("Groceries/back\\") == ["Groceries/back\\\\slash"])
        #expect(try texts("Groceries/back\\\\s") == ["Groceries/back\\\\slash"])
    }

    @Test func digitsOfferTheIdsThatStartWithThem() throws {
        try fixture.store.add((1...30).map { "item \($0)" })
        let offered = try fixture.store.referenceCompletions(for: "1")
        #expect(offered.map(\.text) == ["1"] + (10...19).map(String.init))
        #expect(offered.first?.description == "/Groceries")
        #expect(try texts("0") == [])
        #expect(try texts("99999999999999999999999") == [])
    }

    @Test func theLimitCaps() throws {
        try fixture.store.add((1...80).map { "Item \($0)" })
        #expect(try texts("Item", limit: 50).count == 50)
        #expect(try texts("Item", limit: 0).isEmpty)
    }

    @Test func everyOfferedTextResolvesToTheItemsOffered() throws {
        for typed in ["Groceries/", "Groceries/a", "Groceries/b", "/", "Mi", "2026/"] {
            for completion in try fixture.store.referenceCompletions(for: typed)
            where !completion.description.hasSuffix("items") {
                let id = try fixture.store.resolve(ItemReference(parsing: completion.text))
                #expect(try fixture.store.path(of: id).description == completion.description, "\(completion)")
            }
        }
    }
}
