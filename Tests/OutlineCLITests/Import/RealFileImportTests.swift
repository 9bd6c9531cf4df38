import Foundation
import Testing

/// Files in the shapes other outliners write (`Tests/Fixtures/import`), each imported into an
/// empty outline: the tree it must give is written here, one item a line, indented two spaces a
/// level, `[x]` for done and `{note}` with the note's lines joined by `/`.
@Suite("Importing what other outliners write")
struct RealFileImportTests {
    let outline = OutlineProcess()

    static let expected: [String: [String]] = [
        "workflowy.opml": [
            "Groceries", "  Milk & bread {Oat milk/two litres}", "  [x] Eggs", "Work Q3", "  Launch",
            "  See [the brief](https://example.com/brief?v=2&x=1)", "  [x] https://example.com/board",
        ],
        // Written by taskwarrior 2.6 itself (`task export`, in Europe/Paris): annotations are
        // stamped in that zone.
        "taskwarrior.json": [
            "Home", "  Garden",
            "    Plant tulips {2026-11-27 11:42 bulbs are in the shed/2026-11-27 11:42 buy compost first}",
            "    Fix the fence", "    Water the plants", "  [x] Pay rent", "Call mum",
        ],
        "workflowy.txt": ["Groceries", "  Milk & bread {Oat milk}", "  [x] Eggs", "Work Q3", "  Launch"],
        "dynalist.opml": ["Reading list", "  [x] Dune {Frank Herbert}", "  Neuromancer", "Ideas"],
        "omnioutliner.opml": ["Trip", "  [x] Passport", "  Tickets {print them}"],
        "logseq.md": ["Launch plan", "  Draft slides", "  Review with team", "Notes {A second line of the block}"],
        "logseq-garden.md": [
            "Spring planting", "  Order seeds #garden", "  Build the raised bed",
            "  Read about #[[companion planting]]",
            "  [x] Clear the old bed", "  [x] Buy a greenhouse",
            "Notes {See ((6571a0f2-3c1e-4b8a-9d2e-1f0a2b3c4d5e)) for the seed list./```python/def water(days):/"
                + "    return days * 2/```}",
            "Water the seedlings",
        ],
        "github-tasks.md": [
            "Release checklist", "  [x] Bump the version in `Package.swift`", "  Update the changelog",
            "    [x] Bugs fixed since 1.2", "    New commands", "  Tag the release", "    Run the tests on Linux first",
            "    [x] Build the docs", "  Announce it (see #123)",
        ],
        "obsidian.md": ["Weekly review", "  Inbox zero", "  [x] Pay rent", "    Sub task", "  [x] Capital X"],
        "readme.md": [
            "Project {Intro paragraph.}", "  Install", "    Download", "    Run `make`", "  Usage", "    Start",
            "      with flags",
        ],
        // Tags are tags, not title text; a list under a headline is its note, as org reads it.
        "tasks.org": [
            "Plan the trip {  Body text for the plan.}", "  [x] Book flights",
            "  Pack {   - passport/   - [X] charger}",
            "Notes {Some text.}",
        ],
    ]

    /// What import says of the files that hold what it cannot carry as it is.
    static let said: [String: String] = [
        "workflowy.opml":
            "imported 7 items from workflowy.opml; dropped 2 bold and italic marks; dropped 1 other formatting mark",
        "taskwarrior.json":
            "imported 7 items from taskwarrior.json; left out 1 deleted task; kept 1 recurring task template as repeaters",
        "dynalist.opml": "imported 4 items from dynalist.opml",
    ]
    /// The zone the files' local times are read in.
    static let zone = ["TZ": "Europe/Paris"]

    /// The outline as this suite writes trees.
    private func tree() throws -> [String] {
        let json = try outline.run(["ls", "--json"]).stdout
        var lines: [String] = []
        func visit(_ items: [[String: Any]], _ depth: Int) {
            for item in items {
                var line = String(repeating: "  ", count: depth) + ((item["done"] as? Bool) == true ? "[x] " : "")
                line += item["title"] as! String
                if let note = item["note"] as? String {
                    line += " {" + note.replacingOccurrences(of: "\n", with: "/") + "}"
                }
                lines.append(line)
                visit(item["children"] as? [[String: Any]] ?? [], depth + 1)
            }
        }
        visit((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]) ?? [], 0)
        return lines
    }

    @Test(arguments: expected.keys.sorted())
    func eachFileImportsAsTheTreeItsToolMeant(name: String) throws {
        let path = OutlineProcess.fixtureFile("import/" + name)
        let result = try outline.run(["import", path], environment: Self.zone)
        #expect(result.status == 0, "\(name): \(result)")
        if let said = Self.said[name] { #expect(result.stderr == said + "\n") }
        #expect(try tree() == Self.expected[name]!, "\(name)")
        // Read through standard input, the format is told by the content alone.
        try FileManager.default.removeItem(atPath: outline.database)
        let piped = try outline.run(
            ["import"], input: try String(contentsOfFile: path, encoding: .utf8), environment: Self.zone)
        #expect(piped.status == 0, "\(name) on standard input: \(piped)")
        #expect(try tree() == Self.expected[name]!, "\(name) on standard input")
    }
}
