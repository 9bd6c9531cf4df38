import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// SPEC's round trip for json with every attribute, as a property: random outlines whose items
/// hold keywords, done times, tags, dates, priorities and properties, listed in `ls --json`'s
/// shape, imported into an empty outline and listed again, give the same listing but for the
/// ids. The executable's own listing is held to the same in `JSONRoundTripTests`.
@Suite("JSON export, import and export again, every attribute")
struct JSONAttributeRoundTripTests {
    /// `ls --json`'s shape with every attribute, written here on its own (with ids only when
    /// asked), so that the reader is checked against a writer other than the one it was made by.
    static func listing(_ store: OutlineStore, ids: Bool) throws -> String {
        let moment = ISO8601DateFormatter()
        func text(_ value: String?) -> String { value.map(JSONText.quote) ?? "null" }
        func date(_ value: TaskDate?) -> String {
            guard let value else { return "null" }
            return
                "{\"date\":\"\(value.day)\",\"time\":\(text(value.time)),\"repeat\":\(text(value.repeater?.description))}"
        }
        var json = "["
        var needsComma = false
        try store.walk(
            readingAttributes: true,
            enter: { entry in
                let item = entry.item
                let attributes = entry.attributes ?? ItemAttributes()
                if needsComma { json += "," }
                json +=
                    "{" + (ids ? "\"id\":\(item.id)," : "") + "\"title\":\(text(item.title)),\"done\":\(item.isDone),"
                json += "\"note\":\(text(item.note)),\"done_at\":\(text(item.doneAt.map(moment.string)))"
                json +=
                    ",\"last_done\":\(text(attributes.lastDone.map(moment.string))),\"state\":\(text(attributes.state))"
                json += ",\"tags\":[" + attributes.tags.map(JSONText.quote).joined(separator: ",") + "]"
                json += ",\"scheduled\":\(date(attributes.scheduled)),\"due\":\(date(attributes.due))"
                json += ",\"priority\":\(text(attributes.priority?.rawValue)),\"properties\":{"
                json += attributes.properties.map { JSONText.quote($0.key) + ":" + JSONText.quote($0.value) }
                    .joined(separator: ",")
                json += "},\"children\":["
                needsComma = false
            },
            leave: { _ in
                json += "]}"
                needsComma = true
            })
        return json + "]"
    }

    @Test func everyAttributeComesBackTheSame() throws {
        for seed in 1...8 as ClosedRange<UInt64> {
            let original = try StoreFixture()
            try AttributedOutline.make(original.store, seed: seed, count: 40)
            let document = try Self.listing(original.store, ids: true)
            let copy = try StoreFixture()
            try copy.store.importItems(try JSONDocumentReader.read(Array(document.utf8)), names: ["doc"])
            #expect(
                try Self.listing(copy.store, ids: false) == Self.listing(original.store, ids: false), "seed \(seed)")
            // The keywords the items use were added, each of the kind it is in the original.
            let workflow = try copy.store.workflow()
            try original.store.walk(readingAttributes: true) { entry in
                guard let keyword = entry.attributes?.state else { return }
                #expect(workflow.keywords.contains(keyword) && workflow.isDone(keyword) == entry.item.isDone)
            }
        }
    }
}
