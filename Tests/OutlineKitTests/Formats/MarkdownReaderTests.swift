import Foundation
import OutlineKit
import Testing

/// What `MarkdownReader` makes of the shapes SPEC names for markdown import: boxes and keywords,
/// Logseq's markers and attribute lines, notes and their protection, and what it reports.
@Suite("Reading Markdown: states, attributes, notes and the report")
struct MarkdownReaderTests {
    private func read(_ text: String, workflow: Workflow = .standard) throws -> ImportedDocument {
        try MarkdownReader.read(Array(text.utf8), context: DocumentReadingContext(workflow: workflow))
    }

    private func day(_ iso: String) -> CalendarDay { CalendarDay(iso: Substring(iso))! }

    @Test func aWordAfterABoxIsAKeywordOnlyWhenTheWorkflowNamesIt() throws {
        let text = "- [ ] NEXT call\n- [x] CANCELLED trip\n- [ ] DONE twice\n- [X] done\n- [COMPLETE] wf\n"
        let standard = try read(text).items
        #expect(standard.map(\.title) == ["NEXT call", "CANCELLED trip", "DONE twice", "done", "wf"])
        #expect(standard.map(\.attributes.state) == ["TODO", "DONE", "TODO", "DONE", "DONE"])
        let custom = try read(text, workflow: try Workflow(parsing: "TODO NEXT | DONE CANCELLED")).items
        #expect(custom.map(\.title) == ["call", "trip", "DONE twice", "done", "wf"])
        #expect(custom.map(\.attributes.state) == ["NEXT", "CANCELLED", "TODO", "DONE", "DONE"])
        // The document's own workflow counts too, and its first keywords are the boxes'.
        let declared = try read("<!-- workflow: NEXT | FINISHED -->\n\n- [ ] x\n- [x] FINISHED y\n- [x] z\n")
        #expect(declared.workflow == (try Workflow(parsing: "NEXT | FINISHED")))
        #expect(declared.items.map(\.attributes.state) == ["NEXT", "FINISHED", "FINISHED"])
        #expect(declared.items.map(\.title) == ["x", "y", "z"])
        // A workflow comment that is not a workflow is refused at its line.
        #expect(throws: DocumentError.self) { try read("\n<!-- workflow: todo | -->\n- x\n") }
        do {
            _ = try read("\n<!-- workflow: TODO -->\n- x\n")
            Issue.record("a workflow without a done keyword was read")
        } catch let error as DocumentError {
            #expect(error.line == 2)
        }
    }

    @Test func logseqMarkersPrioritiesAndHeadings() throws {
        let items = try read(
            "- WAITING [#B] Ann\n- CANCELED x\n- [#A] urgent\n- LATER\n- ## Title\n- NOW # one\n- \u{200B}DONE deal\n"
        ).items
        #expect(items.map(\.title) == ["Ann", "x", "urgent", "LATER", "Title", "one", "DONE deal"])
        #expect(items.map(\.attributes.state) == ["WAITING", "CANCELED", nil, nil, nil, "NOW", nil])
        #expect(items.map(\.isDone) == [false, true, false, false, false, false, false])
        #expect(items.map(\.attributes.priority) == [.b, nil, .a, nil, nil, nil, nil])
        #expect(items[4].attributes.properties == [ItemProperty(key: "heading", value: "2")])
        #expect(items[5].attributes.properties == [ItemProperty(key: "heading", value: "1")])
        // A marker the workflow has as done is done, whatever Logseq means by it.
        let waiting = try read("- WAITING x\n", workflow: try Workflow(parsing: "TODO | DONE WAITING")).items
        #expect(waiting[0].isDone && waiting[0].attributes.state == "WAITING")
    }

    @Test func attributeLinesAndPlanningLines() throws {
        let items = try read(
            """
            - TODO Pay
              tags:: #home, [[errands]], x_1
              SCHEDULED: <2026-03-01 Sun 9:05 .+1m> DEADLINE: <2026-03-04 Wed>
              priority:: C
              id:: 65f1
              collapsed:: true
              Effort:: 2h
            - Later
              scheduled:: 2026-12-01 14:30 +1w
              deadline:: <2026-12-02 Wed>
            """
        ).items
        let pay = items[0].attributes
        #expect(pay.tags == ["home", "errands", "x_1"])
        #expect(pay.scheduled == TaskDate(day: day("2026-03-01"), minuteOfDay: 545, repeater: Repeater(".+1m")))
        #expect(pay.due == TaskDate(day: day("2026-03-04")))
        #expect(pay.priority == .c)
        #expect(
            pay.properties == [
                ItemProperty(key: "id", value: "65f1"), ItemProperty(key: "collapsed", value: "true"),
                ItemProperty(key: "Effort", value: "2h"),
            ])
        #expect(items[0].note == nil)
        #expect(
            items[1].attributes.scheduled
                == TaskDate(day: day("2026-12-01"), minuteOfDay: 870, repeater: Repeater("+1w")))
        #expect(items[1].attributes.due == TaskDate(day: day("2026-12-02")))
    }

    @Test func attributeLinesTheOutlineCannotHoldAreKeptInTheNoteAndCounted() throws {
        let document = try read(
            """
            - Plan
              tags:: [[two words]]
              scheduled:: someday
              status:: open
              id:: a
              id:: b
              SCHEDULED: <2026-03-01 Sun -2d>
              after them
            """
        )
        #expect(
            document.items[0].note
                == "tags:: [[two words]]\nscheduled:: someday\nstatus:: open\nid:: b\n"
                + "SCHEDULED: <2026-03-01 Sun -2d>\nafter them")
        #expect(document.items[0].attributes.properties == [ItemProperty(key: "id", value: "a")])
        #expect(document.report.phrases == ["kept 5 attribute lines outline cannot hold in notes"])
        #expect(document.report.firstLoss == nil)
        // Below the note's start, a key:: line is note text.
        let later = try read("- Plan\n  text\n  id:: c\n").items[0]
        #expect(later.note == "text\nid:: c" && later.attributes.properties.isEmpty)
    }

    @Test func pagePropertiesFrontMatterAndRulesAreCounted() throws {
        let logseq = try read("title:: Garden\nalias:: g\n\n- a\n---\n- b\n").report
        #expect(logseq.phrases == ["left out 2 page properties", "dropped 1 thematic break"])
        #expect(logseq.firstLoss?.firstLine == 1)
        let obsidian = try read("---\ntags: [x]\ncreated: 2026\n---\n# Title\n- a\n")
        #expect(obsidian.report.phrases == ["left out 2 page properties"])
        #expect(obsidian.items.map(\.title) == ["Title"] && obsidian.items[0].children.map(\.title) == ["a"])
    }

    @Test func notesComeBackExactlyWithTheirProtectionRemoved() throws {
        let items = try read(
            """
            - Item

              \\- not an item
              1\\. not one either
              \\\\ a backslash
              key\\:: value
              \\old:: protection
                  - four columns in: text
              ```sh
              - inside code
                # indented
              ```
              ---
            - Next
            """
        ).items
        #expect(items.map(\.title) == ["Item", "Next"])
        #expect(
            items[0].note
                == "- not an item\n1. not one either\n\\ a backslash\nkey:: value\nold:: protection\n    - four columns in: text\n"
                + "```sh\n- inside code\n  # indented\n```\n---")
        // A fence nobody closes ends where a line is left of the item's text, as in CommonMark.
        let open = try read("- a\n  ```\n  - code\n- b\n").items
        #expect(open.map(\.title) == ["a", "b"] && open[0].note == "```\n- code")
        // Tab-indented Logseq children and their notes.
        let tabs = try read("- a\n\t- b\n\t  note of b\n\t\t- c\n").items
        #expect(tabs[0].children[0].note == "note of b" && tabs[0].children[0].children.map(\.title) == ["c"])
    }
}
