import Foundation
import Testing

@testable import OutlineKit

/// `propertyKeys()`: the keys in use, as completion offers them.
@Suite("property keys in use")
struct PropertyKeysTests {
    let fixture: StoreFixture
    let ids: [ItemID]

    init() throws {
        fixture = try StoreFixture()
        ids = try fixture.store.add(["a", "b", "c", "d"]).ids
    }

    func set(_ id: ItemID, _ properties: [(String, String?)]) throws {
        var change = AttributeChange()
        change.properties = properties.map { (key: $0.0, value: $0.1) }
        try fixture.store.setAttributes([id], change)
    }

    @Test func noPropertiesNoKeys() throws {
        #expect(try fixture.store.propertyKeys() == [])
    }

    /// Keys compared ignoring case, spelled as the lowest id spells them, most used first.
    @Test func keysAreCountedIgnoringCaseMostUsedFirst() throws {
        try set(ids[0], [("Store", "Corner"), ("Effort", "2h")])
        try set(ids[1], [("effort", "1h"), ("Île", "x")])
        try set(ids[2], [("EFFORT", "3h"), ("store", "Market"), ("îLE", "y")])
        try set(ids[3], [("Zone", "north")])
        #expect(
            try fixture.store.propertyKeys() == [
                UsageCount(name: "Effort", count: 3), UsageCount(name: "Store", count: 2),
                UsageCount(name: "Île", count: 2), UsageCount(name: "Zone", count: 1),
            ])
        // A key removed from every item is no longer in use.
        try set(ids[3], [("Zone", nil)])
        #expect(try fixture.store.propertyKeys().map(\.name) == ["Effort", "Store", "Île"])
    }

    /// What an edit outside outline wrote and `set --property` would refuse is not offered, and
    /// a column that is not an object of texts is passed over without an error.
    @Test func keysOutlineWouldRefuseAreLeftOut() throws {
        try set(ids[0], [("Owner", "Ana")])
        try fixture.editOutside(
            """
            UPDATE item SET properties = '{"due":"x","two words":"y","Count":3,"Ok":"z"}' WHERE id = \(ids[1]);
            UPDATE item SET properties = 'not json' WHERE id = \(ids[2]);
            UPDATE item SET properties = '["Owner"]' WHERE id = \(ids[3]);
            """)
        #expect(try fixture.store.propertyKeys().map(\.name) == ["Ok", "Owner"])
    }
}
