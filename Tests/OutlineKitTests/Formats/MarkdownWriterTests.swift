import Foundation
import OutlineKit
import Testing

/// `MarkdownWriter` byte for byte: where keywords, the workflow, attribute lines and protected
/// titles and note lines go (SPEC, "Formats", markdown).
@Suite("Writing Markdown: keywords, attribute lines and protection")
struct MarkdownWriterTests {
    private func export(_ store: OutlineStore, tasks: Bool = false) throws -> String {
        var writer = MarkdownWriter(workflow: try store.workflow(), marksOpenTasks: tasks)
        try writer.begin(title: nil)
        try store.walk(readingAttributes: true, enter: { try writer.enter($0) }, leave: { writer.leave($0) })
        writer.end()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func set(_ store: OutlineStore, _ id: ItemID, _ body: (inout AttributeChange) -> Void) throws {
        var change = AttributeChange()
        body(&change)
        try store.setAttributes([id], change)
    }

    @Test func keywordsWorkflowAndAttributeLines() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        try store.setWorkflow(try Workflow(parsing: "TODO NEXT | DONE CANCELLED"))
        let ids = try store.add(["Call Ann", "Trip", "Pay", "TODO list", "Heading later"]).ids
        try set(store, ids[0]) { $0.state = .keyword("NEXT") }
        try set(store, ids[1]) { $0.state = .keyword("CANCELLED") }
        try set(store, ids[2]) {
            $0.state = .keyword("TODO")
            $0.addedTags = ["home", "errands"]
            $0.scheduled = .some(TaskDate(day: CalendarDay(iso: "2026-12-04")!, repeater: Repeater("++2d")))
            $0.priority = .some(.b)
            $0.properties = [("Effort", "2h")]
        }
        try set(store, ids[4]) { $0.properties = [("id", "x"), ("heading", "3")] }
        try store.setNote(
            ids[2], to: "1. step\n2) step\n#tag is text\n# heading\nid:: 1\nSCHEDULED: <2026-01-01>\nC\\C++")
        #expect(
            try export(store) == """
                <!-- workflow: TODO NEXT | DONE CANCELLED -->

                - [ ] NEXT Call Ann
                - [x] CANCELLED Trip
                - [ ] Pay
                  tags:: home, errands
                  scheduled:: <2026-12-04 Fri ++2d>
                  priority:: B
                  Effort:: 2h

                  1\\. step
                  2\\) step
                  #tag is text
                  \\# heading
                  id\\:: 1
                  SCHEDULED\\: <2026-01-01>
                  C\\\\C++
                - \u{200B}TODO list
                - Heading later
                  id:: x
                  heading:: 3

                """)
        #expect(try export(store, tasks: true).contains("- [ ] \u{200B}TODO list\n- [ ] Heading later\n"))
    }

    /// Inside a web address a character is escaped only where a reader that does not link the
    /// address would read markup (GitHub's autolink takes the backslash into the link): an `_`
    /// inside a word, a lone `*` or `~`, `&` before no entity, `#`, `(` and `)` go bare; an
    /// `http(s)://` address holding a pair that could open (`/_b_/`, `~a/~b`) is an autolink,
    /// `<...>`, with what GitHub leaves out of the link after it, escaped; a `www.` address, or
    /// one holding an entity, keeps the escape on the pair's opener; the text around the
    /// address is escaped as before.
    @Test(arguments: [
        ("https://en.wikipedia.org/wiki/Foo_(bar)", "https://en.wikipedia.org/wiki/Foo_(bar)"),
        ("*see* https://example.com/a*b_c~d", #"\*see\* https://example.com/a*b_c~d"#),
        ("https://example.com/p?a=b&c=d#top", "https://example.com/p?a=b&c=d#top"),
        ("https://example.com/p?x&amp;y", #"https://example.com/p?x\&amp;y"#),
        ("www.example.com/x_(y) and HTTPS://EXAMPLE.COM/_z", #"www.example.com/x_(y) and HTTPS://EXAMPLE.COM/_z"#),
        ("https://example.com/a/_b_/c", "<https://example.com/a/_b_/c>"),
        ("www.example.com/a/_b_/c", #"www.example.com/a/\_b_/c"#),
        ("https://example.com/a&amp;/_b_/", #"https://example.com/a\&amp;/\_b_/"#),
        ("https://example.com/~a/~b https://example.com/~c", "<https://example.com/~a/~b> https://example.com/~c"),
        ("https://example.com/a`b` c", "<https://example.com/a`b`> c"),
        ("https://example.com/a[1]=x[", "<https://example.com/a[1]=x[>"),
        ("https://example.com/$a$ and $", #"<https://example.com/$a$> and \$"#),
        // GitHub leaves `*;?*` out of the link: it follows the autolink, escaped.
        ("https://example.com/*;?*", #"<https://example.com/>\*;?\*"#),
        ("https://en.wikipedia.org/wiki/_Foo_(bar).", #"<https://en.wikipedia.org/wiki/_Foo_(bar)>."#),
        ("https://example.com/_b_)", #"<https://example.com/_b>\_)"#),
        // Not an address where it follows a letter, as cmark-gfm finds them.
        ("xhttps://example.com/a_b", #"xhttps://example.com/a\_b"#),
        ("https://example.com/a<b>", #"<https://example.com/a>\<b\>"#),
        // GitHub leaves an entity-like end out of the link: it follows the autolink, escaped.
        ("https://example.com/p?x&amp;", #"<https://example.com/p?x>\&amp;"#),
        ("https://example.com/x&foo;.", #"<https://example.com/x>\&foo;."#),
        // `&#38;` is not one to GitHub (only letters are): it ends the link at the `;`.
        ("https://example.com/x&#38;", #"https://example.com/x\&#38;"#),
        // GitHub links `ftp://` addresses as it does `http://` ones.
        ("ftp://example.org/a_b_c", "ftp://example.org/a_b_c"),
        ("ftp://example.org/_b_/c", "<ftp://example.org/_b_/c>"),
        // A `www.` address has no autolink form: the backslash stays, and GitHub shows it.
        ("www.example.com/a&amp;", #"www.example.com/a\&amp;"#),
    ])
    func webAddressesInTitlesKeepOnlyTheEscapesTheyNeed(title: String, written: String) throws {
        let fixture = try StoreFixture()
        try fixture.store.add([title])
        #expect(try export(fixture.store) == "- " + written + "\n")
        let read = try MarkdownReader.read(Array(("- " + written + "\n").utf8))
        #expect(read.map(\.title) == [title])
    }
}
