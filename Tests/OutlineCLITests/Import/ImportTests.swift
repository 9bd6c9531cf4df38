import Foundation
import Testing

/// `import`, end to end: documents that pandoc wrote, what the import adds and undoes, and the
/// files it must refuse whole (SPEC, "Formats").
@Suite("import, end to end")
struct ImportTests {
    let outline = OutlineProcess()

    /// A nested list, in pandoc's Markdown.
    static let nestedList = "- Groceries\n    - Milk\n    - Eggs\n- Work\n    - Launch\n        - Slides\n"
    static let expectedTree = [
        "1\t0\t1\t1\tGroceries\t0", "2\t1\t1\t2\tMilk\t0", "3\t1\t2\t2\tEggs\t0", "4\t0\t2\t1\tWork\t0",
        "5\t4\t1\t2\tLaunch\t0", "6\t5\t1\t3\tSlides\t0",
    ]

    private func pandoc(_ arguments: String, _ input: String) throws -> String {
        let result = try OutlineProcess.run(
            ["sh", "-c", "pandoc " + arguments], input: Data(input.utf8), viaShell: true)
        #expect(result.status == 0, "\(result)")
        return result.stdout
    }

    private func importing(_ document: String, _ arguments: [String] = []) throws -> RunResult {
        try outline.run(["import"] + arguments + ["-"], input: document)
    }

    @Test(arguments: ["gfm", "commonmark", "org", "markdown"])
    func aListPandocWroteImportsAsTheSameTree(format: String) throws {
        let document = try pandoc("-f markdown -t \(format)", Self.nestedList)
        let result = try importing(document, ["--format", format == "org" ? "org" : "markdown"])
        #expect(result.stdout == "1\n4\n", "\(format): \(result)")
        #expect(try outline.tsv() == Self.expectedTree, "\(format):\n\(document)")
    }

    /// pandoc's OPML is made of headings: written from a document of headings, with a note.
    @Test func opmlPandocWroteImportsAsTheSameTree() throws {
        let headings = "# Groceries\n\n## Milk\n\nWhole, not skimmed.\n\n## Eggs\n\n# Work\n\n## Launch\n\n### Slides\n"
        let opml = try pandoc("-s -f markdown -t opml", headings)
        #expect(try importing(opml).stdout == "1\n4\n")
        #expect(try outline.tsv() == Self.expectedTree)
        #expect(try outline.run(["note", "Milk"]).stdout == "Whole, not skimmed.\n")
        // And org headlines with their keywords, as pandoc writes them.
        try outline.run(["rm", "1", "4"])
        let org = try pandoc("-f markdown -t org", "# TODO Plan\n\n## DONE Draft\n\n## Review\n")
        try outline.run(["import", "--format", "org", "-"], input: org)
        #expect(
            try outline.run(["ls", "--tsv"]).lines.map { $0.split(separator: "\t").suffix(2).joined(separator: " ") }
                == [
                    "Plan 0", "Draft 1", "Review 0",
                ])
    }

    @Test func anImportIsOneStepThatUndoRemovesExactly() throws {
        try outline.run(["add", "Inbox", "Other"])
        let file = outline.directory + "/trip.md"
        try "- Rome\n  - [x] Book flights\n  - Pack\n\n    Passport!\n- Naples\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let before = try outline.tsv()
        #expect(try outline.run(["import", file, "--under", "Inbox"]).stdout == "3\n6\n")
        #expect(
            try outline.run(["ls", "Inbox", "--notes"]).stdout
                == "3  Rome\n4  ├─ ✓ Book flights\n5  └─ Pack\n         Passport!\n6  Naples\n")
        #expect(try outline.run(["history", "--limit", "1"]).stdout.hasSuffix("import \"trip.md\" (4 items)\n"))
        #expect(try outline.run(["undo"]).stdout == "undone: import \"trip.md\" (4 items)\n")
        #expect(try outline.tsv() == before)
        #expect(try outline.run(["redo"]).status == 0)
        #expect(try outline.run(["ls", "--tsv", "Inbox"]).lines.count == 4)
        // Another import's ids are new: none of the undone ones is given out again.
        try outline.run(["undo"])
        #expect(try outline.run(["import", file]).stdout == "7\n10\n")
    }

    /// Each file is refused whole with one line that names it and the line, and nothing is added.
    @Test func badFilesAreRefusedWholeAndNamed() throws {
        try outline.run(["add", "Keep"])
        let before = try outline.sqlite(".dump")
        // Twice the limit: the refusal comes at line 501, whatever follows.
        let deep = (0..<1_000).map { String(repeating: "  ", count: $0) + "level \($0)" }.joined(separator: "\n")
        let cases: [(name: String, bytes: [UInt8], message: String)] = [
            (
                "dtd.opml", Array("<?xml version=\"1.0\"?>\n<!DOCTYPE opml [\n<!ENTITY x \"y\">]>\n<opml/>".utf8),
                "dtd.opml line 2: the document declares a DTD or entities, which are refused"
            ),
            (
                "xxe.opml", Array("<?xml version=\"1.0\"?>\n<!DOCTYPE x SYSTEM \"file:///etc/passwd\"><opml/>".utf8),
                "xxe.opml line 2: the document declares a DTD or entities, which are refused"
            ),
            (
                "broken.opml", Array("<opml version=\"2.0\"><body>\n<outline text=\"a\">\n</body></opml>".utf8),
                "broken.opml line 3, column"
            ),
            (
                "bad.md", Array("- fine\n- bad \u{FF}".utf8).map { $0 } + [0xFF],
                "bad.md line 2: the line is not valid UTF-8"
            ),
            ("nul.txt", Array("a\nb\u{0}c\n".utf8), "nul.txt line 2: the file holds a NUL byte"),
            ("deep.txt", Array(deep.utf8), "deep.txt line 501: items nest more than 500 levels deep"),
            (
                "long.md", Array(("- " + String(repeating: "x", count: 70_000)).utf8),
                "long.md line 1: a title of 70000 bytes is longer than the limit of 65536 bytes"
            ),
            (
                "control.md", Array("- a\n- bell \u{7}\n".utf8),
                "control.md line 2: title \"bell \\x07\" holds the control character U+0007"
            ),
            ("empty.md", [], "empty.md holds no items; nothing was added"),
            (
                "note.opml", Array("<opml><body><outline text=\"a\" _note=\"x&#27;y\"/></body></opml>".utf8),
                "note.opml line 1"
            ),
            // libxml2's errors in words, never its own lines on standard error.
            (
                "sjis.opml",
                Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<opml><body><outline text=\"".utf8)
                    + [0x82, 0xA0, 0x81] + Array("\"/></body></opml>\n".utf8),
                "sjis.opml line 1, column 41: the XML is not well-formed: its bytes do not fit the encoding it names"
            ),
            // An encoding neither iconv nor ICU knows: libxml2 asks ICU last (a binary with its
            // own static C library crashed there).
            (
                "nope.opml",
                Array(
                    "<?xml version=\"1.0\" encoding=\"NOPE-9\"?><opml><body><outline text=\"x\"/></body></opml>".utf8),
                "nope.opml line 1, column 38: the XML is not well-formed: it names an encoding that libxml2 does not know"
            ),
            (
                "prefix.opml", Array("<opml><body>\n<outline text=\"a\" z:w=\"2\"/></body></opml>".utf8),
                "prefix.opml line 2, column 26: the XML is not well-formed: "
                    + "a namespace prefix is used that the document does not declare"
            ),
            (
                "huge.opml",
                Array(
                    ("<opml><body><outline text=\"ok\" x=\"" + String(repeating: "z", count: 10_500_000) + "\"/>").utf8),
                "huge.opml line 1, column 13: the XML is not well-formed: "
                    + "a tag, an attribute's value or a name is longer than libxml2 reads (10 MB)"
            ),
            // libxml2 2.9 checks each attribute against every one before it: minutes for 200,000.
            (
                "crowded.opml",
                Array(
                    ("<opml><body>\n<outline text=\"a\" "
                        + (0..<10_001).map { "a\($0)=\"x\"" }.joined(separator: " ") + "/></body></opml>").utf8),
                "crowded.opml line 2: a tag has more than 10,000 attributes, which are refused"
            ),
            (
                "wide.opml", [0xFF, 0xFE, 0x00, 0x00] + Array("<\0\0\0".utf8),
                "wide.opml line 1: the document is in UTF-32, which libxml2 does not read; convert it to UTF-8"
            ),
            // Lines past 65,535 keep their numbers.
            (
                "far.opml",
                Array(
                    ("<opml><body>" + String(repeating: "\n", count: 70_000)
                        + "<outline text=\"\"><outline text=\"y\"/></outline></body></opml>").utf8),
                "far.opml line 70001, column 17: an item without a title holds items or a note; give it a title"
            ),
        ]
        for (name, bytes, message) in cases {
            let path = outline.directory + "/" + name
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            let result = try outline.run(["import", path])
            #expect(result.status == 1, "\(name): \(result)")
            #expect(
                result.stderr.hasPrefix("error: " + outline.directory + "/" + message)
                    || result.stderr.hasPrefix("error: " + message),
                "\(name): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(name): one line")
        }
        #expect(try outline.sqlite(".dump") == before)
        // Several files are one import: one bad file refuses them all.
        let good = outline.directory + "/good.txt"
        try "fine\n".write(toFile: good, atomically: true, encoding: .utf8)
        #expect(try outline.run(["import", good, outline.directory + "/nul.txt"]).status == 1)
        #expect(try outline.sqlite(".dump") == before)
        #expect(try outline.run(["import", outline.directory + "/missing.md"]).stderr.hasPrefix("error: cannot read"))
        #expect(try outline.run(["import", outline.directory]).stderr.hasSuffix("it is a folder\n"))
        // A file past the size limit is refused from its size, unread (a sparse file here).
        let huge = outline.directory + "/huge.txt"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let refused = try outline.run(["import", huge])
        #expect(refused.status == 1 && refused.stderr == "error: \(huge) is larger than 256 MiB; import it in parts\n")
        #expect(try outline.sqlite(".dump") == before)
    }

    /// A title the outline refuses is named with the file and the line in text too, as in the
    /// other formats: the text reader left its titles to the store, whose error named neither.
    @Test func aRefusedTitleInTextNamesTheFileAndTheLine() throws {
        try outline.run(["add", "Keep"])
        let before = try outline.sqlite(".dump")
        let cases = [
            (
                "bell.txt", "fine\n  bell \u{7} here\n",
                "line 2: title \"bell \\x07 here\" holds the control character U+0007; titles are one line of text"
            ),
            (
                "long.txt", "fine\n  " + String(repeating: "x", count: 70_000) + "\n",
                "line 2: a title of 70000 bytes is longer than the limit of 65536 bytes"
            ),
        ]
        for (name, text, message) in cases {
            let path = outline.directory + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let result = try outline.run(["import", path])
            #expect(result.status == 1)
            #expect(result.stderr == "error: \(path) \(message)\n")
        }
        #expect(try outline.sqlite(".dump") == before)
    }

    /// An entity declared inside the document would expand ("billion laughs"): refused unread.
    @Test func entityExpansionIsRefusedBeforeParsing() throws {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            laughs +=
                "<!ENTITY lol\(level) \""
                + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        laughs += "]>\n<opml><body><outline text=\"&lol9;\"/></body></opml>\n"
        let result = try importing(laughs, ["--format", "opml"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: standard input line 2: the document declares a DTD or entities, which are refused\n")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
    }

    /// The parser refuses a DTD where it meets it, after decoding: a document in UTF-16, UTF-7 or
    /// Latin-1 cannot slip its entities past a search for the bytes of `<!DOCTYPE`.
    @Test(arguments: ["UTF-16", "UTF-7", "ISO-8859-1"])
    func aDTDIsRefusedInEveryEncoding(encoding: String) throws {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let declaration = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n"
        let body =
            "<!DOCTYPE opml [\(declarations)\n<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
            + "<opml version=\"2.0\"><body><outline text=\"&lol9; &xxe;\"/></body></opml>\n"
        let path = outline.directory + "/laughs.opml"
        // A UTF-7 document names its encoding in ASCII, which the parser reads before it knows.
        let (plain, encoded) = encoding == "UTF-7" ? (declaration, body) : ("", declaration + body)
        let converted = try OutlineProcess.run(
            ["sh", "-c", "printf '%s' '\(plain)' > '\(path)' && iconv -f UTF-8 -t \(encoding) >> '\(path)'"],
            input: Data(encoded.utf8), viaShell: true)
        #expect(converted.status == 0, "\(converted)")
        let result = try outline.run(["import", path])
        #expect(result.status == 1 && result.signal == nil, "\(result)")
        #expect(result.stderr == "error: \(path) line 2: the document declares a DTD or entities, which are refused\n")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
    }

    /// What only looks like a DTD, in a comment or a CDATA section, is no reason to refuse; a
    /// `<` that starts no tag stays in the title; an `<outline>` with a `title` and no `text`
    /// (a feed list's) is titled by it; one with neither says so.
    @Test func opmlDetailsFromATrialAreReadAsMeant() throws {
        let document = """
            <?xml version="1.0"?>
            <!-- written for <!DOCTYPE html> pages -->
            <opml version="2.0"><head><title><![CDATA[ <!ENTITY x "y"> ]]></title></head><body>
            <outline text="1 &lt; 2 and 3 &gt; 2"/>
            <outline text="&lt;b&gt;bold&lt;/b&gt; text"/>
            <outline type="rss" title="A feed" xmlUrl="https://example.org/feed"/>
            </body></opml>
            """
        let result = try importing(document, ["--format", "opml"])
        #expect(result.status == 0, "\(result)")
        #expect(try outline.tsv().map { $0.split(separator: "\t")[4] } == ["1 < 2 and 3 > 2", "bold text", "A feed"])
        // One with neither holds nothing, and is left out; one that holds items cannot be.
        let untitled = try importing(
            "<opml><body>\n<outline type=\"rss\"/><outline type=\"rss\">\n<outline text=\"x\"/></outline></body></opml>",
            ["--format", "opml"])
        #expect(
            untitled.stderr
                == "error: standard input line 2, column 41: an item without a title holds items or a note; give it a title\n"
        )
    }

    /// Empty bullets and headlines, which Logseq and Workflowy exports hold, are left out when
    /// nothing is under them; one that holds items or a note is refused, its line named, and
    /// nothing is added.
    @Test(arguments: [
        ("markdown", "- Plan\n- \n  - [ ] \n- Ship\n-\n", "- Keep\n- \n  - Orphan\n", 2),
        ("org", "* Plan\n* \n** TODO \n* Ship\n*\n", "* Keep\n* \n** Orphan\n", 2),
        (
            "opml", "<opml><body><outline text=\"Plan\"/><outline text=\"\"/><outline text=\"Ship\"/></body></opml>",
            "<opml><body><outline text=\"Keep\"/>\n<outline text=\"\" _note=\"n\"/></body></opml>", 2
        ),
    ])
    func emptyItemsAreLeftOutWhenTheyHoldNothing(format: String, empty: String, holding: String, line: Int) throws {
        let result = try importing(empty, ["--format", format])
        #expect(result.status == 0, "\(result)")
        #expect(try outline.tsv().map { $0.split(separator: "\t")[4] } == ["Plan", "Ship"])
        let refused = try importing(holding, ["--format", format])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: standard input line \(line)"), "\(refused)")
        #expect(refused.stderr.hasSuffix("an item without a title holds items or a note; give it a title\n"))
        #expect(try outline.tsv().count == 2)
    }

    /// An empty item that holds a state or attributes (an issue template's empty `- [ ]`, an
    /// empty Logseq block with an `id::`) is left out as one that holds nothing is, but counted
    /// as a loss: the import says so, and `--strict` refuses it, naming its line.
    @Test(arguments: [
        (
            "markdown",
            "- a\n-\n  id:: 6571a0f2-3c1e-4b8a-9d2e-1f0a2b3c4d5e\n  collapsed:: true\n- [ ]\n- [x]\n- \n", 2, 3
        ),
        ("org", "* a\n* \n:PROPERTIES:\n:ID: x\n:END:\n* TODO \n** DONE \n* \n", 2, 3),
        (
            "opml",
            "<opml><body><outline text=\"a\"/>\n<outline text=\"\" _complete=\"true\"/>\n"
                + "<outline text=\"\" color=\"1\"/><outline text=\"\"/></body></opml>", 2, 2
        ),
    ])
    func emptyItemsHoldingAStateOrAttributesAreCounted(format: String, document: String, line: Int, count: Int)
        throws
    {
        let refused = try importing(document, ["--format", format, "--strict"])
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.stderr
                == "error: standard input line \(line): left out \(count) empty items with a state or attributes "
                + "(--strict refuses what would be lost); nothing was added\n")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
        let result = try importing(document, ["--format", format])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr
                == "imported 1 item from standard input; left out \(count) empty items with a state or attributes\n")
        #expect(try outline.tsv().map { $0.split(separator: "\t")[4] } == ["a"])
    }

    /// An encoding that only ICU knows (Debian's libxml2 asks it when iconv does not): Mac Roman's
    /// 0x8E is é.
    @Test func anEncodingOnlyICUKnowsImports() throws {
        let path = outline.directory + "/mac.opml"
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"x-mac-roman\"?>\n<opml><body><outline text=\"caf".utf8) + [0x8E]
            + Array("\"/></body></opml>\n".utf8)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let result = try outline.run(["import", path])
        #expect(result.status == 0, "\(result)")
        #expect(try outline.run(["ls", "--tsv"]).stdout == "1\t0\t1\t1\tcafé\t0\n")
    }

    /// A UTF-16 document is OPML by its bytes, from standard input or under any name.
    @Test func aUTF16DocumentIsKnownAsOPMLByItsBytes() throws {
        let document =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<opml><body><outline text=\"Zoë\"/></body></opml>\n"
        for target in ["UTF-16", "UTF-16LE", "UTF-16BE"] {
            let path = outline.directory + "/list-\(target).xml"
            let converted = try OutlineProcess.run(
                ["sh", "-c", "iconv -f UTF-8 -t \(target) > '\(path)'"], input: Data(document.utf8), viaShell: true)
            #expect(converted.status == 0, "\(converted)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let piped = try OutlineProcess.run(["--db", outline.database, "import"], input: bytes)
            #expect(piped.status == 0, "\(target): \(piped)")
            #expect(try outline.run(["import", path]).status == 0, "\(target)")
        }
        #expect(try outline.tsv().map { $0.split(separator: "\t")[4] } == Array(repeating: "Zoë", count: 6))
    }

    /// A document past 10 MB imports: given to libxml2 whole, it met the parser's limit on how far
    /// it looks ahead ("Huge input lookup"), and an export of a big outline could not come back.
    @Test func aDocumentPastTenMegabytesImports() throws {
        let padding = String(repeating: "<x a=\"" + String(repeating: "y", count: 90) + "\"/>\n", count: 120_000)
        let path = outline.directory + "/padded.opml"
        let document = "<opml version=\"2.0\"><head>" + padding + "</head><body><outline text=\"a\"/></body></opml>\n"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(document.utf8)))
        let result = try outline.run(["import", path])
        #expect(result.status == 0 && result.stdout == "1\n", "\(result)")
    }
}
