import Foundation
import GRDB
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// States, tags, dates, priorities, properties and the workflow travel through the log as the
/// title and note do (SPEC, "Sync"), each value by an operation of its own.
@Suite struct SyncAttributeTests {
    /// Two machines that share a new remote, the first holding `Plan`.
    private static func twoMachines(_ directory: TemporaryDirectory) throws -> (
        laptop: OutlineStore, desktop: OutlineStore, plan: ItemID, planThere: ItemID
    ) {
        let remote = try SyncConvergenceTests.makeRemote(in: directory)
        let laptop = try OutlineStore(path: directory.file("laptop.db"))
        let plan = try laptop.add(["Plan"]).ids[0]
        _ = try laptop.startSyncing(with: remote)
        let desktop = try OutlineStore(path: directory.file("desktop.db"))
        _ = try desktop.startSyncing(with: remote)
        return (laptop, desktop, plan, try desktop.children()[0].id)
    }

    private static func change(_ edit: (inout AttributeChange) -> Void) -> AttributeChange {
        var change = AttributeChange()
        edit(&change)
        return change
    }

    @Test func everyAttributeAndTheWorkflowReachTheOtherMachine() throws {
        let directory = TemporaryDirectory()
        let (laptop, desktop, plan, planThere) = try Self.twoMachines(directory)
        try laptop.setWorkflow(try Workflow(parsing: "TODO NEXT | DONE CANCELLED"))
        try laptop.setAttributes(
            [plan],
            Self.change {
                $0.state = .keyword("NEXT")
                $0.addedTags = ["home", "Errands"]
                $0.scheduled = .some(TaskDate(stored: "2026-12-01 09:30", repeater: "+1w")!)
                $0.due = .some(TaskDate(stored: "2026-12-24", repeater: nil)!)
                $0.priority = .some(.a)
                $0.properties = [("effort", "2h"), ("Owner", "Ann")]
            })
        let sent = try laptop.sync()
        #expect(sent.sent > 0)
        let brought = try desktop.sync()
        #expect(brought.changed == 1)
        #expect(try desktop.workflow().description == "TODO NEXT | DONE CANCELLED")
        let here = try laptop.details(of: plan).attributes
        let there = try desktop.details(of: planThere).attributes
        #expect(there == here)
        #expect(there.state == "NEXT" && there.tags == ["home", "Errands"] && there.priority == .a)
        #expect(there.scheduled?.description == "2026-12-01 09:30 +1w" && there.due?.description == "2026-12-24")
        #expect(there.properties.map(\.key) == ["effort", "Owner"])
        #expect(try desktop.check().isHealthy)

        // Done on the other machine: the keyword and the time travel back as one value.
        try desktop.markDone([planThere], at: Date(timeIntervalSince1970: 1_800_000_000))
        _ = try desktop.sync()
        _ = try laptop.sync()
        let repeated = try laptop.details(of: plan)
        #expect(repeated.attributes == (try desktop.details(of: planThere)).attributes)
        // A repeating task stays open, its dates moved a week and its last done time set.
        #expect(repeated.attributes.state == "NEXT" && repeated.attributes.lastDone != nil)
        #expect(repeated.attributes.scheduled?.description == "2026-12-08 09:30 +1w")
    }

    @Test func changesToDifferentValuesOfOneItemAllStand() throws {
        let directory = TemporaryDirectory()
        let (laptop, desktop, plan, planThere) = try Self.twoMachines(directory)
        try laptop.setAttributes([plan], Self.change { $0.addedTags = ["shared"] })
        _ = try laptop.sync()
        _ = try desktop.sync()
        // Before either sees the other's: tags added and removed on both, a property each, a
        // priority on one and a due date on the other.
        try laptop.setAttributes(
            [plan],
            Self.change {
                $0.addedTags = ["laptop"]
                $0.properties = [("from_laptop", "yes")]
                $0.priority = .some(.b)
            })
        try desktop.setAttributes(
            [planThere],
            Self.change {
                $0.addedTags = ["desktop"]
                $0.removedTags = ["shared"]
                $0.properties = [("from_desktop", "yes")]
                $0.due = .some(TaskDate(day: CalendarDay(iso: "2027-01-02")!))
            })
        _ = try laptop.sync()
        _ = try desktop.sync()
        _ = try laptop.sync()
        let merged = try laptop.details(of: plan).attributes
        #expect(merged == (try desktop.details(of: planThere)).attributes)
        #expect(Set(merged.tags) == ["laptop", "desktop"])
        #expect(Set(merged.properties.map(\.key)) == ["from_laptop", "from_desktop"])
        #expect(merged.priority == .b && merged.due?.description == "2027-01-02")
    }

    @Test func aBatchIsWrittenInTheOldestFormatThatHoldsIt() throws {
        let plain = SyncBatch(replica: "r", operations: [.setTitle(uid: "a", title: "A")])
        #expect(plain.writtenFormat == 1)
        #expect(String(decoding: plain.encoded(), as: UTF8.self).hasPrefix("{\"format\": 1,"))
        let tagged = SyncBatch(replica: "r", operations: [.tag(uid: "a", tag: "home")])
        #expect(tagged.writtenFormat == 2)
        // Every kind of operation reads back as itself.
        var attributes = SyncAttributes(state: "TODO", lastDone: 1_800_000_000.5, tags: ["a", "B"])
        attributes.scheduled = .init(stored: "2026-12-01 09:30", repeater: ".+1m")
        attributes.priority = "C"
        attributes.properties = [ItemProperty(key: "z", value: "last"), ItemProperty(key: "a", value: "first")]
        let every = SyncBatch(
            replica: "r", sequence: 3,
            operations: [
                .setWorkflow("TODO | DONE"),
                .create(uid: "a", parent: "root", key: "m", title: "A", doneAt: nil, note: nil, attributes: attributes),
                .setState(uid: "a", keyword: "DONE", doneAt: 1_800_000_001, lastDone: nil),
                .setDate(uid: "a", field: .due, date: .init(stored: "2026-12-24", repeater: nil)),
                .setDate(uid: "a", field: .scheduled, date: nil),
                .setPriority(uid: "a", priority: nil), .untag(uid: "a", tag: "B"),
                .setProperty(uid: "a", key: "z", value: nil),
            ])
        #expect(try SyncBatch.decoded(every.encoded()) == every)
        try every.requireReadable()
    }

    @Test(arguments: [
        (#"{"op": "tag", "uid": "a", "tag": "two words"}"#, "a tag outline refuses"),
        (#"{"op": "priority", "uid": "a", "priority": "D"}"#, "a priority outline refuses"),
        (#"{"op": "due", "uid": "a", "date": "2026-13-01"}"#, "its due is not a date outline writes"),
        (#"{"op": "due", "uid": "a", "date": null, "repeat": "+1w"}"#, "a due repeater without a date"),
        (#"{"op": "property", "uid": "a", "key": "state", "value": "x"}"#, "a property key outline refuses"),
        (#"{"op": "state", "uid": "a", "keyword": "todo"}"#, "a keyword outline refuses"),
        (#"{"op": "workflow", "uid": "root", "workflow": "TODO"}"#, "a workflow outline refuses"),
    ])
    func valuesOutlineWouldRefuseAreRefusedInTheLog(operation: String, reason: String) throws {
        let text = #"{"format": 2, "replica": "r", "ops": ["# + operation + "]}"
        #expect {
            try SyncBatch.decoded(Data(text.utf8))
        } throws: { error in
            (error as? SyncLogError)?.reason == "operation 1: " + reason
        }
    }

    @Test func aNewerFormatIsRefusedWithAdviceToUpgrade() throws {
        let text = #"{"format": 3, "replica": "r", "ops": []}"#
        #expect {
            try SyncBatch.decoded(Data(text.utf8))
        } throws: { error in
            (error as? SyncLogError)?.reason == "it is in format 3, and this outline reads format 2: upgrade outline"
        }
    }

    @Test func aSnapshotCarriesTheAttributesAndTheWorkflow() throws {
        var node = SyncTree.Node(parent: "root", key: "m", title: "A", doneAt: nil, note: nil, isLive: true)
        node.attributes = SyncAttributes(state: "NEXT", tags: ["home"], priority: "A")
        let tree = SyncTree(nodes: ["0123": node], workflow: "TODO NEXT | DONE")
        let read = try SyncSnapshot.decoded(SyncSnapshot.encoded(tree))
        #expect(read["0123"] == node && read.workflow == "TODO NEXT | DONE")
        let plain = SyncTree(nodes: ["0123": SyncTree.Node(parent: "root", key: "m", title: "A", isLive: true)])
        #expect(String(decoding: SyncSnapshot.encoded(plain), as: UTF8.self).hasPrefix("{\"format\": 1,"))
    }

    /// A file that synced before the log carried attributes: the rounds then sent none of
    /// them. Opening it with this version notes its items with attributes as changed, and the
    /// next round sends them.
    @Test func attributesSetBeforeTheUpgradeAreSentByTheNextRound() throws {
        let directory = TemporaryDirectory()
        let (laptop, desktop, plan, planThere) = try Self.twoMachines(directory)
        try laptop.setAttributes([plan], Self.change { $0.addedTags = ["old"] })
        // Make the laptop's file what a round of version 8 left: the log's copy without
        // attributes, nothing noted as changed.
        try laptop.write { db in
            try db.execute(
                sql: """
                    ALTER TABLE sync_base DROP COLUMN attributes;
                    DROP TABLE sync_conflict;
                    DELETE FROM sync_dirty;
                    PRAGMA user_version = 8;
                    """)
        }
        _ = try desktop.sync()
        #expect(try desktop.details(of: planThere).attributes.tags == [])
        let reopened = try OutlineStore(path: directory.file("laptop.db"))
        #expect(try reopened.sync().sent == 1)
        _ = try desktop.sync()
        #expect(try desktop.details(of: planThere).attributes.tags == ["old"])
    }
}
