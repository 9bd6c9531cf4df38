import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// SPEC's round trip for markdown with every attribute it carries: random outlines with a
/// workflow beyond the default, keywords, tags, dates with times and repeaters, priorities,
/// properties, titles that look like markers or tags, and notes holding code fences, tables and
/// lines that look like list items, headings and attribute lines. Exported, imported into an
/// empty outline and exported again: the same bytes, and the same attributes but for the done
/// times, which markdown does not carry.
@Suite("Markdown export, import and export again, every attribute")
struct MarkdownRoundTripTests {
    static let titles = [
        "DONE deal", "TODO list", "NEXT thing", "LATER maybe", "Fix crash #123", "## not a heading", "[ ] box",
        "[#B] not a priority", "tags:: not a line", "\u{200B}starts with zero width", "1. numbered",
    ]
    static let notes = [
        "```python\ndef f(x):\n    if x:\n        return 1\n```", "| a | b |\n|---|---|\n| 1 | 2 |",
        "- a list?\n* star\n+ plus\n12) twelve\n# heading?\n###### six", "key:: value\ntags:: a, b\nid:: 1",
        "SCHEDULED: <2026-01-01 Thu>\nDEADLINE: <2026-01-02>", "  leading spaces\n\ttab\n    four spaces - x",
        "```\nunclosed fence\n- item?", "\\- already escaped\n1\\. too\n\\\\ two", "~~~\n# in code\n~~~\n---\n***",
        "first\n\n\nthird\n   \nafter spaces", ":LOGBOOK:\nCLOCK: [2026-01-01 Thu 10:00]\n:END:",
    ]

    /// Adds titles and notes of the kinds above to an `AttributedOutline`.
    static func make(_ store: OutlineStore, seed: UInt64) throws {
        try AttributedOutline.make(store, seed: seed, count: 40)
        var rng = SeededGenerator(seed: seed)
        let parents = try store.children(of: .root).map(\.id)
        for (index, title) in titles.enumerated() {
            let id = try store.add([title], under: parents.randomElement(using: &rng)!).ids[0]
            try store.setNote(id, to: notes[index % notes.count])
        }
        try store.setAttributes(
            [try store.add(["Heading block"]).ids[0]],
            {
                var change = AttributeChange(); change.properties = [("heading", "2"), ("id", "x")]; return change
            }())
    }

    static func export(_ store: OutlineStore) throws -> [UInt8] {
        var writer = MarkdownWriter(workflow: try store.workflow())
        try writer.begin(title: nil)
        try store.walk(readingAttributes: true, enter: { try writer.enter($0) }, leave: { writer.leave($0) })
        writer.end()
        return writer.bytes
    }

    /// Every attribute but the done times, with titles, notes and nesting.
    static func listing(_ store: OutlineStore) throws -> [String] {
        var lines: [String] = []
        try store.walk(readingAttributes: true) { entry in
            var attributes = entry.attributes ?? ItemAttributes()
            attributes.lastDone = nil
            lines.append(
                "\(entry.depth) \(entry.item.title.debugDescription) \(entry.item.isDone) "
                    + "\(String(describing: entry.item.note?.debugDescription)) \(attributes)")
        }
        return lines
    }

    @Test func everyAttributeAndNoteComesBackTheSame() throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            let original = try StoreFixture()
            try Self.make(original.store, seed: seed)
            let document = try Self.export(original.store)
            let read = try MarkdownReader.read(document, context: DocumentReadingContext())
            #expect(read.workflow?.description == AttributedOutline.workflow)
            // Nothing is lost; a note's LOGBOOK drawer is said to be kept in the note, as it is.
            #expect(read.report.firstLoss == nil && read.report.phrases.allSatisfy { $0.contains("LOGBOOK") })
            let copy = try StoreFixture()
            _ = try copy.store.importDocuments(
                read.items, declaring: read.workflow.map { [$0] } ?? [], names: ["doc"])
            #expect(try Self.export(copy.store) == document, "seed \(seed)")
            #expect(try Self.listing(copy.store) == Self.listing(original.store), "seed \(seed)")
        }
    }
}
