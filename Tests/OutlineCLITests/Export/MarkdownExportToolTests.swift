import Foundation
import Testing

/// What GitHub's renderer (cmark-gfm and its autolink extension) and pandoc make of a Markdown
/// export whose titles hold web addresses and whose notes hold HTML (SPEC, "Formats", markdown
/// and "Notes are kept exactly").
@Suite("Markdown export: web addresses and HTML in notes, as cmark-gfm and pandoc read them")
struct MarkdownExportToolTests {
    let outline = OutlineProcess()

    private func run(_ command: String, input: String) throws -> String {
        let result = try OutlineProcess.run(["sh", "-c", command], input: Data(input.utf8), viaShell: true)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        return result.stdout
    }

    private func export() throws -> String {
        let result = try outline.run(["export"])
        #expect(result.status == 0, "\(result)")
        return result.stdout
    }

    /// The export imported into an empty outline and exported again: the same bytes.
    private func expectRoundTrip(_ markdown: String) throws {
        let copy = OutlineProcess()
        let imported = try copy.run(["import", "-", "--format", "markdown"], input: markdown)
        #expect(imported.status == 0, "\(imported)")
        #expect(try copy.run(["export"]).stdout == markdown)
        #expect(try copy.run(["ls", "--json"]).stdout == outline.run(["ls", "--json"]).stdout)
    }

    /// Every reader reads each title as it is; with `linkedExactly` false, cmark-gfm's autolink
    /// shows the backslashes an address needs, and no markup.
    private func expectTitlesRead(_ titles: [String], linkedExactly: Bool = true) throws {
        let markdown = try export()
        // Markdown without task boxes says nothing of the state.
        let ours = try DocumentNode.fromListing(outline.run(["ls", "--json"]).stdout).map { $0.states(false) }
        #expect(ours.map(\.title) == titles)
        for reader in ["pandoc -f gfm", "pandoc -f markdown-smart", "pandoc -f commonmark"] {
            let read = try DocumentNode.fromPandocLists(Data(run(reader + " -t json", input: markdown).utf8))
            #expect(
                read.map { $0.states(false) } == ours,
                "\(reader) read:\n\(read.map(\.description).joined(separator: "\n"))")
        }
        for extensions in ["", "-e strikethrough", "-e autolink", "-e autolink -e strikethrough"] {
            let read = try DocumentNode.fromCmarkXML(Data(run("cmark-gfm \(extensions) -t xml", input: markdown).utf8))
            var titles = read.map(\.title)
            if !linkedExactly, extensions.contains("autolink") {
                titles = titles.map { $0.replacingOccurrences(of: "\\", with: "") }
            }
            #expect(titles == ours.map(\.title), "cmark-gfm \(extensions) read:\n\(read)")
        }
        try expectRoundTrip(markdown)
    }

    /// GitHub's autolink takes an address as written, backslashes and all (`Foo\_(bar)` linked
    /// to `Foo%5C_(bar)`): addresses are written without the escapes no reader needs.
    @Test func gitHubLinksAddressesInTitlesToTheExactAddress() throws {
        let addresses = [
            "https://en.wikipedia.org/wiki/Foo_(bar)", "https://example.com/~user/page_one",
            "https://example.com/a*b", "https://example.com/p?a=b&c=d#top", "www.example.com/x_(y)",
            "http://example.com/a_b_c~d", "https://example.com/search?q=a|b&x=1",
        ]
        try outline.run(["add", "--"] + addresses + ["*Read* https://example.com/snake_case_name and ~this~"])
        try expectTitlesRead(addresses + ["*Read* https://example.com/snake_case_name and ~this~"])
        let html = try run("cmark-gfm -e autolink", input: try export())
        for address in addresses {
            let text = address.replacingOccurrences(of: "&", with: "&amp;")
            let href = (address.hasPrefix("www.") ? "http://" : "") + text.replacingOccurrences(of: "|", with: "%7C")
            #expect(html.contains("<li><a href=\"\(href)\">\(text)</a></li>"), "\(address):\n\(html)")
        }
        #expect(
            html.contains(
                #"<li>*Read* <a href="https://example.com/snake_case_name">https://example.com/snake_case_name</a> and ~this~</li>"#
            ), "\(html)")
    }

    /// Where a reader that does not link addresses would read markup inside one (emphasis
    /// between `/_`s, pandoc's subscript between `~`s, math between `$`s), an `http://` or
    /// `https://` address is written as an autolink, `<https://example.com/a/_b_/c>`: every
    /// reader reads the title as it is, and GitHub shows and links the address exactly, with no
    /// backslash.
    @Test func addressesHoldingMarkupPairsAreStillReadAsWritten() throws {
        let titles = [
            "https://example.com/a/_b_/c", "https://example.com/~a/~b", "https://example.com/a*b*c",
            "https://example.com/$x$ and https://example.com/^y^", "https://example.com/*;?*",
            "https://example.com/`code` and https://example.com/a<b",
            "https://example.com/_a and https://example.com/b_",
            "https://example.com/x=[1]", "see https://en.wikipedia.org/wiki/_Foo_(bar).",
        ]
        try outline.run(["add", "--"] + titles)
        try expectTitlesRead(titles)
        let html = try run("cmark-gfm -e autolink -e strikethrough", input: try export())
        #expect(!html.contains("%5C") && !html.contains("\\"), "\(html)")
        #expect(
            html.contains(
                #"see <a href="https://en.wikipedia.org/wiki/_Foo_(bar)">https://en.wikipedia.org/wiki/_Foo_(bar)</a>."#
            ),
            "\(html)")
    }

    /// GitHub's autolink leaves an entity-like end (`&amp;`, `&foo;`) out of the link and links
    /// `ftp://` addresses too: written with a backslash before the `&`, or with the escapes
    /// of a text that is not an address, those showed it. An `http(s)://` or `ftp://` address
    /// ending so is an autolink with the entity escaped after it, and an `ftp://` address is
    /// written as the others are: cmark-gfm, as GitHub renders, shows each title exactly.
    @Test func gitHubShowsAddressesEndingInAnEntityAndFTPAddressesExactly() throws {
        let titles = [
            "see https://example.com/p?x&amp;", "https://example.com/a_b&foo;.", "http://example.com/q?a=1&lt;",
            "ftp://files.example.org/pub/a_b_c.tar.gz", "ftp://example.org/_private_/file",
            "get ftp://example.org/x~y&amp;, then",
        ]
        try outline.run(["add", "--"] + titles)
        try expectTitlesRead(titles)
        let markdown = try export()
        #expect(markdown.contains("- see <https://example.com/p?x>\\&amp;\n"), "\(markdown)")
        #expect(markdown.contains("- ftp://files.example.org/pub/a_b_c.tar.gz\n"), "\(markdown)")
        let html = try run("cmark-gfm -e autolink -e strikethrough", input: markdown)
        #expect(!html.contains("%5C") && !html.contains("\\"), "\(html)")
        for (href, after) in [
            ("https://example.com/p?x", "&amp;amp;"), ("https://example.com/a_b", "&amp;foo;."),
            ("http://example.com/q?a=1", "&amp;lt;"), ("ftp://files.example.org/pub/a_b_c.tar.gz", ""),
            ("ftp://example.org/_private_/file", ""), ("ftp://example.org/x~y", "&amp;amp;, then"),
        ] {
            #expect(html.contains("<a href=\"\(href)\">\(href)</a>\(after)"), "\(href):\n\(html)")
        }
    }

    /// A `www.` address has no autolink form, and one holding an entity (`&amp;`) is read
    /// differently inside one by pandoc and cmark-gfm: those keep their backslashes, which
    /// GitHub shows, and every reader still reads the title as it is.
    @Test func addressesWithoutAnAutolinkFormKeepTheirBackslashes() throws {
        let titles = ["www.example.com/a/_b_/c", "https://example.com/a&amp;_b_", "www.example.com/a&amp;b"]
        try outline.run(["add", "--"] + titles)
        try expectTitlesRead(titles, linkedExactly: false)
    }

    /// HTML in a note: a `<details>` block (which ends only at a blank line), a closing tag
    /// at the note's end, a comment the note never closes, and a closed one.
    static let htmlNotes = [
        "<details>\n<summary>More</summary>\n\nhidden\n</details>", "some text\n</div>",
        "text\n<!-- unclosed\nmore", "<!-- closed\n- not an item\n-->", "<?php echo 1;\n<pre>\n<![CDATA[ x",
    ]

    /// A note's HTML block never swallows the item's children: cmark-gfm (with raw HTML on, as
    /// GitHub renders it) and pandoc's GFM and CommonMark readers see each child as a list item,
    /// the HTML the note closes stays HTML, and import gives the notes back exactly.
    @Test func htmlInANoteEndsWithTheNote() throws {
        for (index, note) in Self.htmlNotes.enumerated() {
            try outline.run(["add", "Parent \(index)"])
            try outline.run(["note", "Parent \(index)", "--", note])
            try outline.run(["add", "Child \(index)", "--under", "Parent \(index)"])
        }
        let markdown = try export()
        #expect(
            markdown.hasPrefix(
                "- Parent 0\n\n  <details>\n  <summary>More</summary>\n\n  hidden\n  </details>\n\n  - Child 0\n"))
        #expect(markdown.contains("  text\n  \\<!-- unclosed\n  more\n  - Child 2\n"))
        let tree = (0..<Self.htmlNotes.count).map {
            DocumentNode(title: "Parent \($0)", children: [DocumentNode(title: "Child \($0)")])
        }
        for reader in ["pandoc -f gfm", "pandoc -f commonmark", "pandoc -f markdown"] {
            let read = try DocumentNode.fromPandocLists(Data(run(reader + " -t json", input: markdown).utf8))
            #expect(read.map(\.withoutNotes) == tree, "\(reader) read:\n\(read)")
        }
        let cmark = try DocumentNode.fromCmarkXML(Data(run("cmark-gfm --unsafe -t xml", input: markdown).utf8))
        #expect(cmark.map(\.withoutNotes) == tree, "cmark-gfm read:\n\(cmark)")
        let html = try run("cmark-gfm --unsafe", input: markdown)
        #expect(html.contains("<details>\n<summary>More</summary>\n<p>hidden</p>\n</details>\n<ul>\n<li>Child 0</li>"))
        #expect(html.contains("<!-- closed\n\\- not an item\n-->\n<ul>\n<li>Child 3</li>"))
        #expect(html.contains("<p>text\n&lt;!-- unclosed\nmore</p>"))
        try expectRoundTrip(markdown)
    }
}
