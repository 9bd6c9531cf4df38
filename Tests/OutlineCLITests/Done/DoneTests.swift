import Foundation
import Testing

/// `done` and `reopen`, and what `ls`, `show` and `find` show of an item's state, `--open`
/// included (SPEC: the commands, `ls --open`, the sixth TSV column and the JSON fields).
@Suite("done, reopen and --open, end to end")
struct DoneTests {
    let outline = OutlineProcess()

    @Test func doneAndReopenMarkItemsAndEveryOutputShowsIt() throws {
        try outline.makeGroceries()
        #expect(
            try outline.run(["done", "Milk", "Groceries/Eggs", "Work"]).stdout == "marked \"Milk\" and 2 others done\n"
        )
        #expect(try outline.run(["ls", "Groceries"]).stdout == "3  ✓ Milk\n6  └─ Oat milk\n4  ✓ Eggs\n5  Bread\n")
        #expect(
            try outline.run(["ls"]).stdout
                == "1  Groceries\n3  ├─ ✓ Milk\n6  │  └─ Oat milk\n4  ├─ ✓ Eggs\n5  └─ Bread\n2  ✓ Work\n")
        #expect(
            try outline.tsv() == [
                "1\t0\t1\t1\tGroceries\t0", "3\t1\t1\t2\tMilk\t1", "6\t3\t1\t3\tOat milk\t0", "4\t1\t2\t2\tEggs\t1",
                "5\t1\t3\t2\tBread\t0", "2\t0\t2\t1\tWork\t1",
            ])
        let json = try outline.run(["ls", "Groceries/Milk", "--json"]).stdout
        #expect(
            json == #"[{"id":6,"title":"Oat milk","position":1,"done":false,"note":null,"#
                + OutlineProcess.openListingJSON
                + #","children":[]}]"# + "\n")
        let shown = try outline.run(["show", "Milk", "--json"]).stdout
        let doneAt = try #require(
            shown.range(of: #""done_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ""#, options: .regularExpression))
        #expect(shown.contains(#""done":true"#) && !doneAt.isEmpty)
        #expect(try outline.run(["show", "Bread"]).stdout.contains("state:       open\n"))
        #expect(try outline.run(["show", "Milk"]).stdout.contains("state:       DONE (20"))

        // Done again changes nothing, keeps the time, and records no step.
        let steps = try outline.historyNames().count
        let again = try outline.run(["done", "Milk", "Eggs"])
        #expect(again.status == 0 && again.stdout == "nothing changed: \"Milk\" and \"Eggs\" are already done\n")
        #expect(try outline.run(["show", "Milk", "--json"]).stdout == shown)
        #expect(try outline.historyNames().count == steps)

        // Only the items named change state: a descendant keeps its own.
        #expect(try outline.run(["reopen", "Milk", "Bread"]).stdout == "reopened \"Milk\"\n")
        #expect(
            try outline.run(["ls", "--tsv", "Groceries"]).lines.map { $0.split(separator: "\t")[5] } == [
                "0", "0", "1", "0",
            ])
        #expect(try outline.historyNames().prefix(2) == [#"reopen "Milk""#, #"done "Milk" and 2 others"#])
        #expect(try outline.run(["undo"]).stdout == "undone: reopen \"Milk\"\n")
        #expect(try outline.run(["show", "Milk", "--json"]).stdout == shown, "undo brings back the same time")
    }

    @Test func openLeavesOutDoneSubtreesAndKeepsPositions() throws {
        try outline.makeGroceries()
        try outline.run(["done", "Groceries/Milk"])
        #expect(try outline.run(["ls", "--open"]).stdout == "1  Groceries\n4  ├─ Eggs\n5  └─ Bread\n2  Work\n")
        #expect(
            try outline.run(["ls", "--open", "--tsv"]).lines == [
                "1\t0\t1\t1\tGroceries\t0", "4\t1\t2\t2\tEggs\t0", "5\t1\t3\t2\tBread\t0", "2\t0\t2\t1\tWork\t0",
            ])
        #expect(try outline.run(["find", "milk"]).lines == ["3  /Groceries/Milk", "6  /Groceries/Milk/Oat milk"])
        #expect(try outline.run(["find", "milk", "--open"]).stdout == "")
        #expect(try outline.run(["find", "milk", "--tsv"]).lines.first == "3\t1\t1\t2\tMilk\t1\t/Groceries/Milk")
        try outline.run(["add", "Milkshake", "--under", "Work"])
        #expect(try outline.run(["find", "milk", "--open"]).stdout == "7  /Work/Milkshake\n")
    }

    /// `--open` lists REF's open descendants whatever REF's own state, in ls and find alike, and
    /// what `--depth` says it hides counts open items only.
    @Test func openJudgesTheItemsBelowTheReferenceAndCountsWhatItHides() throws {
        try outline.run(["add", "P"])
        try outline.run(["add", "a", "b", "c", "--under", "P"])
        try outline.run(["add", "a1", "a2", "--under", "P/a"])
        try outline.run(["done", "P/b", "P/a/a1"])
        #expect(try outline.run(["ls", "--depth", "1", "--open"]).stdout == "1  P (+3)\n")
        #expect(try outline.run(["ls", "--depth", "1", "--open", "--json"]).stdout.contains(#""hidden":3"#))
        #expect(try outline.run(["ls", "--depth", "1"]).stdout == "1  P (+5)\n")
        try outline.run(["done", "P", "P/a"])
        #expect(try outline.run(["ls", "P/a", "--open"]).stdout == "6  a2\n")
        #expect(try outline.run(["find", "a2", "--under", "P/a", "--open"]).stdout == "6  /P/a/a2\n")
        #expect(try outline.run(["find", "a2", "--under", "P", "--open"]).stdout == "")
        #expect(try outline.run(["find", "a2", "--open"]).stdout == "")
    }
}
