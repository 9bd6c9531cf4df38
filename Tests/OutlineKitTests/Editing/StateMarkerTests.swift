import Foundation
import GRDB
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The states in `edit`'s text (SPEC, "Editing in an editor"): `[ ]`, `[x]` and `[KEYWORD]`
/// before a title, shown as the outline's workflow has them, and given as `set --state` gives
/// them when the text is applied.
@Suite("States in the text of edit")
struct StateMarkerTests {
    /// An outline with the workflow `TODO NEXT | DONE CANCELLED` and an item in each state.
    /// Ids: Plain 1, Todo 2, Next 3, Done 4, Cancelled 5.
    static func tasks() throws -> StoreFixture {
        let fixture = try StoreFixture()
        let store = fixture.store
        try store.add(["Plain", "Todo", "Next", "Done", "Cancelled"])
        try store.setWorkflow(try Workflow(parsing: "TODO NEXT | DONE CANCELLED"))
        for (id, keyword) in [(2, "TODO"), (3, "NEXT"), (4, "DONE"), (5, "CANCELLED")] as [(ItemID, String)] {
            try give(keyword, to: id, in: store)
        }
        return fixture
    }

    static func give(_ keyword: String, to id: ItemID, in store: OutlineStore) throws {
        var change = AttributeChange()
        change.state = .keyword(keyword)
        try store.setAttributes([id], change)
    }

    /// Everything a step could change of every item: its place, title, done time, note and
    /// attributes.
    static func dump(_ store: OutlineStore) throws -> [String] {
        var lines: [String] = []
        try store.walk(readingAttributes: true) { entry in
            let item = entry.item
            lines.append(
                "\(item.id) \(item.parentID) \(item.position) \(item.title) "
                    + "\(item.doneAt?.timeIntervalSince1970 ?? -1) \(item.note ?? "-") \(entry.attributes!)")
        }
        return lines
    }

    /// The item lines of a text: the comments and the base line left out.
    static func items(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    }

    @discardableResult
    static func apply(_ text: String, in store: OutlineStore) throws -> ChangeResult {
        try store.applyEditedText(Array(text.utf8), reportingChanges: true)
    }

    @Test(
        arguments: [
            ("[ ] Milk", EditableText.Marker.open, "Milk"),
            ("[x] Milk", .done, "Milk"),
            ("[X] Milk", .keyword("X"), "Milk"),
            ("[NEXT] Milk  #4", .keyword("NEXT"), "Milk"),
            ("[next]\tMilk", .keyword("next"), "Milk"),
            ("[x]    Milk", .done, "Milk"),
            ("[x] \\[NEXT] Milk", .done, "[NEXT] Milk"),
            // Read as a marker, so that applying refuses it rather than take it for a title.
            ("[see below] Milk", .keyword("see below"), "Milk"),
            ("\\[x] Milk", nil, "[x] Milk"),
            ("[ ]Milk", nil, "[ ]Milk"),
            ("[[wiki link]] page", nil, "[[wiki link]] page"),
            ("[link](https://example.com) page", nil, "[link](https://example.com) page"),
            ("[x", nil, "[x"),
        ] as [(String, EditableText.Marker?, String)])
    func markersAreReadBeforeTheTitle(line: String, marker: EditableText.Marker?, title: String) throws {
        let read = try #require(try EditedText(Array((line + "\n").utf8)).lines.first)
        #expect(read.marker == marker)
        #expect(read.title == title)
    }

    @Test func eachStateIsShownAsTheWorkflowHasIt() throws {
        let fixture = try Self.tasks()
        let store = fixture.store
        let text = try store.editableText()
        #expect(
            Self.items(text) == [
                "Plain  #1", "[ ] Todo  #2", "[NEXT] Next  #3", "[x] Done  #4", "[CANCELLED] Cancelled  #5",
            ])
        #expect(
            text.contains(
                #"# Before a title, "[ ] " makes the item a TODO task, "[x] " marks it DONE, "[KEYWORD] " gives it"#))
        #expect(text.contains("(TODO NEXT | DONE CANCELLED)"))
        // The boxes stand for the first keywords of each kind, whichever those are.
        try store.setWorkflow(try Workflow(parsing: "NEXT TODO | CANCELLED DONE"))
        #expect(
            Self.items(try store.editableText()) == [
                "Plain  #1", "[TODO] Todo  #2", "[ ] Next  #3", "[DONE] Done  #4", "[x] Cancelled  #5",
            ])
    }

    /// A done item of a file made before keywords (a done time, no keyword) reads as DONE: `[x]`
    /// under the standard workflow, and the text, applied as it is, leaves its column alone.
    @Test func aDoneItemFromBeforeKeywordsIsShownAsDone() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(["Old", "Older"])
        try fixture.editOutside("UPDATE item SET done_at = 1700000000, state = NULL")
        let text = try fixture.store.editableText()
        #expect(Self.items(text) == ["[x] Old  #1", "[x] Older  #2"])
        let before = try Self.dump(fixture.store)
        #expect(try Self.apply(Self.items(text).joined(separator: "\n"), in: fixture.store).step == nil)
        #expect(try Self.dump(fixture.store) == before)
        // Retitled, it keeps its state as it was stored.
        try Self.apply("[x] Old, retitled  #1\n[x] Older  #2\n", in: fixture.store)
        let states = try DatabaseQueue(path: fixture.store.path).read { db in
            try String.fetchAll(db, sql: "SELECT coalesce(state, 'null') FROM item WHERE id != 0 ORDER BY id")
        }
        #expect(states == ["null", "null"])
    }

    @Test func textsThatKeepEveryStateChangeNothing() throws {
        let fixture = try Self.tasks()
        let store = fixture.store
        let text = try store.editableText()
        let before = try Self.dump(store)
        let steps = try store.undoManager.history().count
        for same in [text, Self.items(text).joined(separator: "\n") + "\n"] {
            let result = try Self.apply(same, in: store)
            #expect(result.step == nil && result.changes.isEmpty, "\(same)")
        }
        #expect(try Self.dump(store) == before)
        #expect(try store.undoManager.history().count == steps)
    }

    /// Every change of state, each counted in the summary, applied as one step that undo and redo
    /// take back and bring again with every attribute as it was.
    @Test func eachChangeOfStateIsGivenAsSetGivesIt() throws {
        let fixture = try Self.tasks()
        let store = fixture.store
        var tagged = AttributeChange()
        tagged.addedTags = ["home"]
        tagged.priority = .some(.a)
        try store.setAttributes([2, 5], tagged)
        let before = try Self.dump(store)
        let doneAt = try store.item(5).doneAt
        let text = """
            [ ] Plain  #1
            [x] Todo  #2
            [cancelled] Next  #3
            Done  #4
            [X] Cancelled  #5
            [NEXT] New
            [x] Newer

            """
        let result = try Self.apply(text, in: store)
        #expect(
            result.action.summary
                == "edited the outline: 2 added, 2 marked done, 1 reopened, 2 given another state")
        #expect(result.changes.count { $0.kind == .update } == 5)
        let states = try (1...7).map { try store.attributes(of: $0).state }
        #expect(states == ["TODO", "DONE", "CANCELLED", nil, "DONE", "NEXT", "DONE"])
        let done = try (1...7).map { try store.item($0).isDone }
        #expect(done == [false, true, true, false, true, false, true])
        // A done item given another done keyword keeps the time it became done.
        #expect(try store.item(5).doneAt == doneAt)
        #expect(try store.attributes(of: 2).tags == ["home"] && store.attributes(of: 2).priority == .a)
        let after = try Self.dump(store)
        try store.undoManager.undo()
        #expect(try Self.dump(store) == before)
        try store.undoManager.redo()
        #expect(try Self.dump(store) == after)
        #expect(try store.check().isHealthy)
        #expect(
            Self.items(try store.editableText()).prefix(5) == [
                "[ ] Plain  #1", "[x] Todo  #2", "[CANCELLED] Next  #3", "Done  #4", "[x] Cancelled  #5",
            ])
    }

    /// `[x]` is how the text says `done`, so on a task whose date repeats it does what `done`
    /// does: the item stays open, its dates move by their repeaters, and the time is its last
    /// done. A plain item with a repeating date becomes a task with the first open keyword.
    @Test func aRepeatingTaskMarkedDoneMovesItsDatesAsDoneDoes() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let twin = try StoreFixture()
        for fixture in [fixture, twin] {
            try fixture.store.add(["Pay rent", "Water plants"])
            var rent = AttributeChange()
            rent.state = .keyword("TODO")
            rent.due = .some(TaskDate(stored: "2026-01-15", repeater: "+1m"))
            try fixture.store.setAttributes([1], rent)
            var plants = AttributeChange()
            plants.scheduled = .some(TaskDate(stored: "2026-01-05 09:30", repeater: "+1w"))
            try fixture.store.setAttributes([2], plants)
        }
        let before = try Self.dump(store)
        let result = try Self.apply("[x] Pay rent  #1\n[x] Water plants  #2\n", in: store)
        #expect(result.action.summary == "edited the outline: 2 repeated (dates moved on)")
        try twin.store.markDone([1, 2])
        for id in [1, 2] as [ItemID] {
            var edited = try store.attributes(of: id)
            var done = try twin.store.attributes(of: id)
            // Done moments apart: the same dates, and each its own time as the last done.
            #expect(edited.lastDone != nil && done.lastDone != nil)
            (edited.lastDone, done.lastDone) = (nil, nil)
            #expect(edited == done)
            #expect(try !store.item(id).isDone)
        }
        #expect(try store.attributes(of: 1).due?.description == "2026-02-15 +1m")
        #expect(try store.attributes(of: 2).state == "TODO")
        #expect(try store.attributes(of: 2).scheduled?.description == "2026-01-12 09:30 +1w")
        #expect(Self.items(try store.editableText()) == ["[ ] Pay rent  #1", "[ ] Water plants  #2"])
        try store.undoManager.undo()
        #expect(try Self.dump(store) == before)
    }

    @Test func aKeywordInBracketsIsMatchedAsSetMatchesIt() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        try store.add(["One", "Two", "Three"])
        try store.setWorkflow(try Workflow(parsing: "TODO X | DONE"))
        // `[X]` is the keyword X where the workflow has one; `[x]` is always the done box.
        try Self.apply("[X] One  #1\n[x] Two  #2\n[todo] Three  #3\n", in: store)
        #expect(try (1...3).map { try store.attributes(of: $0).state } == ["X", "DONE", "TODO"])
        #expect(Self.items(try store.editableText()) == ["[X] One  #1", "[x] Two  #2", "[ ] Three  #3"])
    }

    /// A keyword the workflow lacks can only come from an edit outside outline; the item's line
    /// shows it and may keep it, so that the text `edit` wrote applies as it is.
    @Test func aKeywordOutsideTheWorkflowIsShownAndKept() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(["Waiting", "Other"])
        try fixture.editOutside("UPDATE item SET state = 'WAIT' WHERE id = 1")
        let text = try fixture.store.editableText()
        #expect(Self.items(text) == ["[WAIT] Waiting  #1", "Other  #2"])
        let result = try Self.apply("[WAIT] Still waiting  #1\nOther  #2\n", in: fixture.store)
        #expect(result.action.summary == "edited the outline: 1 retitled")
        #expect(try fixture.store.attributes(of: 1).state == "WAIT")
        #expect(throws: OutlineError.self) { try Self.apply("Waiting  #1\n[WAIT] Other  #2\n", in: fixture.store) }
    }

    @Test(arguments: [
        (
            "[WAIT] Plain  #1\n",
            #"line 1: [WAIT] is not a state of the workflow "TODO NEXT | DONE CANCELLED": write [ ] for TODO, [x] for DONE, or another keyword in brackets; for a title that starts with [, write \["#
        ),
        (
            "Plain  #1\n[see below] New\n",
            #"line 2: [see below] is not a state of the workflow "TODO NEXT | DONE CANCELLED": write [ ] for TODO, [x] for DONE, or another keyword in brackets; for a title that starts with [, write \["#
        ),
        (
            "[] Plain  #1\n",
            #"line 1: [] is not a state of the workflow "TODO NEXT | DONE CANCELLED": write [ ] for TODO, [x] for DONE, or another keyword in brackets; for a title that starts with [, write \["#
        ),
        (
            "[\u{1B}] Plain  #1\n",
            #"line 1: [\x1b] is not a state of the workflow "TODO NEXT | DONE CANCELLED": write [ ] for TODO, [x] for DONE, or another keyword in brackets; for a title that starts with [, write \["#
        ),
        (
            "Plain  #1\n[x] [ ] Todo  #2\n",
            #"line 2: the line has two states, [x] and [ ]; keep one (for a title that starts with [, write \[)"#
        ),
        ("[NEXT]  #3\n", "line 1: a title cannot be empty"),
        ("[NEXT]\n", "line 1: a title cannot be empty"),
    ])
    func refusalsNameTheLineAndChangeNothing(text: String, message: String) throws {
        let fixture = try Self.tasks()
        let before = try Self.dump(fixture.store)
        let steps = try fixture.store.undoManager.history().count
        #expect {
            try Self.apply(text, in: fixture.store)
        } throws: { error in
            (error as? OutlineError)?.message == message
        }
        #expect(try Self.dump(fixture.store) == before)
        #expect(try fixture.store.undoManager.history().count == steps)
    }

    /// A text whose `[ ]` stood for another keyword when it was made would give its items that
    /// one: a change of the workflow, like a change of an item's keyword, is a change made
    /// meanwhile. A subtree of plain items shows the same text under any workflow.
    @Test func aTextMadeUnderAnotherWorkflowIsRefused() throws {
        let fixture = try Self.tasks()
        let store = fixture.store
        let text = try store.editableText()
        try store.setWorkflow(try Workflow(parsing: "NEXT TODO | DONE CANCELLED"))
        #expect(throws: OutlineError.editedSubtreeChanged(rootTitle: nil)) { try Self.apply(text, in: store) }
        let changed = try store.editableText()
        try Self.give("NEXT", to: 2, in: store)
        #expect(throws: OutlineError.editedSubtreeChanged(rootTitle: nil)) { try Self.apply(changed, in: store) }
        try store.add(["Shopping"])
        try store.add(["Milk"], under: 6)
        let plain = try store.editableText(of: 6) + "Eggs\n"
        try store.setWorkflow(try Workflow(parsing: "TODO NEXT | DONE CANCELLED"))
        try store.applyEditedText(Array(plain.utf8), to: 6)
        #expect(try fixture.childTitles(6) == ["Milk", "Eggs"])
    }

    /// A text kept before states came into it (plain items and `[x]`) has the fingerprint it had
    /// then, computed here by that version's rule: it still applies.
    @Test func plainAndDoneLinesKeepTheirFingerprint() {
        let lines = [
            EditableText.Line(depth: 1, id: 1, title: "Dairy"),
            EditableText.Line(depth: 2, id: 2, title: "Milk", marker: .done),
        ]
        #expect(EditableText.fingerprint(of: lines) == 0xd00e_2f93_5622_5276)
        var open = lines
        open[1].marker = .open
        #expect(EditableText.fingerprint(of: open) != EditableText.fingerprint(of: lines))
    }
}
