import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// An item that repeats, exported as taskwarrior lays out a task that repeats: a template and
/// its pending instances (`TaskwarriorTemplates`), and the uuids made for items without one.
@Suite("taskwarrior export of repeating tasks")
struct TaskwarriorTemplateTests {
    static let template = "2a8bfcc0-0fdd-4dca-b4e8-31fe2eec8599"

    /// The tasks `document` (taskwarrior's JSON) gives once imported into an outline and exported.
    static func exported(_ document: String) throws -> [[String: Any]] {
        let fixture = try StoreFixture()
        try fixture.store.importItems(try TaskwarriorFormatTests.read(document).items, names: ["t"])
        return try tasks(DocumentRoundTripTests.export(fixture.store, .taskwarrior))
    }

    /// The tasks of an export.
    static func tasks(_ bytes: [UInt8]) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(bytes)) as! [[String: Any]]
    }

    /// An instance of a pending task, `uuid` its own, due `due`, of the template `Self.template`.
    static func instance(_ uuid: String, due: String, imask: Int, done: Bool = false) -> String {
        #"{"description":"Water","status":"\#(done ? "completed" : "pending")","uuid":"\#(uuid)","#
            + #""due":"\#(due)","recur":"weekly","parent":"\#(template)","imask":\#(imask),"rtype":"periodic","#
            + #""project":"Home","entry":"20261127T104207Z"\#(done ? #","end":"20261127T104207Z""# : "")}"#
    }

    @Test func anInstanceIsWrittenWithTheTemplateItCameFrom() throws {
        let tasks = try Self.exported(
            "[" + Self.instance("0f2ef978-b5b7-4831-b03a-6b4757049722", due: "20261202T173000Z", imask: 3) + "]")
        try #require(tasks.count == 2)
        let (instance, template) = (tasks[0], tasks[1])
        #expect(instance["status"] as? String == "pending")
        #expect(instance["parent"] as? String == Self.template)
        // The template starts again at this instance: it is the first it made.
        #expect(instance["imask"] as? Int == 0)
        #expect(instance["rtype"] as? String == "periodic")
        #expect(instance["recur"] as? String == "weekly")
        #expect(template["uuid"] as? String == Self.template)
        #expect(template["status"] as? String == "recurring")
        #expect(template["mask"] as? String == "-")
        #expect(template["due"] as? String == "20261202T173000Z")
        #expect(template["recur"] as? String == "weekly")
        #expect(template["project"] as? String == "Home")
        #expect(template["description"] as? String == "Water")
        for field in ["parent", "imask", "entry", "end"] { #expect(template[field] == nil, "\(field)") }
    }

    /// Pending instances of one template (taskwarrior makes one a period until today) share it:
    /// its mask counts them, and it starts at the earliest, so taskwarrior makes none again.
    @Test func instancesOfOneTemplateShareItAndItsMaskCountsThem() throws {
        let tasks = try Self.exported(
            "["
                + [
                    Self.instance("00000000-0000-4000-8000-000000000001", due: "20261117T173000Z", imask: 1),
                    Self.instance("00000000-0000-4000-8000-000000000002", due: "20261110T173000Z", imask: 0),
                    Self.instance(
                        "00000000-0000-4000-8000-000000000003", due: "20261103T173000Z", imask: 9, done: true),
                ].joined(separator: ",\n") + "]")
        let templates = tasks.filter { $0["status"] as? String == "recurring" }
        try #require(templates.count == 1)
        #expect(templates[0]["mask"] as? String == "--")
        #expect(templates[0]["due"] as? String == "20261110T173000Z")
        let pending = tasks.filter { $0["status"] as? String == "pending" }
        #expect(pending.map { $0["imask"] as? Int } == [0, 1])
        #expect(pending.allSatisfy { $0["parent"] as? String == Self.template })
        // A done instance is history: no template is made for it, and it is written without links.
        let done = try #require(tasks.first { $0["status"] as? String == "completed" })
        for field in ["parent", "imask", "rtype", "mask"] { #expect(done[field] == nil, "\(field)") }
    }

    /// An item that did not come from taskwarrior gets a template of its own, whose uuid is made
    /// from the item's, the same at every export; after a trip through the format the item keeps
    /// it as `parent`, and the export is the same bytes.
    @Test func anItemOfItsOwnGetsATemplateThatStaysTheSame() throws {
        let fixture = try StoreFixture()
        let id = try fixture.store.add(["Water"]).ids[0]
        var change = AttributeChange()
        change.due = .some(TaskDate(stored: "2026-12-02 18:30", repeater: "+1w"))
        try fixture.store.setAttributes([id], change)
        let first = try DocumentRoundTripTests.export(fixture.store, .taskwarrior)
        let tasks = try Self.tasks(first)
        try #require(tasks.count == 2)
        #expect(tasks[1]["status"] as? String == "recurring")
        #expect(tasks[0]["parent"] as? String == tasks[1]["uuid"] as? String)
        #expect(tasks[0]["uuid"] as? String != tasks[1]["uuid"] as? String)
        #expect(try DocumentRoundTripTests.export(fixture.store, .taskwarrior) == first)
        let (_, second) = try TaskwarriorRoundTripPropertyTests.trip(first)
        #expect(second == first, "\(String(decoding: second, as: UTF8.self))")
    }

    /// The uuid made for an item without one does not change when the item is renamed, and two
    /// outlines give their items with one id different uuids.
    @Test func aMadeUpUUIDSurvivesARenameAndDiffersBetweenOutlines() throws {
        func uuids(_ store: OutlineStore, path: String) throws -> [String] {
            var writer = TaskwarriorWriter(timeZone: TaskwarriorFormatTests.paris, outlinePath: path)
            try writer.begin(title: nil)
            try store.walk(readingAttributes: true, enter: { try writer.enter($0) }, leave: { writer.leave($0) })
            writer.end()
            return try Self.tasks(writer.bytes).map { $0["uuid"] as! String }
        }
        let fixture = try StoreFixture()
        let id = try fixture.store.add(["Call mum"]).ids[0]
        let before = try uuids(fixture.store, path: "/home/a/outline.db")
        _ = try fixture.store.edit(id, title: "Call mum on Sunday")
        #expect(try uuids(fixture.store, path: "/home/a/outline.db") == before)
        #expect(try uuids(fixture.store, path: "/home/a/other.db") != before)
    }
}
