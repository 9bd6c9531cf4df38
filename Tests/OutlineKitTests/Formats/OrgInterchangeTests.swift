import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// SPEC's org bullet: every attribute written and read back, notes exactly, and what an org file
/// holds beyond the outline counted in the report.
@Suite("org export and import")
struct OrgInterchangeTests {
    /// Reads `text` as an org document in `OrgRichOutline.zone`.
    static func read(_ text: String, workflow: Workflow = .standard) throws -> ImportedDocument {
        try OrgReader.read(
            Array(text.utf8), context: DocumentReadingContext(workflow: workflow, timeZone: OrgRichOutline.zone))
    }

    /// Imports `document` into an empty outline, as `import` does, and returns the outline.
    static func importIntoEmpty(_ document: String) throws -> StoreFixture {
        let copy = try StoreFixture()
        let read = try read(document)
        try copy.store.importDocuments(read.items, declaring: read.workflow.map { [$0] } ?? [], names: ["doc"])
        return copy
    }

    @Test func theRichOutlineComesBackWithEveryAttributeAndTheSameBytes() throws {
        let original = try StoreFixture()
        try OrgRichOutline.make(original.store)
        let document = try OrgRichOutline.export(original.store)
        let copy = try Self.importIntoEmpty(document)
        #expect(try OrgRichOutline.export(copy.store) == document)
        #expect(try OrgRichOutline.listing(copy.store) == OrgRichOutline.listing(original.store))
        #expect(try copy.store.workflow() == original.store.workflow())
    }

    @Test func randomOutlinesWithEveryAttributeComeBackTheSame() throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            let original = try StoreFixture()
            try AttributedOutline.make(original.store, seed: seed, count: 40)
            let document = try OrgRichOutline.export(original.store)
            let copy = try Self.importIntoEmpty(document)
            #expect(try OrgRichOutline.export(copy.store) == document, "seed \(seed)")
            #expect(try OrgRichOutline.listing(copy.store) == OrgRichOutline.listing(original.store), "seed \(seed)")
        }
    }

    /// The document as written, checked line by line against org's grammar by hand.
    @Test func theRichOutlineIsWrittenInOrgsShape() throws {
        let original = try StoreFixture()
        try OrgRichOutline.make(original.store)
        let lines = try OrgRichOutline.export(original.store).split(separator: "\n", omittingEmptySubsequences: false)
        let zwsp = "\u{200B}"
        let expected: [String] = [
            "#+TODO: TODO NEXT WAITING | DONE CANCELLED",
            "* NEXT [#A] Pay rent :home:@errands:Café:",
            // Marked done on 2026-11-20: each date moved by its repeater, `.+2d` from that day.
            "SCHEDULED: <2026-11-22 Sun .+2d> DEADLINE: <2026-12-11 Fri 14:30 +1w>",
            ":PROPERTIES:",
            ":LAST_REPEAT: [2026-11-20 Fri 09:12]",
            ":ID: 65f1-aa",
            ":Effort: 1:30",
            ":context: home office",
            ":END:",
            "* WAITING [#C] Plan the trip",
            "DEADLINE: <2027-03-28 Sun 02:30>",
            "Run it:",
            "#+BEGIN_SRC python",
            "  def f():",
            "      return 1",
            ",* not a headline",
            ",#+TODO: NOT | SETTING",
            ",,* already a comma",
            "#+END_SRC",
            "| key | value |",
            "|-----+-------|",
            "| a   | 1     |",
            "** DONE Book flights",
            "SCHEDULED: <2027-01-31 Sun> CLOSED: [2026-11-21 Sat 10:00]",
            "** CANCELLED \(zwsp)TODO list",
            "CLOSED: [2026-11-21 Sat 10:00]",
            "* Notes :not:tags:\(zwsp)",
            "\(zwsp)SCHEDULED: <2026-01-01 Thu>",
            "\(zwsp)* a star line",
            "\(zwsp)** two stars",
            "\(zwsp)#+TODO: A | B",
            "\(zwsp)  #+TITLE: indented setting",
            "- a list",
            "  - nested, indented",
            ":LOGBOOK:",
            "- State \"DONE\"       from \"TODO\"       [2026-11-20 Fri 09:12]",
            ":END:",
            "\(zwsp)\(zwsp)starts with a zero-width space",
            "* [#B] \(zwsp)COMMENT not a comment",
            zwsp,
            "    indented four",
            ":PROPERTIES:",
            "** \(zwsp)[#A] not a priority :x1:to_read:",
            "** \(zwsp)DONE deal",
            "* TODO \(zwsp)NEXT step",
            "* DONE Late",
            "CLOSED: [2026-10-25 Sun 02:30]",
            "",
        ]
        #expect(lines == expected.map { Substring($0) })
    }

    @Test func withTasksPlainItemsGetTheFirstOpenKeyword() throws {
        let fixture = try StoreFixture()
        try fixture.store.setWorkflow(try Workflow(parsing: "NEXT TODO | FINISHED"))
        try fixture.store.add(["Plain", "TODO is a word here"])
        var writer = OrgWriter(workflow: try fixture.store.workflow(), marksOpenTasks: true)
        writer.begin(title: nil)
        try fixture.store.walk(readingAttributes: true, enter: { try writer.enter($0) }, leave: { writer.leave($0) })
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == "#+TODO: NEXT TODO | FINISHED\n* NEXT Plain\n* NEXT \u{200B}TODO is a word here\n")
    }

    /// A property the user named `LAST_REPEAT` is a property; only org's own timestamp there,
    /// the first one, is the last done time.
    @Test func lastRepeatIsTheLastDoneTimeOnlyAsOrgWritesIt() throws {
        let document = try Self.read(
            """
            * TODO Habit
            :PROPERTIES:
            :LAST_REPEAT: [2026-11-30 Mon 21:05]
            :last_repeat: [2026-11-29 Sun 08:00]
            :END:
            * TODO Named
            :PROPERTIES:
            :LAST_REPEAT: every Monday
            :END:
            """)
        #expect(document.items[0].attributes.lastDone == OrgRichOutline.moment("2026-11-30 21:05"))
        #expect(
            document.items[0].attributes.properties == [
                ItemProperty(key: "last_repeat", value: "[2026-11-29 Sun 08:00]")
            ])
        #expect(document.items[1].attributes.lastDone == nil)
        #expect(document.items[1].attributes.properties == [ItemProperty(key: "LAST_REPEAT", value: "every Monday")])
        #expect(document.report.phrases.isEmpty)
    }

    @Test func keywordsComeFromTheFilesOwnLinesAndAreDeclared() throws {
        let document = try Self.read(
            """
            #+TITLE: Plans
            #+STARTUP: overview
            #+TODO: TODO(t) NEXT(n@/!) | DONE(d!)
            #+SEQ_TODO: WAITING HOLD
            #+TYP_TODO: todo | done
            * NEXT First
            * HOLD Second
            * WAITING Third
            * todo Fourth
            * LATER Fifth
            """)
        #expect(document.workflow == (try Workflow(parsing: "TODO NEXT WAITING | DONE HOLD")))
        #expect(document.items.map(\.title) == ["First", "Second", "Third", "todo Fourth", "LATER Fifth"])
        #expect(document.items.map(\.attributes.state) == ["NEXT", "HOLD", "WAITING", nil, nil])
        #expect(document.items.map(\.isDone) == [false, true, false, false, false])
        #expect(
            document.report.phrases == [
                "dropped 1 #+TITLE line", "dropped 1 #+STARTUP line",
                "dropped 3 fast-access keys and logging settings of #+TODO keywords",
                "kept 1 keyword outline cannot hold in titles",
            ])
    }

    @Test func withoutKeywordLinesOrgsDefaultIsRead() throws {
        let document = try Self.read("* TODO a\n* NEXT b\n* DONE c\n", workflow: try Workflow(parsing: "NEXT | DONE"))
        #expect(document.workflow == nil)
        #expect(document.items.map(\.attributes.state) == ["TODO", nil, "DONE"])
        #expect(document.items.map(\.title) == ["a", "NEXT b", "c"])
    }

    @Test func headlinesGiveTheirPriorityTagsAndTitle() throws {
        let document = try Self.read(
            """
            * TODO [#A] Call Ann                                          :phone:Work:
            * [#B]Tight :a:A:b:
            * [#D] Low priority
            * COMMENT Hidden
            * Odd tags :x#y:ok:
            * ratio 1:2:
            """)
        let items = document.items
        #expect(
            items.map(\.title) == [
                "Call Ann", "Tight", "[#D] Low priority", "COMMENT Hidden", "Odd tags :x#y:", "ratio 1:2:",
            ])
        #expect(items.map(\.attributes.priority) == [.a, .b, nil, nil, nil, nil])
        #expect(items.map(\.attributes.tags) == [["phone", "Work"], ["a", "b"], [], [], ["ok"], []])
        #expect(
            document.report.phrases == [
                "dropped 1 tag given twice", "kept 1 priority other than A, B, C in titles",
                "kept 1 COMMENT mark in titles", "kept 1 tag with # or % in titles",
            ])
    }

    @Test func thePlanningLineIsReadInAnyOrderAndWhatItCannotHoldIsCounted() throws {
        let document = try Self.read(
            """
            * DONE Closed first
              CLOSED: [2026-11-20 Fri 09:12] DEADLINE: <2026-12-04 Fri 14:30-15:30 ++1w -2d> SCHEDULED: <2026-12-01 Tue .+1d/3d>
            * TODO Open but closed
              CLOSED: [2026-11-20 Fri 09:12] SCHEDULED: <2026-12-01 Tue 9:05 +2h>
            * TODO Range
              DEADLINE: <2026-12-01 Tue>--<2026-12-03 Thu> SCHEDULED: <2026-12-01 ma.>
            * TODO Unreadable
              SCHEDULED: <2026-02-30 Mon>
            """)
        let items = document.items
        #expect(items[0].doneAt == OrgRichOutline.moment("2026-11-20 09:12"))
        #expect(items[0].attributes.due == OrgRichOutline.date("2026-12-04 14:30 ++1w"))
        #expect(items[0].attributes.scheduled == OrgRichOutline.date("2026-12-01 .+1d"))
        #expect(items[1].doneAt == nil)
        #expect(items[1].attributes.scheduled == OrgRichOutline.date("2026-12-01 09:05"))
        #expect(items[2].attributes.due == OrgRichOutline.date("2026-12-01"))
        #expect(items[2].attributes.scheduled == OrgRichOutline.date("2026-12-01"))
        #expect(items[3].attributes.scheduled == nil)
        #expect(items[3].note == "  SCHEDULED: <2026-02-30 Mon>")
        #expect(
            document.report.phrases == [
                "dropped 1 time range end", "dropped 1 warning or delay period", "dropped 1 habit range",
                "dropped 1 hourly repeater", "dropped 1 CLOSED time of an open item", "dropped 1 date range end",
                "kept 1 planning line outline cannot read in notes",
            ])
    }

    @Test func thePropertyDrawerGivesPropertiesAndKeepsWhatTheOutlineCannotHold() throws {
        let document = try Self.read(
            """
            * TODO Habit
              SCHEDULED: <2026-12-01 Tue .+1d>
              :PROPERTIES:
              :STYLE:    habit
              :LAST_REPEAT: [2026-11-30 Mon 21:05]
              :ID:       7d1f
              :STATUS:   waiting
              :EMPTY:
              :id:       again
              :END:
              :LOGBOOK:
              - State "DONE"       from "TODO"       [2026-11-30 Mon 21:05]
              CLOCK: [2026-11-30 Mon 20:00]--[2026-11-30 Mon 21:00] =>  1:00
              :END:
              Text after.
            """)
        let item = document.items[0]
        #expect(
            item.attributes.properties == [
                ItemProperty(key: "STYLE", value: "habit"), ItemProperty(key: "ID", value: "7d1f"),
            ])
        #expect(item.attributes.lastDone == OrgRichOutline.moment("2026-11-30 21:05"))
        #expect(
            item.note == """
                  :STATUS:   waiting
                  :EMPTY:
                  :id:       again
                  :LOGBOOK:
                  - State "DONE"       from "TODO"       [2026-11-30 Mon 21:05]
                  CLOCK: [2026-11-30 Mon 20:00]--[2026-11-30 Mon 21:00] =>  1:00
                  :END:
                  Text after.
                """)
        #expect(
            document.report.phrases == [
                "kept 3 properties outline cannot hold in notes", "kept 1 LOGBOOK drawer in notes",
            ])
    }

    @Test func everythingUnderAHeadlineIsItsNoteExactly() throws {
        let document = try Self.read(
            """
            * Pack

              - passport
              - [X] charger
                with a second line
              #+begin_src sh
                ,* a star
                ,#+TODO: X
              #+end_src

            * Next
            """)
        #expect(document.items.count == 2)
        #expect(
            document.items[0].note == """
                  - passport
                  - [X] charger
                    with a second line
                  #+begin_src sh
                    * a star
                    #+TODO: X
                  #+end_src
                """)
        #expect(document.workflow == nil)
    }

    @Test func textBeforeTheFirstHeadlineIsItemsButSettingsAreDropped() throws {
        let document = try Self.read(
            """
            :PROPERTIES:
            :ID: file
            :END:
            #+title: Lists
            - one
              - [x] two
            * Three
            """)
        #expect(document.items.map(\.title) == ["one", "Three"])
        #expect(document.items[0].children.map(\.title) == ["two"])
        #expect(document.items[0].children[0].isDone)
        #expect(document.report.phrases == ["dropped 1 file property drawer", "dropped 1 #+TITLE line"])
    }

    @Test func aKeywordOpenInOneLineAndDoneInAnotherIsRefusedAtItsLine() throws {
        #expect(throws: DocumentError(line: 2, "DONE is an open keyword in one #+TODO line and a done one in another"))
        {
            try Self.read("#+TODO: TODO | DONE\n#+TODO: DONE | FINISHED\n* a\n")
        }
    }
}
