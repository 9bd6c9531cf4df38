import Foundation
import Testing

/// `export` in each format, byte for byte, and read back by tools nobody here wrote: pandoc and
/// cmark-gfm for Markdown, xmllint and pandoc for OPML, pandoc for org (SPEC, "Formats").
@Suite("export, checked against pandoc, cmark-gfm and xmllint")
struct ExportTests {
    let outline = OutlineProcess()

    /// 1 Groceries (3 Milk (5 Oat milk), 4 Eggs [done, note]), 2 Work
    private func makeOutline() throws {
        try outline.run(["add", "Groceries", "Work"])
        try outline.run(["add", "Milk", "Eggs", "--under", "Groceries"])
        try outline.run(["add", "Oat milk", "--under", "Groceries/Milk"])
        try outline.run(["done", "Eggs"])
        try outline.run(["note", "Eggs", "Free range\n  six of them"])
    }

    private func export(_ arguments: [String]) throws -> String {
        let result = try outline.run(["export"] + arguments)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)")
        return result.stdout
    }

    @Test func eachFormatAsSpecDescribesIt() throws {
        try makeOutline()
        #expect(
            try export([]) == """
                - Groceries
                  - Milk
                    - Oat milk
                  - [x] Eggs

                    Free range
                      six of them
                - Work

                """)
        #expect(try export(["--tasks", "Groceries/Milk"]) == "- [ ] Oat milk\n")
        // The done time is the clock's: shown here as T.
        #expect(
            try export(["--format", "opml", "Groceries"]).replacing(/_done_at="[0-9T:Z-]+"/, with: "_done_at=\"T\"")
                == """
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="2.0">
                  <head>
                    <title>Groceries</title>
                  </head>
                  <body>
                    <outline text="Milk">
                      <outline text="Oat milk"/>
                    </outline>
                    <outline text="Eggs" _note="Free range&#10;  six of them" _complete="true" _state="DONE" _done_at="T"/>
                  </body>
                </opml>

                """)
        #expect(
            try export(["--format", "org"]).replacing(
                /CLOSED: \[\d{4}-\d\d-\d\d [A-Z][a-z]{2} \d\d:\d\d\]/, with: "CLOSED: [(time)]") == """
                    * Groceries
                    ** Milk
                    *** Oat milk
                    ** DONE Eggs
                    CLOSED: [(time)]
                    Free range
                      six of them
                    * Work

                    """)
        // An item without children writes an empty document (and says so on standard error).
        let leaf = try outline.run(["export", "--format", "org", "--tasks", "Work"])
        #expect(leaf.status == 0 && leaf.stdout.isEmpty, "\(leaf)")
        #expect(try export(["--format", "text"]) == "Groceries\n  Milk\n    Oat milk\n  Eggs\nWork\n")
        #expect(try export(["--format", "json"]) == outline.run(["ls", "--json"]).stdout)
        #expect(try export(["--json"]) == outline.run(["ls", "--json"]).stdout)
        #expect(try export(["--open", "--format", "text"]) == "Groceries\n  Milk\n    Oat milk\nWork\n")
    }

    /// Titles that Markdown would otherwise read as structure or markup, and notes with lines that
    /// it would read as structure. (A note is Markdown, written as it is: its inline markup is the
    /// reader's to render, so the notes here hold none.)
    static let awkwardTitles = [
        "# not a heading", "- not a bullet", "+ plus", "* star", "1. numbered", "2) also", "[ ] box", "[x] checked",
        "> quote", "= equals", "*emphasis* and _this_", "`code`", "<div>html</div>", "&amp; an entity", "a & b < c",
        "\"quoted\" 'single'", #"back\slash"#, #"trailing\"#, "ends #12", "***", "---", "```", "~~~strike~~~", "a | b",
        "[link](http://example.com)", "![image](x.png)", "<http://auto.link>", "שלום עולם", "emoji 🎉 👩‍👩‍👧",
        "100%", "x_y_z", "2026", "a &\u{301} b <\u{301} c",
    ]

    private func makeAwkwardOutline() throws {
        try outline.run(["add", "Awkward"])
        try outline.run(["add", "--under", "1", "--"] + Self.awkwardTitles)
        try outline.run(["add", "--under", "2", "--", "child of a heading look-alike", "- and another"])
        try outline.run(["done", "3", "5", "8"])
        try outline.run(["note", "2", "first line\n- not a list\n# not a heading\n\nsecond paragraph"])
        try outline.run(["note", "6", "=== underline?\n    indented code?"])
    }

    /// What `ls --json` says, as a document reader would see it.
    private func ourTree() throws -> [DocumentNode] {
        try DocumentNode.fromListing(outline.run(["ls", "--json"]).stdout)
    }

    private func run(_ command: String, input: String) throws -> Data {
        let result = try OutlineProcess.run(["sh", "-c", command], input: Data(input.utf8), viaShell: true)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        return Data(result.stdout.utf8)
    }

    @Test func pandocAndCmarkGfmReadTheMarkdownAsTheSameTree() throws {
        try makeAwkwardOutline()
        let markdown = try export(["--tasks"])
        let ours = try ourTree()
        let pandoc = try DocumentNode.fromPandocLists(run("pandoc -f gfm -t json", input: markdown))
        #expect(pandoc == ours, "pandoc read:\n\(pandoc.map(\.description).joined(separator: "\n"))")
        // Plain CommonMark has no task lists: a done item's marker is text to it.
        func markingDone(_ nodes: [DocumentNode]) -> [DocumentNode] {
            nodes.map { node in
                var node = node
                if node.done == true { node.title = "[x] " + node.title }
                node.done = nil
                node.children = markingDone(node.children)
                return node
            }
        }
        let commonmark = try DocumentNode.fromPandocLists(run("pandoc -f commonmark -t json", input: export([])))
        #expect(commonmark == markingDone(ours), "\(commonmark)")
        let cmark = try DocumentNode.fromCmarkXML(run("cmark-gfm -e tasklist -t xml", input: markdown))
        #expect(cmark.map { $0.states(true, defaultDone: false) } == ours, "cmark-gfm read:\n\(cmark)")
    }

    /// What pandoc's own Markdown reads as markup where CommonMark reads text (issue 31):
    /// superscript (`x^2^`), subscript (`H~2~O`), TeX math between `$`s; and GFM's
    /// strikethrough. Titles and notes holding them are escaped so that pandoc's Markdown and
    /// GFM readers and cmark-gfm read them as written, and import gives them back exactly.
    static let pandocMarkupTitles = [
        "x^2^ and y^3^", "H~2~O", "~~strike~~", "costs $5 and $6", "$a$ or $b$", #"a\\b"#, #"a\b"#, "$$x$$",
        "2^10^ = 1024", "~sub~", "$x$", "ends in $", "^start", "e^iπ^",
    ]

    @Test func pandocsOwnMarkdownReadsSuperscriptSubscriptAndMathAsText() throws {
        try outline.run(["add", "Markup"])
        try outline.run(["add", "--under", "1", "--"] + Self.pandocMarkupTitles)
        try outline.run(["note", "2", "area x^2^ m, H~2~O,\n$a$ or $b$ and ~~gone~~"])
        try outline.run(["done", "3"])
        let markdown = try export(["--tasks"])
        // A note is Markdown, written as it is (SPEC, "Notes are kept exactly"): its markup is
        // the readers' to render, and only the titles are held to the text.
        let titles = try ourTree().map(\.withoutNotes)
        for reader in ["pandoc -f markdown -t json", "pandoc -f gfm -t json"] {
            let read = try DocumentNode.fromPandocLists(run(reader, input: markdown)).map(\.withoutNotes)
            #expect(read == titles, "\(reader) read:\n\(read.map(\.description).joined(separator: "\n"))")
        }
        let cmark = try DocumentNode.fromCmarkXML(
            run("cmark-gfm -e strikethrough -e tasklist -t xml", input: markdown))
        #expect(
            cmark.map { $0.states(true, defaultDone: false).withoutNotes } == titles, "cmark-gfm read:\n\(cmark)")
        // Import takes the escapes away: the same titles and notes, and the same document again.
        let copy = OutlineProcess()
        // (Without --tasks: `- [ ]` is an open task, TODO, where these items are plain.)
        let imported = try copy.run(["import", "-", "--format", "markdown"], input: try export([]))
        #expect(imported.status == 0, "\(imported)")
        // Markdown carries whether an item is done, not when: the times are the import's own.
        func listing(_ process: OutlineProcess) throws -> String {
            try process.run(["ls", "--json"]).stdout.replacing(/"done_at":"[^"]*"/, with: #""done_at":"(time)""#)
        }
        #expect(try listing(copy) == listing(outline))
        #expect(try copy.run(["export", "--tasks"]).stdout == markdown)
    }

    /// A title with a line break or a control character, which only a file edited outside outline
    /// has, would break the lines of the other formats, or reach a terminal: refused with the
    /// item named, as OPML refuses it. JSON escapes it. C1 controls and U+2028 are caught too,
    /// and the characters next to them in UTF-8 are written.
    @Test(arguments: ["markdown", "org", "text"])
    func lineFormatsRefuseWhatALineCannotHold(format: String) throws {
        try outline.run(["add", "fine \u{A0}\u{2030}\u{20AC}", "second"])
        for (sql, code) in [
            ("'red' || char(27) || '[31mX' || char(10) || 'y'", "001B"), ("'a' || char(133) || 'b'", "0085"),
            ("'a' || char(8232) || 'b'", "2028"), ("'a' || char(9) || 'b'", "0009"),
        ] {
            try outline.sqlite("UPDATE item SET title = \(sql) WHERE id = 2")
            let refused = try outline.run(["export", "--format", format])
            #expect(refused.status == 1, "\(format) \(code)")
            #expect(
                refused.stderr == "error: item 2 holds the character U+\(code), which \(format) cannot hold "
                    + "(the file was edited outside outline)\n", "\(refused)")
            #expect(try outline.run(["export", "--format", "json"]).status == 0)
        }
        try outline.sqlite("UPDATE item SET title = 'second' WHERE id = 2")
        #expect(try export(["--format", format]).contains("fine \u{A0}\u{2030}\u{20AC}"))
    }

    /// Characters XML 1.0 cannot hold, which only a file edited outside outline has, are refused
    /// with the item named; the ones next to them in UTF-8 (U+FFFD, U+FFBE) are written.
    @Test func opmlRefusesWhatXMLCannotHold() throws {
        try outline.run(["add", "fine \u{FFFD}\u{FFBE}", "second"])
        try outline.sqlite("UPDATE item SET title = 'bell' || char(7) WHERE id = 2")
        let bell = try outline.run(["export", "--format", "opml"])
        #expect(bell.status == 1)
        #expect(bell.stderr.hasPrefix("error: item 2 holds the character U+0007, which opml cannot hold"), "\(bell)")
        for (value, name) in [(0xFFFE, "FFFE"), (0xFFFF, "FFFF")] {
            try outline.sqlite("UPDATE item SET title = 'x' || char(\(value)) || 'y' WHERE id = 2")
            let refused = try outline.run(["export", "--format", "opml"])
            #expect(refused.stderr.hasPrefix("error: item 2 holds the character U+\(name), which opml cannot hold"))
        }
        try outline.sqlite("UPDATE item SET title = 'second' WHERE id = 2")
        let written = try export(["--format", "opml"])
        #expect(written.contains("<outline text=\"fine \u{FFFD}\u{FFBE}\"/>"), "\(written)")
    }

    @Test func opmlIsWellFormedAndPandocReadsTheSameTree() throws {
        try makeAwkwardOutline()
        let opml = try export(["--format", "opml"])
        let lint = try OutlineProcess.run(["sh", "-c", "xmllint --noout -"], input: Data(opml.utf8), viaShell: true)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint)")
        // Without pandoc's smart typography, which would read --- as a dash.
        let pandoc = try DocumentNode.fromPandocHeaders(run("pandoc -f opml-smart -t json", input: opml))
        // pandoc reads _note as Markdown and knows no _complete: compare titles and nesting.
        #expect(pandoc.map(\.withoutNotes) == (try ourTree()).map { $0.withoutNotes.states(false) }, "\(pandoc)")
    }

    /// With every attribute written as an `_` attribute, the OPML is still well-formed, and
    /// pandoc, which knows none of them, still reads the same titles and nesting.
    @Test func opmlWithEveryAttributeIsWellFormedAndPandocReadsTheSameTree() throws {
        try makeAwkwardOutline()
        try outline.run(["workflow", "TODO NEXT | DONE CANCELLED"])
        try outline.run([
            "set", "2", "4", "--state", "NEXT", "--tag", "home", "--tag", "@phone", "--due", "2026-12-01 14:30 +1w",
            "--scheduled", "2026-11-30", "--priority", "A", "--property", "Effort=2h <&> \"quoted\"",
        ])
        try outline.run(["set", "5", "--property", "Ünïcode_key-2=ok", "--property", "context=home office"])
        let opml = try export(["--format", "opml"])
        #expect(
            opml.contains(#" _state="NEXT" _tags="home @phone" _scheduled="2026-11-30" _due="2026-12-01 14:30 +1w""#))
        #expect(
            opml.contains(#"_Effort="2h &lt;&amp;&gt; &quot;quoted&quot;""#) && opml.contains(#"_Ünïcode_key-2="ok""#))
        let lint = try OutlineProcess.run(["sh", "-c", "xmllint --noout -"], input: Data(opml.utf8), viaShell: true)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint)")
        let pandoc = try DocumentNode.fromPandocHeaders(run("pandoc -f opml-smart -t json", input: opml))
        #expect(pandoc.map(\.withoutNotes) == (try ourTree()).map { $0.withoutNotes.states(false) }, "\(pandoc)")
    }

    /// A property key that no XML attribute name can hold (Unicode calls the circled letters
    /// alphabetic; XML's names leave them out) is refused with the item named, not written
    /// into a file no reader would take.
    @Test func opmlRefusesAPropertyKeyThatIsNoXMLName() throws {
        try outline.run(["add", "x", "--property", "Ⓐkey=1"])
        let refused = try outline.run(["export", "--format", "opml"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("item 1 cannot be exported as OPML"), "\(refused)")
    }

    /// Org has no escape character and reads markup (`*bold*`) and entities (`\alpha`) in any
    /// text: these titles hold none, but hold what would change the tree or the states.
    @Test func pandocReadsTheOrgFileAsTheSameTree() throws {
        try outline.run(["add", "Org"])
        try outline.run([
            "add", "--under", "1", "--", "TODO looks like a keyword", "DONE too", "COMMENT not a comment",
            "[#A] not a priority", "Meeting :work:urgent:", "plain", "# hash", "100 %", "2026",
        ])
        try outline.run(["add", "--under", "4", "--", "child"])
        try outline.run(["done", "3", "6"])
        // Lines that would reach beyond the note; a list or a table in a note stays one (SPEC,
        // "Notes are kept exactly"), which OrgEmacsReferenceTests checks against org-mode.
        try outline.run(["note", "5", "* not a headline\n:not: a drawer\n#+TITLE: no"])
        let org = try export(["--format", "org", "--tasks"])
        let pandoc = try DocumentNode.fromPandocHeaders(run("pandoc -f org -t json", input: org))
        // The zero-width spaces that break org's readings are part of the text pandoc sees.
        func plain(_ nodes: [DocumentNode]) -> [DocumentNode] {
            nodes.map { node in
                var node = node
                node.title = node.title.replacingOccurrences(of: "\u{200B}", with: "")
                node.note = node.note?.replacingOccurrences(of: "\u{200B}", with: "")
                node.children = plain(node.children)
                return node
            }
        }
        #expect(plain(pandoc) == (try ourTree()), "pandoc read:\n\(pandoc.map(\.description).joined(separator: "\n"))")
    }

    @Test func refusals() throws {
        try makeOutline()
        let cases: [([String], Int32, String)] = [
            (
                ["export", "--format", "pdf"], 64,
                "error: the value 'pdf' is invalid for '--format <format>'. Please provide one of the following: "
                    + "markdown, opml, org, text, json, taskwarrior (see 'outline export --help')\n"
            ),
            (
                ["import", "--format", "pdf", "x"], 64,
                "error: the value 'pdf' is invalid for '--format <format>'. Please provide one of the following: "
                    + "markdown, opml, org, text, json, taskwarrior (see 'outline import --help')\n"
            ),
            (["export", "Nothing"], 1, "error: no item titled \"Nothing\"\n"),
            (["export", "--json", "--format", "opml"], 64, "error: --json writes JSON; use --format json"),
        ]
        for (arguments, status, message) in cases {
            let result = try outline.run(arguments)
            #expect(result.status == status && result.stderr.hasPrefix(message), "\(arguments): \(result)")
        }
        // The help names the values once.
        let help = try outline.run(["export", "--help"]).stdout
        #expect(help.components(separatedBy: "taskwarrior.").count == 1, "\(help)")
        // A character XML cannot hold, which only an edit outside outline can store, is refused
        // with the item named, rather than written into a document no reader would take.
        try outline.sqlite("UPDATE item SET title = 'bell' || char(7) WHERE id = 2")
        let refused = try outline.run(["export", "--format", "opml"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: item 2 holds the character U+0007, which opml cannot hold (the file was edited outside outline)\n"
        )
    }
}
