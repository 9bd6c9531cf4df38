import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// The org export read by org-mode itself: Emacs in batch parses the document with
/// `org-element-parse-buffer` and says, for every headline, what org sees (keyword, priority,
/// tags, raw title, planning timestamps, the drawer's properties, the body's elements), which
/// must be what the outline holds. Fails, rather than passing unseen, where Emacs is missing.
@Suite("org export against org-mode")
struct OrgEmacsReferenceTests {
    /// A timestamp as the script writes it, for `date`.
    static func stamp(_ date: TaskDate?, active: Bool = true) -> [String: String] {
        guard let date else { return [:] }
        return [
            "year": "\(date.day.year)", "month": "\(date.day.month)", "day": "\(date.day.day)",
            "hour": date.minuteOfDay.map { "\($0 / 60)" } ?? "null",
            "minute": date.minuteOfDay.map { "\($0 % 60)" } ?? "null", "repeater": date.repeater?.description ?? "null",
            "type": active ? "active" : "inactive",
        ]
    }

    /// The script's timestamp object as text values, for comparing with `stamp`.
    static func stamp(_ object: Any?) -> [String: String] {
        guard let object = object as? [String: Any] else { return [:] }
        return object.mapValues { value in
            value is NSNull ? "null" : "\(value)"
        }
    }

    /// The done time as org's `CLOSED` holds it: the day and minute in the document's zone.
    static func closed(_ moment: Date?) -> TaskDate? {
        moment.map(OrgRichOutline.local)
    }

    /// Checks that org read `store`'s export as the outline holds it, headline by item.
    static func expectOrgReadsTheOutline(_ store: OutlineStore) throws -> [[String: Any]] {
        let read = try OrgElementDump.read(try OrgRichOutline.export(store))
        let workflow = try store.workflow()
        #expect(read["keywords"] as? [String] == workflow.keywords)
        #expect(read["done_keywords"] as? [String] == workflow.done)
        let headlines = try #require(read["headlines"] as? [[String: Any]])
        var entries: [TreeEntry] = []
        try store.walk(readingAttributes: true) { entries.append($0) }
        try #require(headlines.count == entries.count, "org read \(headlines.count) headlines")
        for (headline, entry) in zip(headlines, entries) {
            let item = entry.item
            let attributes = entry.attributes ?? ItemAttributes()
            let name = item.title
            #expect(headline["level"] as? Int == entry.depth, "\(name)")
            #expect(headline["todo"] as? String == attributes.state, "\(name)")
            #expect(headline["done"] as? Bool == item.isDone, "\(name)")
            #expect(headline["priority"] as? String == attributes.priority?.rawValue, "\(name)")
            #expect(headline["tags"] as? [String] == attributes.tags, "\(name)")
            #expect(headline["commented"] as? Bool == false, "\(name)")
            // The title is org's text, but for the zero-width spaces that protect its ends.
            let title = try #require(headline["title"] as? String)
            let zwsp = "\u{200B}"
            #expect([name, zwsp + name, name + zwsp, zwsp + name + zwsp].contains(title), "\(title.debugDescription)")
            #expect(stamp(headline["scheduled"]) == stamp(attributes.scheduled), "\(name)")
            #expect(stamp(headline["deadline"]) == stamp(attributes.due), "\(name)")
            #expect(stamp(headline["closed"]) == stamp(closed(item.doneAt), active: false), "\(name)")
            var expected: [String: String] = [:]
            for property in attributes.properties { expected[property.key.uppercased()] = property.value }
            if let lastDone = attributes.lastDone { expected["LAST_REPEAT"] = OrgRichOutline.inactiveStamp(lastDone) }
            var properties = headline["properties"] as? [String: String] ?? [:]
            properties["CATEGORY"] = nil  // org's own, from the file's name
            #expect(properties == expected, "\(name)")
        }
        return headlines
    }

    @Test func orgModeReadsTheRichOutlineAsItIs() throws {
        let fixture = try StoreFixture()
        try OrgRichOutline.make(fixture.store)
        let headlines = try Self.expectOrgReadsTheOutline(fixture.store)
        func body(_ title: String) -> [[String: Any]] {
            headlines.first { ($0["title"] as? String)?.contains(title) == true }?["body"] as? [[String: Any]] ?? []
        }
        // The source block is one, its text exactly the note's; the table is one.
        let trip = body("Plan the trip")
        #expect(trip.map { $0["type"] as? String } == ["paragraph", "src-block", "table"])
        let block = OrgRichOutline.codeNote.components(separatedBy: "#+BEGIN_SRC python\n")[1]
            .components(separatedBy: "#+END_SRC")[0]
        #expect(trip.count == 3 && trip[1]["value"] as? String == block)
        // The lines that would reach beyond the note are text; the list and drawer stay.
        #expect(
            body("Notes").map { $0["type"] as? String } == ["paragraph", "plain-list", "drawer", "paragraph"])
        #expect(body("Notes").count == 4 && body("Notes")[2]["drawer"] as? String == "LOGBOOK")
        #expect(body("COMMENT not a comment").map { $0["type"] as? String } == ["paragraph"])
    }

    @Test(arguments: [1, 2] as [UInt64])
    func orgModeReadsRandomOutlinesAsTheyAre(seed: UInt64) throws {
        let fixture = try StoreFixture()
        try AttributedOutline.make(fixture.store, seed: seed, count: 40)
        _ = try Self.expectOrgReadsTheOutline(fixture.store)
    }
}
