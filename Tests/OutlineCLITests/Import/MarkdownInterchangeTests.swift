import Foundation
import OutlineTestSupport
import Testing

/// Markdown in from Logseq and GitHub, and out to cmark-gfm, pandoc and markdown-it-py (SPEC,
/// "Formats", markdown): what each fixture imports as, attribute by attribute, with the line
/// import says; and an export whose list, check boxes and code blocks those readers see as the
/// outline holds them.
@Suite("Markdown from Logseq and GitHub, read back by cmark-gfm, pandoc and markdown-it-py")
struct MarkdownInterchangeTests {
    let outline = OutlineProcess()

    /// Each item as `depth [state] title {attributes} note`, from `ls --json`, done times left out.
    private func items() throws -> [String] {
        let json = try outline.run(["ls", "--json"]).stdout
        var lines: [String] = []
        func visit(_ items: [[String: Any]], _ depth: Int) {
            for item in items {
                var line = String(repeating: "  ", count: depth)
                if let state = item["state"] as? String { line += "[\(state)] " }
                line += item["title"] as! String
                var details: [String] = []
                if let tags = item["tags"] as? [String], !tags.isEmpty {
                    details.append("tags=" + tags.joined(separator: ","))
                }
                for key in ["scheduled", "due"] {
                    if let date = item[key] as? [String: Any] {
                        let parts = ["date", "time", "repeat"].compactMap { date[$0] as? String }
                        details.append(key + "=" + parts.joined(separator: " "))
                    }
                }
                if let priority = item["priority"] as? String { details.append("priority=" + priority) }
                if let properties = item["properties"] as? [String: String] {
                    details += properties.keys.sorted().map { "\($0)=\(properties[$0]!)" }
                }
                if !details.isEmpty { line += " {" + details.joined(separator: "; ") + "}" }
                if let note = item["note"] as? String { line += " note: " + note.debugDescription }
                lines.append(line)
                visit(item["children"] as? [[String: Any]] ?? [], depth + 1)
            }
        }
        visit((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]) ?? [], 0)
        return lines
    }

    @Test func aLogseqPageKeepsMarkersPropertiesDatesAndCode() throws {
        let result = try outline.run(["import", OutlineProcess.fixtureFile("import/logseq-garden.md")])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr
                == "imported 8 items from logseq-garden.md; left out 2 page properties; "
                + "added DOING, LATER, NOW, CANCELED to the workflow\n")
        #expect(
            try items() == [
                "Spring planting {collapsed=true; heading=2}",
                "  [TODO] Order seeds #garden {scheduled=2026-03-01; id=6571a0f2-3c1e-4b8a-9d2e-1f0a2b3c4d5e}",
                "  [DOING] Build the raised bed {due=2026-03-15 10:00 +1w; priority=A}",
                "  [LATER] Read about #[[companion planting]]",
                "  [DONE] Clear the old bed",
                "  [CANCELED] Buy a greenhouse",
                "Notes note: \"See ((6571a0f2-3c1e-4b8a-9d2e-1f0a2b3c4d5e)) for the seed list.\\n```python\\n"
                    + "def water(days):\\n    return days * 2\\n```\"",
                "[NOW] Water the seedlings {tags=garden,daily}",
            ])
        #expect(try outline.run(["workflow"]).stdout == "TODO DOING LATER NOW | DONE CANCELED\n")
        // Page properties are lost: --strict refuses, naming the first.
        let strict = OutlineProcess()
        let refused = try strict.run(["import", "--strict", OutlineProcess.fixtureFile("import/logseq-garden.md")])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("logseq-garden.md line 1: left out 2 page properties"), "\(refused)")
    }

    @Test func aGitHubTaskListKeepsItsBoxesAndNesting() throws {
        let result = try outline.run(["import", OutlineProcess.fixtureFile("import/github-tasks.md")])
        #expect(result.status == 0 && result.stderr == "imported 9 items from github-tasks.md\n", "\(result)")
        #expect(
            try items() == [
                "Release checklist", "  [DONE] Bump the version in `Package.swift`", "  [TODO] Update the changelog",
                "    [DONE] Bugs fixed since 1.2", "    [TODO] New commands", "  [TODO] Tag the release",
                "    Run the tests on Linux first", "    [DONE] Build the docs", "  [TODO] Announce it (see #123)",
            ])
        #expect(
            try outline.run(["export", "Release checklist"]).stdout == """
                - [x] Bump the version in \\`Package.swift\\`
                - [ ] Update the changelog
                  - [x] Bugs fixed since 1.2
                  - [ ] New commands
                - [ ] Tag the release
                  - Run the tests on Linux first
                  - [x] Build the docs
                - [ ] Announce it (see #123)

                """)
    }

    /// An outline with a custom workflow, attributes, and a note with code, a table and lines that
    /// look like structure.
    private func makeOutline() throws {
        try outline.run(["workflow", "TODO NEXT | DONE CANCELLED"])
        try outline.run(["add", "Garden", "DONE deal"])
        try outline.run(["add", "--under", "Garden", "Order seeds", "Dig", "Fix crash #123"])
        try outline.run([
            "set", "Garden/Order seeds", "--state", "NEXT", "--tag", "home", "--due", "2026-12-01 14:30 +1w",
            "--priority", "A", "--property", "id=6571",
        ])
        try outline.run(["set", "Garden/Dig", "--state", "CANCELLED"])
        try outline.run(["done", "Garden/Fix crash #123"])
        try outline.run(["note", "Garden/Order seeds", Self.note])
    }

    static let note = """
        Seeds:
        - not a child
        ```python
        def sow(rows):
            for row in rows:
                plant(row)
        ```
        | kind | rows |
        |------|------|
        | peas | 3    |
        """
    static let code = "def sow(rows):\n    for row in rows:\n        plant(row)\n"

    private func shell(_ command: String, input: String) throws -> String {
        let result = try OutlineProcess.run(["sh", "-c", command], input: Data(input.utf8), viaShell: true)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        return result.stdout
    }

    @Test func exportIsReadAsTheOutlineByCmarkGfmPandocAndMarkdownIt() throws {
        try makeOutline()
        let markdown = try outline.run(["export"]).stdout
        #expect(
            markdown.hasPrefix(
                "<!-- workflow: TODO NEXT | DONE CANCELLED -->\n\n- Garden\n  - [ ] NEXT Order seeds\n    tags:: home\n"
                    + "    due:: <2026-12-01 Tue 14:30 +1w>\n    priority:: A\n    id:: 6571\n\n    Seeds:\n"
                    + "    \\- not a child\n    ```python\n"), "\(markdown)")
        #expect(
            markdown.hasSuffix("  - [x] CANCELLED Dig\n  - [x] Fix crash #123\n- \u{200B}DONE deal\n"), "\(markdown)")

        // cmark-gfm: three items under Garden, two of them checked, the code exactly.
        let html = try shell("cmark-gfm -e tasklist -e table -t html", input: markdown)
        #expect(html.components(separatedBy: "<li>").count - 1 == 5, "\(html)")
        #expect(html.components(separatedBy: "checked=\"\" disabled=\"\"").count - 1 == 2, "\(html)")
        #expect(html.components(separatedBy: "disabled=\"\" />").count - 1 == 3, "\(html)")
        #expect(html.contains("<pre><code class=\"language-python\">" + Self.code + "</code></pre>"), "\(html)")
        #expect(html.contains("<table>") && html.contains("- not a child"), "\(html)")
        #expect(!html.contains("<h1"), "\(html)")

        // pandoc, GFM and its own Markdown: the same lists and code.
        for reader in ["gfm", "markdown"] {
            let json = try shell("pandoc -f \(reader) -t json", input: markdown)
            let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            let blocks = document["blocks"] as! [[String: Any]]
            let lists = blocks.filter { $0["t"] as? String == "BulletList" }
            #expect(lists.count == 1 && (lists[0]["c"] as! [Any]).count == 2, "\(reader): \(json)")
            // pandoc keeps a code block's text without its last line end.
            #expect(json.contains(Self.code.dropLast().debugDescription), "\(reader): \(json)")
            #expect(json.contains("\u{2610}") && json.contains("\u{2612}"), "\(reader): \(json)")
        }

        // markdown-it-py: list items by depth, and the fence's exact content.
        let script = """
            import sys
            from markdown_it import MarkdownIt
            tokens = MarkdownIt("commonmark").enable("table").parse(sys.stdin.read())
            depth = 0
            for t in tokens:
                if t.type == "bullet_list_open": depth += 1
                elif t.type == "bullet_list_close": depth -= 1
                elif t.type == "fence": print("fence", t.info, repr(t.content))
                elif t.type == "inline" and tokens[tokens.index(t) - 2].type == "list_item_open":
                    print(depth, t.content.split("\\n")[0])
            """
        let read = try PythonTools.run(script, input: markdown)
        #expect(
            read == """
                1 Garden
                2 [ ] NEXT Order seeds
                fence python \(Self.code.debugDescription.replacingOccurrences(of: "\"", with: "'"))
                2 [x] CANCELLED Dig
                2 [x] Fix crash #123
                1 \u{200B}DONE deal

                """)

        // And back: the same document, the same note.
        let copy = OutlineProcess()
        // Told by its content alone, the workflow comment first.
        let imported = try copy.run(["import"], input: markdown)
        #expect(imported.stderr == "imported 5 items from standard input; added NEXT, CANCELLED to the workflow\n")
        #expect(try copy.run(["export"]).stdout == markdown)
        #expect(try copy.run(["note", "Garden/Order seeds"]).stdout == Self.note + "\n")
    }
}
