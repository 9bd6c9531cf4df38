import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The uuids a taskwarrior export writes, kept as bits (`TaskwarriorUUID`), and the record of
/// which item each was written for (`TaskwarriorUUIDOwners`).
@Suite("taskwarrior export uuids")
struct TaskwarriorUUIDTests {
    /// A made uuid must not change between releases: tasks exported before are updated by the
    /// next export only if it makes the same one. These were made by the writer that built each
    /// uuid as a string, before uuids were kept as bits.
    @Test func madeUUIDsAreTheOnesEarlierExportsMade() {
        let item = Item(id: 18208, parentID: 1, position: 1, title: "买装写稿电")
        #expect(
            TaskwarriorUUID(madeFor: item, in: "/home/ann/plans.outline").text == "de4e590b-c224-8707-9375-7888326d8a80"
        )
        #expect(
            TaskwarriorWriter.uuid(seed: "outline template of 7bd89833-16b4-8374-a72e-f40327ab2e77")
                == "e8718f0a-003c-8ef6-82a1-71112d064977")
        var bytes: [UInt8] = []
        TaskwarriorUUID(madeFor: item, in: "/home/ann/plans.outline").appendQuoted(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""de4e590b-c224-8707-9375-7888326d8a80""#)
    }

    /// A uuid property is compared as the uuid it writes: upper-case digits are the lower-case
    /// uuid, and full-width digits, which `validUUID` takes, stay text.
    @Test func aPropertyUUIDIsTheUUIDItWrites() {
        let upper = TaskwarriorUUID(valid: "7BD89833-16B4-8374-A72E-F40327AB2E77".lowercased())
        #expect(upper == .bits(high: 0x7bd8_9833_16b4_8374, low: 0xa72e_f403_27ab_2e77))
        #expect(upper.text == "7bd89833-16b4-8374-a72e-f40327ab2e77")
        let wide = "ａｂｃｄｅｆ01-abcd-8ef0-9123-456789abcdef"
        #expect(TaskwarriorUUID(valid: wide) == .text(wide))
        var bytes: [UInt8] = []
        TaskwarriorUUID(valid: wide).appendQuoted(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"" + wide + "\"")
    }

    /// A uuid property that is the uuid the export made for an earlier item is refused too: the
    /// made uuids are kept unindexed until the first property asks, and must be found then.
    @Test func aPropertyHoldingAnEarlierItemsMadeUUIDIsRefused() throws {
        let fixture = try StoreFixture()
        let ids = try fixture.store.add(["a", "b", "c"]).ids
        let first = try TaskwarriorTemplateTests.tasks(DocumentRoundTripTests.export(fixture.store, .taskwarrior))
        let made = try #require(first.first?["uuid"] as? String)
        var change = AttributeChange()
        change.properties = [("uuid", made.uppercased())]
        try fixture.store.setAttributes([ids[2]], change)
        #expect {
            _ = try DocumentRoundTripTests.export(fixture.store, .taskwarrior)
        } throws: { error in
            guard case OutlineError.invalidProperty(_, let reason) = error else { return false }
            return reason.contains("items \(ids[0]) and \(ids[2]) both have it")
        }
    }

    /// The first item written with a uuid stays its owner once the uuids are indexed.
    @Test func theFirstItemWrittenWithAUUIDStaysItsOwner() {
        var owners = TaskwarriorUUIDOwners()
        let uuid = TaskwarriorUUID.bits(high: 1, low: 2)
        owners.note(uuid, writtenFor: 10)
        owners.note(uuid, writtenFor: 11)
        #expect(owners.owner(of: uuid) == 10)
        owners.note(uuid, writtenFor: 12)
        owners.note(.bits(high: 3, low: 4), writtenFor: 13)
        #expect(owners.owner(of: uuid) == 10)
        #expect(owners.owner(of: .bits(high: 3, low: 4)) == 13)
        #expect(owners.owner(of: .bits(high: 5, low: 6)) == nil)
    }

    /// A template takes its instance's fields as the instance wrote them, values read back from
    /// the bytes written: an escaped title, tags, a priority and a property come out the same.
    @Test func aTemplateTakesTheFieldsItsInstanceWrote() throws {
        let tasks = try TaskwarriorTemplateTests.exported(
            #"[{"description":"Water \"the\" plants\\","status":"pending","#
                + #""uuid":"11111111-2222-4333-8444-555555555555","due":"20261201T080000Z","recur":"weekly","#
                + #""tags":["home","ab"],"priority":"H","color":"blue"}]"#)
        let instance = try #require(tasks.first { $0["status"] as? String == "pending" })
        let template = try #require(tasks.first { $0["status"] as? String == "recurring" })
        #expect(template["description"] as? String == #"Water "the" plants\"#)
        #expect(template["tags"] as? [String] == ["home", "ab"])
        #expect(template["priority"] as? String == "H")
        #expect(template["color"] as? String == "blue")
        #expect(instance["parent"] as? String == template["uuid"] as? String)
        #expect(template["uuid"] as? String != instance["uuid"] as? String)
    }
}
