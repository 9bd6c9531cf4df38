import Foundation
import Testing

/// Rows changed behind outline's back with the sqlite3 shell: `check` names what is broken, and
/// `undo` and `redo` of a step whose rows changed refuse and leave every table as it was.
@Suite("Edits made outside outline")
struct OutsideEditTests {
    let outline = OutlineProcess()

    /// a (1) with a1 (3) and a2 (4); b (2) with b1 (5).
    init() throws {
        try outline.run(["add", "a", "b"])
        try outline.run(["add", "a1", "a2", "--under", "1"])
        try outline.run(["add", "b1", "--under", "2"])
    }

    static let brokenInvariants: [(String, String)] = [
        ("UPDATE item SET position = 5 WHERE id = 4", "children of 1 are not numbered 1 to 2: positions run 1 to 5"),
        ("UPDATE item SET position = 1 WHERE id = 4", "children of 1 are not numbered 1 to 2: 1 duplicate positions"),
        (
            "UPDATE item SET parent_id = 3, position = 1 WHERE id = 1",
            "items in or below a cycle, unreachable from the root: 1, 3, 4"
        ),
        (
            "INSERT INTO item (id, parent_id, position, title) VALUES (50, 40, 1, 'orphan')",
            "item 50 has a missing parent 40"
        ),
        (
            "INSERT INTO item (id, parent_id, position, title) VALUES (51, 40, 1, 'orphan')",
            "foreign key: row 51 of item names a missing parent"
        ),
        ("DELETE FROM item WHERE id = 0", "the root item (0) is missing"),
        (
            "UPDATE item SET title = 'bad' || char(27) WHERE id = 5",
            "item 5: title \"bad\\x1b\" holds the control character U+001B; titles are one line of text"
        ),
        ("UPDATE item SET title = ' padded ' WHERE id = 2", "item 2 has a title with surrounding white space"),
        ("UPDATE item SET title = x'00ff' WHERE id = 2", "item 2 has a title that is not text"),
        ("UPDATE item SET title = CAST(x'41ff42' AS TEXT) WHERE id = 2", "item 2 has a title that is not valid UTF-8"),
        ("UPDATE item SET done_at = 'yes' WHERE id = 2", "item 2 has a done time that is not a number"),
        (
            "UPDATE item SET note = 'a' || char(7) WHERE id = 2",
            "item 2: the note holds the control character U+0007 on line 1; a note is lines of text"
        ),
        ("UPDATE item SET note = 'trailing ' WHERE id = 2", "item 2 has a note that is empty or ends in white space"),
        ("UPDATE item SET position = 'x' WHERE id = 3", "item 3 has a position that is not a whole number"),
        ("UPDATE item SET parent_id = 'abc' WHERE id = 3", "item 3 has a parent that is not an id"),
        ("UPDATE item SET parent_id = x'01' WHERE id = 3", "item 3 has a parent that is not an id"),
        ("UPDATE item SET position = 2.5 WHERE id = 4", "item 4 has a position that is not a whole number"),
        (
            "UPDATE item SET position = 9223372036854775807 WHERE id = 4",
            "children of 1 are not numbered 1 to 2: positions run 1 to 9223372036854775807"
        ),
        (
            "PRAGMA ignore_check_constraints = 1; UPDATE item SET position = -9223372036854775808 WHERE id = 3",
            "children of 1 are not numbered 1 to 2: positions run -9223372036854775808 to 2"
        ),
        ("UPDATE undo_step SET changeset = x'00' WHERE id = 1", "undo step 1 has a damaged changeset"),
        (
            "UPDATE undo_step SET name = x'ff', created_at = 'now' WHERE id = 1",
            "undo step 1 has a name, date or changeset of the wrong type"
        ),
        ("DROP TABLE change_event", "the table change_event is missing"),
    ]

    @Test(arguments: brokenInvariants)
    func checkNamesTheBrokenInvariant(sql: String, problem: String) throws {
        try outline.sqlite(sql)
        let result = try outline.run(["check"])
        #expect(result.status == 1)
        #expect(result.lines.contains("problem: " + problem), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.hasSuffix(" found in '\(outline.database)'\n"))
    }

    /// Values of the wrong type are reported by `check` (above) and never stop another command.
    @Test func valuesOfTheWrongTypeDoNotCrashReaders() throws {
        try outline.sqlite("UPDATE undo_step SET name = x'ff', created_at = 'now' WHERE id = 3")
        #expect(try outline.run(["history"]).status == 0)
        #expect(try outline.run(["undo", "--dry-run"]).status == 0)
        #expect(try outline.run(["undo"]).status == 0)
        try outline.sqlite("UPDATE item SET position = 'x' WHERE id = 3")
        for command in [["ls"], ["ls", "--json"], ["check"], ["history"]] {
            let result = try outline.run(command)
            #expect(result.signal == nil && [0, 1].contains(result.status), "\(command): \(result)")
        }
    }

    /// Each: commands that build the step, the outside edit, then undo (or redo) must refuse.
    static let refusedSteps: [(setup: [[String]], sql: String, verb: String, reason: String)] = [
        ([["edit", "3", "renamed"]], "UPDATE item SET title = 'outside' WHERE id = 3", "undo", "was changed since"),
        ([["add", "x"]], "DELETE FROM item WHERE id = 6", "undo", ""),
        (
            [["add", "x"]], "INSERT INTO item (id, parent_id, position, title) VALUES (60, 6, 1, 'child made outside')",
            "undo", ""
        ),
        (
            [["add", "x", "--under", "2"]],
            "INSERT INTO item (id, parent_id, position, title) VALUES (61, 2, 3, 'sibling made outside')", "undo", ""
        ),
        (
            [["rm", "1"]],
            "INSERT INTO item (id, parent_id, position, title) VALUES (62, 0, 2, 'sibling made outside')", "undo", ""
        ),
        (
            [["mv", "5", "--under", "1"], ["undo"]], "UPDATE item SET parent_id = 1, position = 3 WHERE id = 5",
            "redo", ""
        ),
        ([["rm", "2"], ["undo"]], "DELETE FROM item WHERE id = 5", "redo", ""),
    ]

    @Test(arguments: refusedSteps)
    func undoAndRedoRefuseAfterAnOutsideEdit(setup: [[String]], sql: String, verb: String, reason: String) throws {
        for command in setup { #expect(try outline.run(command).status == 0, "\(command)") }
        try outline.sqlite(sql)
        let before = try outline.sqlite(".dump")
        let result = try outline.run([verb])
        #expect(result.status == 1, "\(setup) then \(sql): \(result)")
        #expect(result.stderr.hasPrefix("error: cannot \(verb) "), "\(result.stderr)")
        #expect(reason.isEmpty || result.stderr.contains(reason), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; nothing was changed\n"), "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(try outline.sqlite(".dump") == before, "every table, the history included, is as it was")
    }

    /// An outside edit of a column the step does not touch is no conflict: the move is undone
    /// and the outside title stays. Undo restores what the step changed, and only that.
    @Test func anEditOfAnotherColumnIsKept() throws {
        try outline.run(["mv", "5", "--under", "1"])
        try outline.sqlite("UPDATE item SET title = 'retitled outside' WHERE id = 5")
        #expect(try outline.run(["undo"]).stdout == "undone: mv \"b1\" under \"a\"\n")
        #expect(try outline.tsv().contains("5\t2\t1\t2\tretitled outside\t0"))
        #expect(try outline.run(["check"]).status == 0)
    }

    /// A list broken by an outside edit before a step (a gap in its positions) is no reason to
    /// refuse the step's undo: rm, mv and add on such a list, each undone and redone, bring back
    /// exactly the rows they changed, gap and all, so nothing they removed is lost.
    @Test(arguments: [
        ["rm", "4"], ["mv", "3", "--under", "0"], ["add", "x"], ["add", "x", "--under", "1", "--at", "1"],
    ])
    func stepsOnAListBrokenBeforehandUndoAndRedo(command: [String]) throws {
        try outline.sqlite("UPDATE item SET position = 9 WHERE id = 4")
        let broken = try outline.sqlite(".dump item")
        let done = try outline.run(command)
        #expect(done.status == 0, "\(done)")
        let after = try outline.sqlite(".dump item")
        let undone = try outline.run(["undo"])
        #expect(undone.status == 0, "\(command): \(undone.stderr)")
        #expect(try outline.sqlite(".dump item") == broken, "the rows as they were, gap included")
        #expect(try outline.run(["redo"]).status == 0)
        #expect(try outline.sqlite(".dump item") == after)
    }

    /// A refusal does not block the rest of the history: what the outside edit did not touch
    /// still undoes after the refused step is left alone.
    @Test func historyStaysUsableAfterARefusal() throws {
        try outline.run(["edit", "3", "renamed"])
        try outline.sqlite("UPDATE item SET title = 'outside' WHERE id = 3")
        #expect(try outline.run(["undo"]).status == 1)
        #expect(try outline.run(["add", "after"]).status == 0)
        #expect(try outline.run(["undo"]).stdout == "undone: add \"after\"\n")
        #expect(try outline.run(["check"]).status == 0)
    }
}
