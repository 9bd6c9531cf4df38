import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// SPEC's round trip, as a property: for random outlines with awkward titles and notes, each
/// format's export, imported into an empty outline and exported again, gives the same document
/// (for json, but for the ids) and the same tree (for text, titles and nesting only).
@Suite("Export, import and export again")
struct DocumentRoundTripTests {
    /// Titles that look like the syntax of some format.
    static let awkwardTitles = [
        "# heading?", "- dash", "+ plus", "* star", "1. one", "2) two", "[ ] box", "[x] done?", "[X] DONE", "> quote",
        "& amp", "<b>tag</b>", "&lt;entity&gt;", "\"double\" 'single'", #"back\slash"#, #"trailing\"#, "ends #12",
        "שלום עולם", "مرحبا", "emoji 🎉 👩‍👩‍👧", "***", "---", "```", "TODO keyword", "DONE keyword", "COMMENT x",
        "[#A] priority", "tags :a:b:", "key:: value", "[COMPLETE] workflowy", "2026", "a | b", "*bold* /it/ =code=",
        "\u{200B}zero width", "ends with zero width\u{200B}", "x", "  spaced  ",
        // Syntax that a combining mark follows: one character with it to Swift, not to a format.
        "a &\u{301} b", "x <\u{301} y", "q\"\u{301}", "/\u{301}slash", "\\\u{301}back", "*\u{301} star",
        // A title that starts with a mark, which joins the space or marker before it in a line.
        "\u{301}abc", "\u{200D}zwj", "\u{FE0F}vs", "#\u{FE0F}\u{20E3} keycap", "#\u{301}", "[\u{301}x] box?",
    ]
    static let awkwardNotes = [
        "one line", "two\nlines", "- list?\n* star?\n# heading?", "first paragraph\n\nsecond", "key:: value",
        "=== underline\n--- rule", "| table |", ":PROPERTIES:\n:END:", "SCHEDULED: <2026-01-01>", "```\ncode\n```",
        "\u{200B}breaker", "tab\there", "1. numbered", "runs of\n\n\nblank lines",
    ]

    /// A random outline of up to `count` items, a few of them long, done or with notes.
    static func makeOutline(_ store: OutlineStore, seed: UInt64, count: Int) throws {
        var rng = SeededGenerator(seed: seed)
        var ids: [ItemID] = []
        for _ in 0..<count {
            var title = awkwardTitles.randomElement(using: &rng)!
            if Int.random(in: 0..<40, using: &rng) == 0 { title = String(repeating: "long ", count: 13_000) + "end" }
            let parent = ids.isEmpty || Bool.random(using: &rng) ? ItemID.root : ids.randomElement(using: &rng)!
            let id = try store.add([title], under: parent).ids[0]
            ids.append(id)
            if Int.random(in: 0..<3, using: &rng) == 0 { try store.markDone([id]) }
            if Int.random(in: 0..<3, using: &rng) == 0 {
                try store.setNote(id, to: awkwardNotes.randomElement(using: &rng)!)
            }
        }
    }

    /// The document `writer` makes of `store`'s outline.
    static func export(_ store: OutlineStore, _ format: DocumentFormat) throws -> [UInt8] {
        func write(_ writer: some OutlineDocumentWriter) throws -> [UInt8] {
            var writer = writer
            try writer.begin(title: nil)
            try store.walk(
                readingAttributes: writer.writesAttributes, enter: { try writer.enter($0) },
                leave: { writer.leave($0) })
            writer.end()
            return writer.bytes
        }
        switch format {
        case .markdown: return try write(MarkdownWriter())
        case .opml: return try write(OPMLWriter())
        case .org: return try write(OrgWriter())
        case .text: return try write(TextWriter())
        case .json: return Array(try jsonListing(store).utf8)
        case .taskwarrior:
            return try write(TaskwarriorWriter(timeZone: TimeZone(identifier: "Europe/Paris")!, now: exportTime))
        }
    }

    /// When the taskwarrior exports here run: the time of a note's lines that have no stamp.
    static let exportTime = Date(timeIntervalSince1970: 1_794_999_960)

    /// The outline as `ls --json` would give it, without ids: titles, states, notes, nesting.
    static func jsonListing(_ store: OutlineStore) throws -> String {
        var lines: [String] = []
        try store.walk { entry in
            let item = entry.item
            lines.append(
                "\(entry.depth) \(item.isDone) \(item.title.debugDescription) \(String(describing: item.note?.debugDescription))"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The tree as the format keeps it: titles and nesting for text; the rest keep states and
    /// notes, exactly.
    static func tree(_ store: OutlineStore, _ format: DocumentFormat) throws -> [String] {
        var lines: [String] = []
        try store.walk { entry in
            let item = entry.item
            var line = "\(entry.depth) \(item.title.debugDescription)"
            if format != .text {
                let note = item.note
                line += " \(item.isDone) \(String(describing: note?.debugDescription))"
            }
            lines.append(line)
        }
        return lines
    }

    /// taskwarrior's round trip is of tasks, not of any tree: `TaskwarriorRoundTripTests`.
    @Test(arguments: DocumentFormat.allCases.filter { $0 != .taskwarrior })
    func exportImportExportGivesTheSameDocumentAndTree(format: DocumentFormat) throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            let original = try StoreFixture()
            try Self.makeOutline(original.store, seed: seed, count: 60)
            let document = try Self.export(original.store, format)
            let copy = try StoreFixture()
            let items: [ImportedItem]
            if format == .json {
                // The listing of `ls --json` itself is the executable's; here the same shape.
                items = try JSONDocumentReader.read(Array(try Self.lsJSON(original.store).utf8))
            } else {
                items = try format.read(document)
            }
            try copy.store.importItems(items, names: ["doc"])
            #expect(try Self.export(copy.store, format) == document, "seed \(seed): \(format) differs")
            #expect(try Self.tree(copy.store, format) == Self.tree(original.store, format), "seed \(seed)")
        }
    }

    /// `ls --json`'s shape, built here for the JSON reader (ids included, which it ignores).
    static func lsJSON(_ store: OutlineStore) throws -> String {
        func object(_ item: Item, _ children: [String]) -> String {
            let note = item.note.map(JSONText.quote) ?? "null"
            return "{\"id\":\(item.id),\"title\":\(JSONText.quote(item.title)),\"done\":\(item.isDone),"
                + "\"note\":\(note),\"children\":[\(children.joined(separator: ","))]}"
        }
        func children(of parent: ItemID) throws -> [String] {
            try store.children(of: parent).map { object($0, try children(of: $0.id)) }
        }
        return "[" + (try children(of: .root)).joined(separator: ",") + "]"
    }

    @Test func formatsAreToldByNameAndByContent() {
        #expect(DocumentFormat(fileName: "notes.MD") == .markdown)
        #expect(DocumentFormat(fileName: "a.b/outline") == nil)
        #expect(DocumentFormat(fileName: "work.opml") == .opml)
        #expect(DocumentFormat(content: Array("\u{FEFF}<?xml version=\"1.0\"?><opml>".utf8)) == .opml)
        #expect(DocumentFormat(content: Array("[{\"title\":\"x\"}]".utf8)) == .json)
        #expect(DocumentFormat(content: Array("#+TITLE: x\n* a\n".utf8)) == .org)
        #expect(DocumentFormat(content: Array("- a\n  - b\n".utf8)) == .markdown)
        #expect(DocumentFormat(content: Array("<!-- workflow: TODO NEXT | DONE -->\n\n- a\n".utf8)) == .markdown)
        #expect(DocumentFormat(content: Array("<!-- a comment -->\n<opml>".utf8)) == .opml)
        #expect(DocumentFormat(content: Array("a\n  b\n".utf8)) == .text)
    }
}
