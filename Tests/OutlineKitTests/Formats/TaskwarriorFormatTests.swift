import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The taskwarrior format's reader and writer on their own, for what the real taskwarrior's
/// round trips (`TaskwarriorRoundTripTests`) do not reach: odd documents, and the choices made
/// where taskwarrior and an outline differ.
@Suite("taskwarrior format")
struct TaskwarriorFormatTests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    static func read(_ text: String) throws -> ImportedDocument {
        try TaskwarriorReader.read(Array(text.utf8), context: DocumentReadingContext(timeZone: paris))
    }

    static func task(_ fields: String) -> String {
        #"{"description":"t","status":"pending","uuid":"11111111-1111-4111-8111-111111111111""# + fields + "}"
    }

    @Test(arguments: [
        ("weekly", "+1w"), ("P1W", "+1w"), ("2w", "+2w"), ("biweekly", "+2w"), ("daily", "+1d"), ("3d", "+3d"),
        ("monthly", "+1m"), ("1m", "+1m"), ("2mo", "+2m"), ("quarterly", "+3m"), ("2q", "+6m"), ("12m", "+1y"),
        ("yearly", "+1y"), ("P1Y", "+1y"), ("2y", "+2y"),
    ])
    func taskwarriorPeriodsAreOrgRepeaters(period: String, repeater: String) {
        #expect(TaskwarriorRecurrence.repeater(period)?.description == repeater)
    }

    @Test func periodsThatNoRepeaterSaysStayAProperty() throws {
        let document = try Self.read(
            "[" + Self.task(#","due":"20261201T080000Z","recur":"weekdays""#) + "]")
        let item = try #require(document.items.first)
        #expect(item.attributes.due == TaskDate(day: CalendarDay(year: 2026, month: 12, day: 1)!, minuteOfDay: 540))
        #expect(item.attributes.property("recur") == "weekdays")
        #expect(document.report.phrases == ["kept 1 recurrence that no org repeater says as the property recur"])
        #expect(document.report.firstLoss == nil)
    }

    @Test func oneTaskALineReadsAsTheArrayDoes() throws {
        let lines = Self.task(#","project":"A.B""#) + "\n" + Self.task(#","project":"A""#) + "\n"
        let document = try Self.read(lines)
        #expect(document.items.map(\.title) == ["A"])
        #expect(document.items[0].children.map(\.title) == ["B", "t"])
        #expect(document.items[0].children[0].children.map(\.title) == ["t"])
    }

    @Test func waitingIsPendingAndLocalMidnightIsTheDayAlone() throws {
        let document = try Self.read(
            "["
                + Self.task(#","status":"waiting","wait":"20261209T230000Z","due":"20261130T230000Z""#)
                .replacingOccurrences(of: #""status":"pending","#, with: "") + "]")
        let item = try #require(document.items.first)
        #expect(item.attributes.state == "TODO" && !item.isDone)
        #expect(item.attributes.due == TaskDate(day: CalendarDay(year: 2026, month: 12, day: 1)!))
        #expect(item.attributes.property("wait") == "20261209T230000Z")
    }

    @Test func aTemplateWithoutAPendingInstanceIsReportedAsDropped() throws {
        let template = Self.task(#","due":"20261201T080000Z","recur":"weekly","mask":"--""#)
            .replacingOccurrences(of: "pending", with: "recurring")
        let document = try Self.read("[" + template + "]")
        #expect(document.items.isEmpty)
        #expect(document.report.phrases == ["dropped 1 recurring task without a pending instance"])
    }

    @Test func whatCannotBeCarriedIsCountedAndTheRestKept() throws {
        let document = try Self.read(
            "["
                + Self.task(
                    #","tags":["ok","to-read"],"note":"x","weird.key":"y","priority":"X","imask":0,"depends":["a","b"]"#
                )
                + "]")
        let item = try #require(document.items.first)
        #expect(item.attributes.tags == ["ok"])
        #expect(
            item.attributes.properties.map { "\($0.key)=\($0.value)" } == [
                "uuid=11111111-1111-4111-8111-111111111111", "imask=0", "depends=a,b",
            ])
        #expect(
            document.report.phrases == [
                "dropped 1 tag that outline cannot hold", "dropped 1 priority other than H, M or L",
                "dropped 2 fields that cannot be properties",
            ])
    }

    @Test func outlineParentNestsUnderItsTaskUnlessItMakesACycle() throws {
        let parent = #"{"description":"P","status":"completed","end":"20261127T100000Z","uuid":"p","project":"H"}"#
        let child = #"{"description":"C","status":"pending","uuid":"c","project":"H.Sub","outline_parent":"p"}"#
        let loopA = #"{"description":"A","status":"pending","uuid":"a","outline_parent":"b"}"#
        let loopB = #"{"description":"B","status":"pending","uuid":"b","outline_parent":"a"}"#
        let document = try Self.read("[" + [child, loopA, loopB, parent].joined(separator: ",\n") + "]")
        // C, first in the document, is placed with its parent P: H comes first.
        #expect(document.items.map(\.title) == ["H", "A", "B"])
        let p = document.items[0].children[0]
        #expect(p.title == "P" && p.isDone && p.doneAt == Date(timeIntervalSince1970: 1_795_773_600))
        #expect(p.children.map(\.title) == ["Sub"] && p.children[0].children.map(\.title) == ["C"])
        #expect(p.children[0].children[0].attributes.property("outline_parent") == nil)
        // A cycle places neither: the fields are dropped and counted, not kept as properties that
        // export refuses (outline writes outline_parent itself).
        #expect(document.items[1].attributes.property("outline_parent") == nil)
        #expect(document.report.phrases.contains("dropped 2 outline_parents that name no task above them in the file"))
    }

    /// `scheduled_repeat` is the scheduled date's repeater: without a date, or unreadable, it is
    /// dropped and counted rather than kept as a property export refuses.
    @Test func aScheduledRepeatWithoutItsDateIsDroppedAndCounted() throws {
        let lone = #"{"description":"A","status":"pending","uuid":"a","scheduled_repeat":"+1m"}"#
        let bogus =
            #"{"description":"B","status":"pending","uuid":"b","scheduled":"20261201T090000Z","scheduled_repeat":"bogus"}"#
        let document = try Self.read("[" + lone + ",\n" + bogus + "]")
        #expect(document.items.allSatisfy { $0.attributes.property("scheduled_repeat") == nil })
        #expect(document.report.phrases == ["dropped 2 scheduled_repeats without a scheduled date they repeat"])
    }

    /// `task import` lets a later task with an earlier one's uuid overwrite it; the outline keeps
    /// both, the later without the uuid, and says so.
    @Test func aRepeatedUUIDIsDroppedFromTheLaterTaskAndCounted() throws {
        let document = try Self.read(
            "[" + Self.task("") + ",\n" + Self.task(#","project":"P""#) + "]")
        // The second task is under its project's item.
        #expect(document.items[0].attributes.properties.map(\.key) == ["uuid"])
        #expect(document.items[1].children.first?.attributes.properties.map(\.key) == [])
        #expect(document.report.phrases == ["dropped 1 uuid that an earlier task already has"])
        #expect(document.report.firstLoss?.firstLine == 2)
    }

    /// A chain of parents read last to first is placed in one pass, and one deeper than an
    /// outline holds items is refused, as every reader refuses it.
    @Test func chainsOfParentsAreBoundedByTheOutlinesDepth() throws {
        func chain(_ count: Int) -> String {
            let tasks = (0..<count).reversed().map { index in
                #"{"description":"t\#(index)","status":"pending","uuid":"u\#(index)""#
                    + (index > 0 ? #","outline_parent":"u\#(index - 1)"}"# : "}")
            }
            return "[" + tasks.joined(separator: ",\n") + "]"
        }
        var item = try #require(try Self.read(chain(500)).items.first)
        var depth = 1
        while let child = item.children.first {
            item = child
            depth += 1
        }
        #expect(depth == 500 && item.title == "t499")
        #expect {
            _ = try Self.read(chain(501))
        } throws: { error in
            (error as? DocumentError)?.reason == "items nest more than 500 levels deep"
        }
    }

    @Test(arguments: [
        (#"[{"description":"x","status":"gone"}]"#, 1, "the task's status is \"gone\""),
        ("[\n" + #"{"status":"pending"}"# + "]", 2, "the task has no description"),
        (#"[{"description":"x","status":"pending","due":"2026-12-01"}]"#, 1, "the due \"2026-12-01\" is not a moment"),
        (#"[{"description":"x","status":"pending","tags":"a"}]"#, 1, "\"tags\" should be an array of strings"),
    ])
    func badTasksAreRefusedWithTheirLine(document: String, line: Int, reason: String) {
        #expect {
            _ = try Self.read(document)
        } throws: { error in
            guard let error = error as? DocumentError else { return false }
            return error.line == line && error.reason.hasPrefix(reason)
        }
    }

    @Test func theWriterMakesProjectsParentsAndAnnotations() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let home = try store.add(["Home"]).ids[0]
        let task = try store.add(["Fence"], under: home).ids[0]
        var change = AttributeChange()
        change.state = .keyword("TODO")
        try store.setAttributes([task], change)
        let sub = try store.add(["Paint"], under: task).ids[0]
        try store.setNote(sub, to: "no stamp\n2026-11-20 10:00 one\n2026-11-20 10:00 two")
        let bytes = try DocumentRoundTripTests.export(store, .taskwarrior)
        let tasks = try JSONSerialization.jsonObject(with: Data(bytes)) as! [[String: Any]]
        #expect(tasks.map { $0["description"] as! String } == ["Fence", "Paint"])
        #expect(tasks.map { $0["project"] as? String } == ["Home", "Home"])
        #expect(tasks[1]["outline_parent"] as? String == tasks[0]["uuid"] as? String)
        let uuid = try #require(tasks[0]["uuid"] as? String)
        #expect(uuid.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
        // The same at every export: the uuid is the item's.
        #expect(try DocumentRoundTripTests.export(store, .taskwarrior) == bytes)
        let annotations = try #require(tasks[1]["annotations"] as? [[String: String]])
        #expect(
            annotations == [
                ["entry": TaskwarriorTime.text(DocumentRoundTripTests.exportTime), "description": "no stamp"],
                ["entry": "20261120T090000Z", "description": "one"],
                ["entry": "20261120T090001Z", "description": "two"],
            ])
    }

    @Test func tasksAreToldFromListingsByTheirFields() {
        let task = Array(#"[{"id":1,"description":"x","uuid":"u"}]"#.utf8)
        #expect(DocumentFormat(content: task) == .taskwarrior)
        #expect(DocumentFormat(content: Array(#"{"description":"x","uuid":"u"}"#.utf8)) == .taskwarrior)
        #expect(DocumentFormat(fileName: "export.json", content: task) == .taskwarrior)
        #expect(DocumentFormat(fileName: "tasks.txt", content: task) == .text)
        let listing = Array(#"[{"id":1,"title":"x","properties":{"uuid":"u","description":"d"}}]"#.utf8)
        #expect(DocumentFormat(fileName: "outline.json", content: listing) == .json)
        #expect(DocumentFormat(content: listing) == .json)
    }
}

/// What the writer refuses rather than hand to `task import`, which would stop at the task.
@Suite("taskwarrior export refusals")
struct TaskwarriorExportRefusalTests {
    @Test(arguments: [
        ("until", "never", "a moment"), ("uuid", "65f1-aa", "a uuid"), ("imask", "abc", "a number"),
        ("recur", "weekdays", "due date"), ("rtype", "sometimes", "periodic or chained"),
        ("end", "20261101T080000Z", "only on a done task"), ("project", "Other", "writes the field project itself"),
        ("id", "7", "writes the field id itself"), ("urgency", "3", "writes the field urgency itself"),
        ("description", "d", "writes the field description itself"),
        ("annotations", "a", "writes the field annotations itself"),
        ("outline_parent", "11111111-1111-4111-8111-111111111111", "writes the field outline_parent itself"),
        ("scheduled_repeat", "+1w", "writes the field scheduled_repeat itself"),
    ])
    func aPropertyTaskwarriorWouldRefuseIsRefused(key: String, value: String, expected: String) throws {
        let fixture = try StoreFixture()
        let id = try fixture.store.add(["x"]).ids[0]
        var change = AttributeChange()
        change.properties = [(key, value)]
        try fixture.store.setAttributes([id], change)
        #expect {
            _ = try DocumentRoundTripTests.export(fixture.store, .taskwarrior)
        } throws: { error in
            guard case OutlineError.invalidProperty(_, let reason) = error else { return false }
            return reason.hasPrefix("item \(id) cannot be exported to taskwarrior") && reason.contains(expected)
        }
    }

    @Test func anUnmappedRecurWithADueDateIsWritten() throws {
        let document =
            #"[{"description":"t","status":"pending","uuid":"11111111-1111-4111-8111-111111111111","#
            + #""due":"20261201T080000Z","recur":"weekdays"}]"#
        let read = try TaskwarriorReader.read(
            Array(document.utf8), context: DocumentReadingContext(timeZone: TaskwarriorFormatTests.paris))
        let fixture = try StoreFixture()
        try fixture.store.importItems(read.items, names: ["t"])
        let written = String(decoding: try DocumentRoundTripTests.export(fixture.store, .taskwarrior), as: UTF8.self)
        #expect(written.contains(#""recur":"weekdays""#), "\(written)")
    }

    /// `outline cp` copies the `uuid` property: two tasks with one uuid would be one task in
    /// taskwarrior, the later overwriting the earlier.
    @Test func twoItemsWithOneUUIDAreRefusedNamingBoth() throws {
        let fixture = try StoreFixture()
        let ids = try fixture.store.add(["a", "b"]).ids
        var change = AttributeChange()
        change.properties = [("uuid", "11111111-1111-4111-8111-111111111111")]
        try fixture.store.setAttributes(ids, change)
        #expect {
            _ = try DocumentRoundTripTests.export(fixture.store, .taskwarrior)
        } throws: { error in
            guard case OutlineError.invalidProperty(_, let reason) = error else { return false }
            return reason.contains("items \(ids[0]) and \(ids[1]) both have it")
                && reason.contains("outline set \(ids[1]) --property uuid=")
        }
    }

    /// A done item's `end` property that says its done time is written once, as `end`.
    @Test func aDoneItemsEndThatIsItsDoneTimeIsWrittenOnce() throws {
        let document =
            #"[{"description":"t","status":"completed","uuid":"11111111-1111-4111-8111-111111111111","#
            + #""end":"20261101T080000Z"}]"#
        let read = try TaskwarriorReader.read(
            Array(document.utf8), context: DocumentReadingContext(timeZone: TaskwarriorFormatTests.paris))
        let fixture = try StoreFixture()
        try fixture.store.importItems(read.items, names: ["t"])
        let id = try #require(try fixture.store.children(of: .root).first?.id)
        var change = AttributeChange()
        change.properties = [("end", "20261101T080000Z")]
        try fixture.store.setAttributes([id], change)
        let written = String(decoding: try DocumentRoundTripTests.export(fixture.store, .taskwarrior), as: UTF8.self)
        #expect(written.components(separatedBy: #""end":"20261101T080000Z""#).count == 2, "\(written)")
    }
}

/// The taskwarrior format's own round trip, as a property over random outlines with every
/// attribute: the first trip makes an outline what taskwarrior can say (plain leaves become
/// tasks, keywords TODO and DONE, projects shared); from then on, export, import and export
/// again gives the same bytes.
@Suite("taskwarrior export, import and export again")
struct TaskwarriorRoundTripPropertyTests {
    static func trip(_ document: [UInt8]) throws -> (StoreFixture, [UInt8]) {
        let read = try TaskwarriorReader.read(
            document, context: DocumentReadingContext(timeZone: TaskwarriorFormatTests.paris))
        let copy = try StoreFixture()
        try copy.store.importItems(read.items, names: ["tasks"])
        return (copy, try DocumentRoundTripTests.export(copy.store, .taskwarrior))
    }

    @Test func afterOneTripTheBytesStayTheSame() throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            let original = try StoreFixture()
            // `id` is taskwarrior's own field, which the export refuses as a property.
            try AttributedOutline.make(original.store, seed: seed, count: 40, leavingOut: ["id"])
            let first = try DocumentRoundTripTests.export(original.store, .taskwarrior)
            let (_, second) = try Self.trip(first)
            let (copy, third) = try Self.trip(second)
            #expect(third == second, "seed \(seed)")
            // The first trip kept the tasks: every uuid the original export gave is there.
            let uuids = { (bytes: [UInt8]) in
                Set(
                    try (JSONSerialization.jsonObject(with: Data(bytes)) as! [[String: Any]]).map {
                        $0["uuid"] as! String
                    })
            }
            #expect(try uuids(first) == uuids(third), "seed \(seed)")
            #expect(try copy.store.check().isHealthy)
        }
    }
}
