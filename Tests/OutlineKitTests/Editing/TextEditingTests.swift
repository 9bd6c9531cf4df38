import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// `editableText(of:)` and `applyEditedText`: the text of a subtree, read back exactly, and
/// applied as one step that changes only what the text changed, or refused whole.
@Suite("Editing a subtree as text")
struct TextEditingTests {
    /// Applies `text` to `root` and returns the result.
    @discardableResult
    static func apply(_ text: String, to root: ItemID = .root, in store: OutlineStore) throws -> ChangeResult {
        try store.applyEditedText(Array(text.utf8), to: root, reportingChanges: true)
    }

    /// Everything a step could change, ids included: the tree, titles, states and their times,
    /// notes.
    static func dump(_ store: OutlineStore) throws -> [String] {
        var lines: [String] = []
        try store.walk { entry in
            let item = entry.item
            lines.append(
                "\(item.id) \(item.parentID) \(item.position) \(item.title) \(item.doneAt?.timeIntervalSince1970 ?? -1) "
                    + "\(item.note ?? "-")")
        }
        return lines
    }

    @Test func titlesThatLookLikeSyntaxReadBackAsThemselves() throws {
        let awkward = [
            "#12", "# heading", "[x] not done", "[ ] nor open", "\\", "\\#5", "a\\#5", "Issue #7", "tail  #4", "a #",
            "#", "[", "x\\", "## #1 #2", "ends with #0", "\\\\#9", "C# code", "price: $5 #deal", "1. first",
            "Eggs  # 4", "a\\#b", "x  #5 y", "＃4", "tail  ＃４", "a \\ #", "issue #42 today", "-#-1",
            // Marks that join the character before them: a keycap, a title begun with a mark.
            "#\u{FE0F}\u{20E3} keycap", "#\u{301}", "\u{301}abc", "\u{200D}zwj", "[\u{301}] box?", "\\\u{301}",
            "note  #\u{301}4",
        ]
        var rng = SeededGenerator(seed: 7)
        let markers: [EditableText.Marker?] = [nil, .open, .done, .keyword("NEXT"), .keyword("ON-HOLD")]
        for title in awkward {
            for id in [nil, 42] as [ItemID?] {
                let depth = Int.random(in: 1...3, using: &rng)
                let marker = markers.randomElement(using: &rng)!
                let line = EditableText.Line(depth: depth, id: id, title: title, marker: marker)
                // Parents for the indent, so that the depth is allowed.
                let parents = (1..<depth).map { EditableText.Line(depth: $0, id: nil, title: "p").text }
                let text = EditableText.text(of: []) + parents.map { $0 + "\n" }.joined() + line.text + "\n"
                let read = try EditedText(Array(text.utf8)).lines.last!
                #expect(read.title == title, "\(line.text)")
                #expect(read.id == id, "\(line.text)")
                #expect(read.depth == depth && read.marker == marker, "\(line.text)")
            }
        }
        // A `\#7` the user moved away from the end of the title still reads as `#7`.
        let moved = try EditedText(Array("Issue \\#7 and more  #3\n".utf8)).lines[0]
        #expect(moved.title == "Issue #7 and more" && moved.id == 3)
        // A `#` and digits the text did not escape, with one space before them, may be a damaged
        // id: refused rather than read as a new title (and the item it named removed).
        #expect(throws: OutlineError.self) { try EditedText(Array("Call Bob #2\n".utf8)) }
        #expect(try EditedText(Array("Call Bob \\#2\n".utf8)).lines[0].title == "Call Bob #2")
        // A comment is a line whose first scalar is `#`, whatever mark follows it.
        #expect(
            try EditedText(Array("#\u{301} a comment\n#\u{FE0F} another\nItem\n".utf8)).lines.map(\.title) == ["Item"])
    }

    @Test func theTextListsTheSubtreeWithStatesAndIDs() throws {
        let fixture = try StoreFixture()
        let ids = try fixture.build([("Groceries", ["Milk", "#1 bread"]), ("Work", [])])
        try fixture.store.markDone([ids["Milk"]!])
        let text = try fixture.store.editableText(of: ids["Groceries"]!)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == ["[x] Milk  #2", "\\#1 bread  #3"])
        #expect(text.contains("# outline-edit-base \(ids["Groceries"]!) "))
        let whole = try fixture.store.editableText().split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(whole == ["Groceries  #1", "  [x] Milk  #2", "  \\#1 bread  #3", "Work  #4"])
    }

    @Test func unchangedAndEmptiedTextsChangeNothing() throws {
        let fixture = try StoreFixture()
        try fixture.build([("Groceries", ["Milk", "Eggs"])])
        let text = try fixture.store.editableText()
        let before = try Self.dump(fixture.store)
        for same in [text, text.replacingOccurrences(of: "\n", with: "\r\n"), "# only a comment\n\n", "", "\n  \n"] {
            let result = try Self.apply(same, in: fixture.store)
            #expect(result.step == nil && result.changes.isEmpty, "\(same.debugDescription)")
        }
        #expect(try fixture.store.applyEditedText(Array(text.utf8), unlessSameAs: Array(text.utf8)).step == nil)
        #expect(try Self.dump(fixture.store) == before)
        #expect(try fixture.store.undoManager.history().count == 2)
    }

    @Test func eachKindOfEditIsAppliedAndUndoneExactly() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try fixture.build([("Groceries", ["Milk", "Eggs", "Bread"]), ("Work", ["Launch"])])
        try store.setNote(ids["Milk"]!, to: "oat, not soy")
        try store.markDone([ids["Bread"]!])
        let before = try Self.dump(store)
        // Milk retitled and marked done, Bread reopened and moved under Work, Eggs removed, a new
        // item nested under a new item, Launch moved to the top level.
        // Ids: Groceries 1, Milk 2, Eggs 3, Bread 4, Work 5, Launch 6.
        let text = """
            Groceries  #1
              [x] Oat milk  #2
              Cheese
                Cheddar
            Work  #5
              Bread  #4
            Launch  #6

            """
        let result = try Self.apply(text, in: store)
        #expect(
            result.action.summary
                == #"edited the outline: 2 added, 1 removed, 2 moved, 1 retitled, 1 marked done, 1 reopened"#)
        #expect(result.ids == [7, 8])
        #expect(
            try fixture.tsv() == [
                "1\t0\t1\t1\tGroceries\t0", "2\t1\t1\t2\tOat milk\t1", "7\t1\t2\t2\tCheese\t0",
                "8\t7\t1\t3\tCheddar\t0", "5\t0\t2\t1\tWork\t0", "4\t5\t1\t2\tBread\t0", "6\t0\t3\t1\tLaunch\t0",
            ])
        #expect(try store.item(ids["Milk"]!).note == "oat, not soy")
        let after = try Self.dump(store)
        try store.undoManager.undo()
        #expect(try Self.dump(store) == before)
        try store.undoManager.redo()
        #expect(try Self.dump(store) == after)
        #expect(try store.check().isHealthy)
    }

    @Test func descendantsWhoseLinesStayOutliveTheirRemovedParent() throws {
        let fixture = try StoreFixture()
        let ids = try fixture.build([("Old project", ["Keep me", "Drop me"]), ("Archive", [])])
        try Self.apply("Archive  #\(ids["Archive"]!)\n  Keep me  #\(ids["Keep me"]!)\n", in: fixture.store)
        #expect(try fixture.tsv() == ["4\t0\t1\t1\tArchive\t0", "2\t4\t1\t2\tKeep me\t0"])
        #expect(try fixture.store.check().isHealthy)
        try fixture.store.undoManager.undo()
        #expect(try fixture.childTitles(ids["Old project"]!) == ["Keep me", "Drop me"])
    }

    /// Dairy's children move under a new item, and one of them takes Bread's child: the list
    /// that ends inside the new item is still reported, before the new item's insert, so that a
    /// consumer that fetches the new item's subtree whole never gets that child twice.
    @Test func listsMovedInsideANewItemAreReportedBeforeIt() throws {
        let fixture = try StoreFixture()
        // Ids: Dairy 1, Milk 2, Cheese 3, Bread 4, Rye 5.
        try fixture.build([("Dairy", ["Milk", "Cheese"]), ("Bread", ["Rye"])])
        let text = "Dairy  #1\nBread  #4\nFridge\n  Milk  #2\n    Rye  #5\n  Cheese  #3\n"
        let result = try Self.apply(text, in: fixture.store)
        #expect(
            result.changes == [
                ReportedChange(parent: 1, kind: .delete, id: 3, from: 2, to: nil),
                ReportedChange(parent: 1, kind: .delete, id: 2, from: 1, to: nil),
                ReportedChange(parent: 4, kind: .delete, id: 5, from: 1, to: nil),
                ReportedChange(parent: 2, kind: .insert, id: 5, from: nil, to: 1),
                ReportedChange(parent: 0, kind: .insert, id: 6, from: nil, to: 3),
            ])
    }

    @Test func reorderingIsReportedAsTheFewestMoves() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(["a", "b", "c", "d", "e"])
        // e to the front: one move, not four.
        let result = try Self.apply("e  #5\na  #1\nb  #2\nc  #3\nd  #4\n", in: fixture.store)
        #expect(result.action.summary == "edited the outline: 1 moved")
        #expect(result.changes == [ReportedChange(parent: 0, kind: .move, id: 5, from: 5, to: 1)])
    }

    /// Every refusal SPEC lists: one line named, nothing changed, no step.
    @Test(arguments: [
        ("Ghost  #99\n", "line 1: there is no item #99; delete the id to make the line a new item"),
        ("Milk  #2\nMilk again  #2\n", "line 2: #2 is on line 1 too; an item has one line"),
        ("Work  #4\n", "line 1: #4 is not under \"Groceries\": only the items the text was made from can be kept"),
        ("Groceries  #1\n", "line 1: #1 is the item whose descendants the text lists; it has no line of its own"),
        (
            "Milk  #2\n    Deep\n",
            "line 2: the indent skips a level: this line is indented 2 levels, the item line above is indented 0 levels"
        ),
        (
            "  First\n",
            "line 1: the indent skips a level: this line is indented 1 level, the first item must be at no indent"
        ),
        ("Milk  #2\n   Odd\n", "line 2: an indent of 3 columns is not a whole level (two spaces a level)"),
        (
            "Bell\u{7}  #2\n",
            "line 1: title \"Bell\\x07\" holds the control character U+0007; titles are one line of text"
        ),
        ("[x]   #2\n", "line 1: a title cannot be empty"),
        ("[x]\n", "line 1: a title cannot be empty"),
        (
            "Milk #2\n",
            "line 1: #2 at the end needs two spaces before it if it is an item's id; for a title that ends so, write \\#2"
        ),
        (
            "Milk#2\n",
            "line 1: #2 at the end needs two spaces before it if it is an item's id; for a title that ends so, write \\#2"
        ),
        (
            "Milk  #2 (aged)\n",
            "line 1: text follows #2; an item's id must end its line (for a title that holds it, write \\#2)"
        ),
        (
            "Milk  #2\n  #3\n",
            "line 2: #3 has no title; write the title before it, or delete the line to remove the item"
        ),
        (
            "\u{A0}\u{A0}Milk  #2\n",
            "line 1: the indent holds U+00A0, which is not a space or a tab; indent with spaces (two a level)"
        ),
        (
            "Milk  #2\n\tEggs  #3\n",
            "line 2: the indent skips a level: this line is indented 4 levels, the item line above is indented 0 levels (a tab reaches the next multiple of 8 columns: 4 levels; in vi, :set sw=2 et indents by two spaces)"
        ),
        ("Milk  #2 Eggs  #3\n", "line 1: the line holds two ids, #2 and #3: one item a line (lines joined?)"),
        ("Milk  #2  #3\n", "line 1: the line holds two ids, #2 and #3: one item a line (lines joined?)"),
        (
            "Eggs  # 3\n",
            "line 1: \"# 3\" looks like a mistyped id (an id is # and ASCII digits, as #4); for a title that ends so, write \\# 3"
        ),
        (
            "Eggs  ＃３\n",
            "line 1: \"＃３\" looks like a mistyped id (an id is # and ASCII digits, as #4); for a title that ends so, write \\＃３"
        ),
        (
            "# [x] Milk  #2\n",
            "line 1: the line starts with # (a comment) but ends with #2: delete the line to remove the item, or write \\# at the start of a title that begins with #"
        ),
        ("[x]  #2\n", "line 1: a title cannot be empty"),
        (
            "# outline-edit-base 1 xyz\nMilk  #2\n",
            "line 1: the base line is damaged; delete it to apply the text over the outline as it is now"
        ),
        (
            "Milk  #2\n# outline-edit-base 1 0000000000000000\n# outline-edit-base 1 0000000000000000\n",
            "line 3: a second base line (the first is line 2); keep one"
        ),
        (
            "# outline-edit-base 2 0000000000000000\nMilk  #2\n",
            "this text was made from the items under item 2, not those under item 1; nothing was changed"
        ),
        (
            "# outline-edit-base 1 0000000000000000\nMilk  #2\n",
            "the items under \"Groceries\", or the workflow that [ ] and [x] stand for, changed after this text "
                + "was made, so applying it could undo that change; nothing was changed"
        ),
    ])
    func refusalsNameTheLineAndChangeNothing(text: String, message: String) throws {
        let fixture = try StoreFixture()
        try fixture.build([("Groceries", ["Milk", "Eggs"])])
        try fixture.store.add(["Work"])
        let before = try Self.dump(fixture.store)
        #expect {
            try fixture.store.applyEditedText(Array(text.utf8), to: 1)
        } throws: { error in
            (error as? OutlineError)?.message == message
        }
        #expect(try Self.dump(fixture.store) == before)
        #expect(try fixture.store.undoManager.history().count == 3)
    }

    @Test func commentsAndTabs() throws {
        let fixture = try StoreFixture()
        try fixture.build([("Groceries", ["Milk", "Eggs"])])
        // An escaped `#` starts a title; comments, bare or not, are skipped.
        try Self.apply("\\#important Milk  #2\nEggs  #3\n# a comment\n#\n", to: 1, in: fixture.store)
        #expect(try fixture.childTitles(1) == ["#important Milk", "Eggs"])
        // A tab is 8 columns: with spaces after it, 12 columns are 6 levels.
        let deep = (0..<6).map { String(repeating: "  ", count: $0) + "d\($0)\n" }.joined() + "\t    x\n"
        try Self.apply(deep, in: fixture.store)
        #expect(try fixture.tsv().last?.split(separator: "\t")[3] == "7")
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirLine() throws {
        let fixture = try StoreFixture()
        #expect(throws: OutlineError.editRefused(line: 2, reason: "the line is not valid UTF-8")) {
            try fixture.store.applyEditedText(Array("ok\n".utf8) + [0xFF, 0x0A])
        }
        #expect(try fixture.tsv().isEmpty)
    }

    @Test func aTextWhoseSubtreeChangedMeanwhileIsRefusedUntilItsBaseLineGoes() throws {
        let fixture = try StoreFixture()
        try fixture.build([("Groceries", ["Milk"])])
        let text = try fixture.store.editableText(of: 1) + "Eggs\n"
        try fixture.store.add(["Butter"], under: 1)  // made by another command meanwhile
        #expect(throws: OutlineError.editedSubtreeChanged(rootTitle: "Groceries")) {
            try Self.apply(text, to: 1, in: fixture.store)
        }
        #expect(try fixture.childTitles(1) == ["Milk", "Butter"])
        // A change outside the subtree does not count.
        let fresh = try fixture.store.editableText(of: 1) + "Eggs\n"
        try fixture.store.add(["Elsewhere"])
        try Self.apply(fresh, to: 1, in: fixture.store)
        #expect(try fixture.childTitles(1) == ["Milk", "Butter", "Eggs"])
        // Without its base line, a text applies over the subtree as it is.
        let baseless = text.split(separator: "\n").filter { !$0.hasPrefix("# outline-edit-base") }
        try Self.apply(baseless.joined(separator: "\n"), to: 1, in: fixture.store)
        #expect(try fixture.childTitles(1) == ["Milk", "Eggs"])
    }

    @Test func titlesThatCannotBeALineAreRefusedBeforeTheEditorOpens() throws {
        let fixture = try StoreFixture()
        try fixture.build([("Groceries", ["Milk"])])
        try fixture.editOutside("UPDATE item SET title = 'two' || char(10) || 'lines' WHERE id = 2")
        #expect(throws: OutlineError.cannotExport(item: 2, format: "a line of text", scalar: 10)) {
            try fixture.store.editableText()
        }
    }

    @Test func theNestingLimitHolds() throws {
        let fixture = try StoreFixture()
        let deep = (1...OutlineStore.maximumDepth + 1).map { EditableText.Line(depth: $0, id: nil, title: "d\($0)") }
        #expect(
            throws: OutlineError.editRefused(
                line: OutlineStore.maximumDepth + 1,
                reason: OutlineError.nestingTooDeep(limit: OutlineStore.maximumDepth).message)
        ) {
            try Self.apply(EditableText.text(of: deep), in: fixture.store)
        }
        #expect(try fixture.tsv().isEmpty)
    }
}
