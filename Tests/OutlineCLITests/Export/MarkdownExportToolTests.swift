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
    /// between `/_`s, pandoc's subscript between `~`s, math between `$`s), the opener keeps its
    /// backslash: every reader still reads the title as it is.
    @Test func addressesHoldingMarkupPairsAreStillReadAsWritten() throws {
        let titles = [
            "https://example.com/a/_b_/c", "https://example.com/~a/~b", "https://example.com/a*b*c",
            "https://example.com/$x$ and https://example.com/^y^", "https://example.com/*;?*",
            "https://example.com/`code` and www.example.com/a&amp;b",
            "https://example.com/_a and https://example.com/b_", "https://example.com/x=[1]",
        ]
        try outline.run(["add", "--"] + titles)
        try expectTitlesRead(titles, linkedExactly: false)
    }
}
