import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// Random and mutated documents of every format, read and imported: no crash, no hang, and
/// either the whole tree or nothing. `OUTLINE_FUZZ_SECONDS` (which `scripts/fuzz` sets) makes it
/// run longer, `OUTLINE_FUZZ_SEED` replays a run.
@Suite("Fuzzing: random and mutated documents", .tags(.soak), .enabled(if: Soak.isOn, Soak.skipped))
struct ImportFuzzTests {
    /// Pieces that mean something in some format, for insertions.
    static let syntax = [
        "\n", "  ", "\t", "- ", "* ", "** ", "# ", "1. ", "[x] ", "[ ] ", "\\", "<outline text=\"x\">", "</outline>",
        "<", ">", "&", "&amp;", "&#10;", "&#0;", "\"", "<!DOCTYPE x>", "```", "TODO ", "DONE ", ":PROPERTIES:",
        ":END:", "key:: value", "\u{200B}", "{", "}", "[", "]", "\"title\":", "null", "\u{FF}", "\u{0}", "é",
        // Markdown's keywords, attribute lines, planning lines and workflow comment.
        "tags:: a, b", "id:: 1", "scheduled:: <2026-01-01 Thu 10:00 +1w>", "SCHEDULED: <2026-01-01 Thu>",
        "<!-- workflow: TODO NEXT | DONE -->", "<!-- workflow: x -->", "[#A] ", "LATER ", "~~~", "---\n", "## ",
        // org's own: keyword lines, priorities, tags, planning, drawers, blocks and their escapes.
        "#+TODO: A B | C\n", "[#A] ", " :tag:x:", "SCHEDULED: <2026-12-01 Tue 9:00-10:00 .+1w/2d -1d>",
        "CLOSED: [2026-11-20 Fri 09:12]", "DEADLINE: <2026-02-30>--<x>", ":LOGBOOK:\n", "#+BEGIN_SRC\n", "#+END_SRC\n",
        ",* ", ":LAST_REPEAT: [2026-11-20 Fri 09:12]", "COMMENT ",
    ]

    @Test func mutatedDocumentsImportWholeOrNotAtAll() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["OUTLINE_FUZZ_SECONDS"].flatMap { Double($0) } ?? 4
        let seed = environment["OUTLINE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_125
        var rng = SeededGenerator(seed: seed)
        let source = try StoreFixture()
        try DocumentRoundTripTests.makeOutline(source.store, seed: seed, count: 40)
        let documents =
            try DocumentFormat.allCases.filter { $0 != .json }.map {
                ($0, try DocumentRoundTripTests.export(source.store, $0))
            } + [(DocumentFormat.json, Array(try DocumentRoundTripTests.lsJSON(source.store).utf8))]
            + [(DocumentFormat.org, try Self.attributedOrgDocument(seed: seed))]
        let target = try StoreFixture()
        try target.store.add(["Existing"])
        var outcomes = (imported: 0, refused: 0)
        let deadline = Date().addingTimeInterval(seconds)
        var round = 0
        while Date() < deadline {
            round += 1
            let (format, original) = documents.randomElement(using: &rng)!
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &rng) { Self.mutate(&bytes, using: &rng) }
            let before = try target.tsv().count
            var items: [ImportedItem] = []
            do {
                // Sometimes the format is guessed from the content, as for standard input.
                let reader = Bool.random(using: &rng) ? format : DocumentFormat(content: bytes)
                items = try reader.read(bytes)
                try target.store.importItems(items, names: ["fuzz"])
                outcomes.imported += 1
                let added = items.reduce(0) { $0 + $1.count }
                #expect(try target.tsv().count == before + added, "seed \(seed) round \(round): a partial import")
            } catch is DocumentError {
                outcomes.refused += 1
                items = []
            } catch let error as OutlineError {
                // Read but refused by the outline (a keyword that contradicts the workflow):
                // nothing may be added.
                outcomes.refused += 1
                items = []
                if case .databaseFailure = error { Issue.record("seed \(seed) round \(round): \(error)") }
            }
            if try target.tsv().count != before + (items.isEmpty ? 0 : items.reduce(0) { $0 + $1.count }) {
                Issue.record("seed \(seed) round \(round): the outline changed by a refused import")
                return
            }
            // Keep the target small, so that every round reads and writes alike.
            if round % 50 == 0 {
                let children = try target.store.children().map(\.id).dropFirst()
                if !children.isEmpty { try target.store.remove(Array(children)) }
            }
        }
        #expect(try target.store.check().isHealthy)
        #expect(outcomes.imported > 0 && outcomes.refused > 0, "\(outcomes)")
        print("import fuzz: seed \(seed), \(round) documents, \(outcomes)")
    }

    /// The org document of an outline whose items hold every attribute and awkward notes.
    static func attributedOrgDocument(seed: UInt64) throws -> [UInt8] {
        let fixture = try StoreFixture()
        try OrgRichOutline.make(fixture.store)
        try AttributedOutline.make(fixture.store, seed: seed, count: 30)
        return Array(try OrgRichOutline.export(fixture.store).utf8)
    }

    /// One random change: a byte flipped, a piece of syntax put in, a slice dropped or doubled.
    static func mutate(_ bytes: inout [UInt8], using rng: inout SeededGenerator) {
        guard !bytes.isEmpty else {
            bytes = Array(syntax.randomElement(using: &rng)!.utf8)
            return
        }
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
        case 1: bytes.insert(contentsOf: Array(syntax.randomElement(using: &rng)!.utf8), at: at)
        case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &rng)))
        case 3:
            let slice = bytes[at..<min(bytes.count, at + Int.random(in: 1...200, using: &rng))]
            bytes.insert(contentsOf: slice, at: Int.random(in: 0...bytes.count, using: &rng))
        default: bytes = Array(bytes.prefix(at))
        }
    }
}
