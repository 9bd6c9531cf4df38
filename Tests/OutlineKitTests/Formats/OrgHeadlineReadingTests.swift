import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// A headline's keyword, priority, title and tags read as org-element reads them (Emacs in batch
/// is the reference), titles that org would read as tags written so that it does not, and the
/// `#+TODO:` line's settings that the outline cannot hold counted.
@Suite("org headlines as org-mode reads them")
struct OrgHeadlineReadingTests {
    /// Headlines where the keyword, the priority and the tags stand at the edge of org's rules:
    /// a keyword needs a space after it, and tags may start the title only when nothing (no
    /// keyword, no priority) stands before it.
    static let edgeHeadlines = [
        "* TODO", "* TODO ", "* DONE [#A]", "* [#A]", "* TODO [#A]", "* DONE  ", "* TODO :tag:", "* TODO  :x:",
        "* [#A] :x:", "* :home:", "*  :home:", "* :a:b:", "* TODO [#A] :a:b:", "* a:b:", "* [#A]x", "* TODOx y",
        "* TODO x :t:", "* DONE", "* plain", "* ratio 1:2:",
    ]

    @Test func keywordPriorityTitleAndTagsAreWhatOrgElementReads() throws {
        let read = try OrgElementDump.read(Self.edgeHeadlines.joined(separator: "\n") + "\n")
        let headlines = try #require(read["headlines"] as? [[String: Any]])
        try #require(headlines.count == Self.edgeHeadlines.count)
        let keywords = try OrgTodoKeywords([])
        for (line, org) in zip(Self.edgeHeadlines, headlines) {
            let mine = try #require(OrgHeadline(Substring(line), keywords: keywords))
            #expect(mine.keyword?.word == org["todo"] as? String, "\(line.debugDescription)")
            #expect(mine.priority?.rawValue == org["priority"] as? String, "\(line.debugDescription)")
            #expect(mine.title == org["title"] as? String, "\(line.debugDescription)")
            #expect(mine.tags == org["tags"] as? [String], "\(line.debugDescription)")
        }
    }

    /// `* TODO` alone is an item titled TODO; the headlines without a title are left to
    /// `ItemNester`, whatever they hold.
    @Test func aHeadlineWhoseOnlyWordLooksLikeAKeywordIsImported() throws {
        let document = try OrgInterchangeTests.read(
            "* a\n* TODO\n* DONE [#A]\nSCHEDULED: <2026-12-01 Tue>\n* \n:PROPERTIES:\n:ID: x\n:END:\n* DONE\n")
        #expect(document.items.map(\.title) == ["a", "TODO", "DONE"])
        #expect(document.items.map(\.attributes.state) == [nil, nil, nil])
        #expect(document.items.map(\.isDone) == [false, false, false])
    }

    /// The titles that org would read as tags (one with a combining accent, which Emacs's
    /// `[[:alnum:]]` takes) or whose start as `COMMENT`, alone or after a keyword or a priority,
    /// and one it would not.
    static let tagLikeTitles: [(title: String, state: String?, priority: Priority?, tags: [String])] = [
        (":home:", nil, nil, []), (":a:b:", nil, nil, []), (":::", nil, nil, []), ("x :::", nil, nil, []),
        ("accent :e\u{301}:", nil, nil, []),
        (":PROPERTIES:", nil, nil, []), (":END:", nil, nil, []), (":DRAWER:", nil, nil, ["t"]),
        (":x:", "TODO", nil, []), (":y:", nil, .a, []), (":z:", "DONE", .b, ["t"]), ("a:b:", nil, nil, []),
        ("COMMENTARY", nil, nil, []),
    ]

    /// An outline of `tagLikeTitles`; the `:PROPERTIES:` one holds a property, so that its drawer
    /// follows a headline that looks like one.
    static func tagLikeOutline() throws -> StoreFixture {
        let fixture = try StoreFixture()
        for entry in tagLikeTitles {
            var change = AttributeChange()
            change.state = entry.state.map { .keyword($0) }
            change.priority = entry.priority.map { .some($0) }
            change.addedTags = entry.tags
            if entry.title == ":PROPERTIES:" { change.properties = [("ID", "x1")] }
            try fixture.store.add(
                [entry.title], attributes: change, at: OrgRichOutline.moment("2026-11-21 10:00"))
        }
        return fixture
    }

    @Test func titlesOrgWouldReadAsTagsAreProtectedAndComeBackTheSame() throws {
        let original = try Self.tagLikeOutline()
        let document = try OrgRichOutline.export(original.store)
        let zwsp = "\u{200B}"
        #expect(
            document.split(separator: "\n").map(String.init) == [
                "* :home:\(zwsp)", "* :a:b:\(zwsp)", "* :::\(zwsp)", "* x :::\(zwsp)", "* accent :e\u{301}:\(zwsp)",
                "* :PROPERTIES:\(zwsp)",
                ":PROPERTIES:", ":ID: x1", ":END:", "* :END:\(zwsp)", "* :DRAWER:\(zwsp) :t:", "* TODO :x:\(zwsp)",
                "* [#A] :y:\(zwsp)", "* DONE [#B] :z:\(zwsp) :t:", "CLOSED: [2026-11-21 Sat 10:00]", "* a:b:",
                "* \(zwsp)COMMENTARY",
            ])
        let copy = try OrgInterchangeTests.importIntoEmpty(document)
        #expect(try OrgRichOutline.export(copy.store) == document)
        #expect(try OrgRichOutline.listing(copy.store) == OrgRichOutline.listing(original.store))
    }

    @Test func orgModeReadsTagLikeTitlesAsTitles() throws {
        let fixture = try Self.tagLikeOutline()
        _ = try OrgEmacsReferenceTests.expectOrgReadsTheOutline(fixture.store)
        // org-element reads `* TODO :x:` as the title `:x:`, but org-mode's own tag commands
        // read the end of any headline: they must find only the tags the outline holds.
        let emacs = try #require(EmacsBatch.path, "no emacs on PATH: scripts/deps installs emacs-nox")
        let folder = TemporaryDirectory()
        try OrgRichOutline.export(fixture.store).write(
            toFile: folder.file("doc.org"), atomically: true, encoding: .utf8)
        let script = """
            (require 'org)
            (with-temp-buffer
              (let ((coding-system-for-read 'utf-8)) (insert-file-contents (car command-line-args-left)))
              (org-mode)
              (org-map-entries
                (lambda () (princ (format "%s\\n" (mapconcat #'identity (org-get-tags nil t) ":"))))))
            """
        let run = try #require(
            try EmacsBatch.run(emacs, script: script, arguments: [folder.file("doc.org")], in: folder))
        try #require(run.status == 0, "emacs said: \(run.said)")
        #expect(
            run.printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                == Self.tagLikeTitles.map { $0.tags.joined(separator: ":") } + [""])
    }

    @Test func fastAccessKeysAndLoggingSettingsAreCountedAsDroppedAtTheirLine() throws {
        let document = try OrgInterchangeTests.read(
            """
            #+TITLE: Plans
            #+TODO: TODO NEXT(n) WAITING(w@/!) | DONE(d!) CANCELLED(c@)
            #+SEQ_TODO: HOLD() | GONE
            * NEXT a
            #+TYP_TODO: LATER(l) | NEVER
            """)
        #expect(
            document.workflow == (try Workflow(parsing: "TODO NEXT WAITING HOLD LATER | DONE CANCELLED GONE NEVER")))
        #expect(document.items.map(\.attributes.state) == ["NEXT"])
        #expect(
            document.report.phrases == [
                "dropped 1 #+TITLE line", "dropped 5 fast-access keys and logging settings of #+TODO keywords",
            ])
        let settings = try #require(document.report.entries.last)
        #expect(settings.firstLine == 2 && settings.kind.loses)
        let one = try OrgInterchangeTests.read("#+TODO: TODO(t) | DONE\n* TODO a\n")
        #expect(one.report.phrases == ["dropped 1 fast-access key or logging setting of a #+TODO keyword"])
    }
}
