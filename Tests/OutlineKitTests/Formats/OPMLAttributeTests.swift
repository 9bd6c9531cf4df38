import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// OPML with every attribute: SPEC's round trip over random attributed outlines, and what the
/// reader makes of what Workflowy, OmniOutliner and other tools write.
@Suite("OPML attributes")
struct OPMLAttributeTests {
    static func read(_ text: String) throws -> ImportedDocument {
        try OPMLReader.read(Array(text.utf8), context: DocumentReadingContext())
    }

    static func document(_ outlines: String) -> String {
        "<?xml version=\"1.0\"?><opml version=\"2.0\"><head/><body>\n\(outlines)\n</body></opml>"
    }

    @Test func everyAttributeComesBackAndTheBytesAreTheSame() throws {
        for seed in 1...8 as ClosedRange<UInt64> {
            let original = try StoreFixture()
            try AttributedOutline.make(original.store, seed: seed, count: 40)
            let document = try DocumentRoundTripTests.export(original.store, .opml)
            let copy = try StoreFixture()
            let read = try OPMLReader.read(document, context: DocumentReadingContext())
            #expect(read.report.entries.isEmpty, "seed \(seed): \(read.report.phrases)")
            try copy.store.importItems(read.items, names: ["doc"])
            #expect(try DocumentRoundTripTests.export(copy.store, .opml) == document, "seed \(seed)")
            #expect(
                try JSONAttributeRoundTripTests.listing(copy.store, ids: false)
                    == JSONAttributeRoundTripTests.listing(original.store, ids: false), "seed \(seed)")
        }
    }

    @Test func attributesAreWrittenAsUnderscoreAttributes() throws {
        let fixture = try StoreFixture()
        let id = try fixture.store.add(["Pay <rent>"]).ids[0]
        var change = AttributeChange()
        change.state = .keyword("TODO")
        change.addedTags = ["home", "@phone"]
        change.due = .some(
            TaskDate(day: CalendarDay(year: 2026, month: 12, day: 1)!, minuteOfDay: 870, repeater: Repeater("+1m")))
        change.scheduled = .some(TaskDate(day: CalendarDay(year: 2026, month: 11, day: 28)!))
        change.priority = .some(.a)
        change.properties = [("Effort", "2h & more"), ("context", "home office")]
        try fixture.store.setAttributes([id], change)
        let written = String(decoding: try DocumentRoundTripTests.export(fixture.store, .opml), as: UTF8.self)
        #expect(
            written.contains(
                #"<outline text="Pay &amp;lt;rent&amp;gt;" _state="TODO" _tags="home @phone" _scheduled="2026-11-28" "#
                    + #"_due="2026-12-01 14:30 +1m" _priority="A" _Effort="2h &amp; more" _context="home office"/>"#),
            "\(written)")
    }

    @Test func workflowyLinksAreKeptAsMarkdownAndMarksAreCounted() throws {
        let read = try Self.read(
            Self.document(
                #"<outline text="See &lt;a href=&quot;https://example.com/a?b=1&amp;amp;c=2&quot;&gt;the &lt;b&gt;docs&lt;/b&gt;&lt;/a&gt; and &lt;i&gt;this&lt;/i&gt;"/>"#
                    + "\n"
                    + #"<outline text="&lt;a href=&quot;https://example.com&quot;&gt;https://example.com&lt;/a&gt; &lt;span class=&quot;colored c-red&quot;&gt;red&lt;/span&gt;"/>"#
            ))
        #expect(
            read.items.map(\.title) == [
                "See [the docs](https://example.com/a?b=1&c=2) and this", "https://example.com red",
            ])
        #expect(read.report.phrases == ["dropped 2 bold and italic marks", "dropped 1 other formatting mark"])
        #expect(read.report.firstLoss?.firstLine == 2)
    }

    @Test func unknownAttributesBecomePropertiesAndTheRestIsReported() throws {
        let read = try Self.read(
            Self.document(
                #"<outline text="Dune" checkbox="true" color="1" _due_by="2026-12-01" xml:lang="en" status="x" empty=""/>"#
            ))
        let item = try #require(read.items.first)
        #expect(
            item.attributes.properties.map { "\($0.key)=\($0.value)" } == [
                "checkbox=true", "color=1", "due_by=2026-12-01",
            ])
        #expect(read.report.phrases == ["dropped 3 attributes that cannot be properties"])
    }

    @Test func omniOutlinerStatusAndWorkflowyCompleteMarkDone() throws {
        let read = try Self.read(
            Self.document(
                #"<outline text="a" _status="checked"/><outline text="b" _status="unchecked"/><outline text="c" _complete="true" _note="  one&#10;two  "/>"#
            ))
        #expect(read.items.map(\.isDone) == [true, false, true])
        #expect(read.items.map(\.attributes.properties.isEmpty) == [true, true, true])
        #expect(read.items[2].note == "  one\ntwo")
    }

    /// `_complete` and `_status` are read ignoring case; what says neither done nor open, and a
    /// done time on an open item, are counted as dropped, so that `--strict` refuses them.
    @Test func doneMarksIgnoreCaseAndWhatIsNotCarriedIsCounted() throws {
        let read = try Self.read(
            Self.document(
                #"<outline text="a" _complete="TRUE"/><outline text="b" _status="Checked"/>"#
                    + #"<outline text="c" _complete="False"/><outline text="d" _complete="maybe"/>"#
                    + #"<outline text="e" _status="indeterminate"/>"#
                    + #"<outline text="f" _done_at="2026-11-20T10:00:00Z"/>"#
            ))
        #expect(read.items.map(\.isDone) == [true, true, false, false, false, false])
        #expect(read.items.allSatisfy { $0.doneAt == nil })
        #expect(
            read.report.phrases == ["dropped 2 done marks outline cannot read", "dropped 1 done time on an open item"])
        #expect(read.report.firstLoss?.firstLine == 2)
    }

    /// HTML 4's named references are decoded in a title; a name HTML 4 lacks stays as written,
    /// and `<br>` is a space, once, with the spaces around it.
    @Test func namedEntitiesAreDecodedAndBreaksAreSpaces() throws {
        let read = try Self.read(
            Self.document(
                #"<outline text="&amp;copy; &amp;hellip; &amp;mdash; &amp;eacute; &amp;rsquo; &amp;euro; &amp;ndash; &amp;Omega; &amp;bogus; &amp;apos;"/>"#
                    + #"<outline text="a&lt;br&gt;b"/><outline text="a &lt;br/&gt;  b&lt;BR /&gt;c"/>"#
            ))
        #expect(read.items.map(\.title) == ["© … — é ’ € – Ω &bogus; '", "a b", "a b c"])
        #expect(read.report.entries.isEmpty, "\(read.report.phrases)")
        #expect(HTMLNamedCharacters.codePoints.count == 252)
    }

    /// A title that holds what reads as an entity (`&copy;`) comes back as written: the writer
    /// escapes its `&`.
    @Test func aTitleWithAnEntitysTextComesBackTheSame() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(["&copy; &hellip; a<br>b"])
        let document = try DocumentRoundTripTests.export(fixture.store, .opml)
        let read = try OPMLReader.read(document, context: DocumentReadingContext())
        #expect(read.items.map(\.title) == ["&copy; &hellip; a<br>b"])
        let copy = try StoreFixture()
        try copy.store.importItems(read.items, names: ["doc"])
        #expect(try DocumentRoundTripTests.export(copy.store, .opml) == document)
    }

    @Test(arguments: [
        (#"_state="todo""#, "_state=\"todo\": not a keyword"),
        (#"_due="2026-02-30""#, "_due=\"2026-02-30\": not a date"),
        (#"_tags="a b-c""#, "_tags=\"a b-c\""), (#"_priority="Z""#, "_priority=\"Z\": expected A, B or C"),
        (#"_done_at="yesterday""#, "_done_at=\"yesterday\": not a moment"),
    ])
    func outlinesOwnAttributesAreCheckedAsSetChecksThem(attribute: String, message: String) throws {
        #expect {
            _ = try Self.read(Self.document("<outline text=\"x\" \(attribute)/>"))
        } throws: { error in
            guard let error = error as? DocumentError else { return false }
            return error.line == 2 && error.reason.hasPrefix(message)
        }
    }
}
