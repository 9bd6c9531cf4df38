import Foundation
import Testing

/// A session across the changing commands, and what they print: the summary, the JSON
/// report, and the line that says a command changed nothing.
@Suite("The outline binary, end to end")
struct SessionTests {
    let outline = OutlineProcess()

    @Test func aNestedListSession() throws {
        #expect(try outline.run(["add", "Groceries", "Work"]).stdout == "1\n2\n")
        #expect(try outline.run(["add", "Milk", "Eggs", "--under", "1"]).stdout == "3\n4\n")
        #expect(try outline.run(["add", "Oat milk", "--under", "3"]).stdout == "5\n")
        let tree = try outline.run(["ls"])
        #expect(tree.status == 0)
        #expect(tree.stdout == "1  Groceries\n3  ├─ Milk\n5  │  └─ Oat milk\n4  └─ Eggs\n2  Work\n")
        #expect(try outline.run(["mv", "4", "--before", "3"]).stdout == "moved \"Eggs\" before \"Milk\"\n")
        #expect(try outline.run(["rm", "3"]).stdout == "removed \"Milk\" and 1 descendant\n")
        #expect(try outline.run(["edit", "4", "Eggs (6)"]).stdout == "retitled \"Eggs\" to \"Eggs (6)\"\n")
        #expect(try outline.tsv() == ["1\t0\t1\t1\tGroceries\t0", "4\t1\t1\t2\tEggs (6)\t0", "2\t0\t2\t1\tWork\t0"])
        let check = try outline.run(["check"])
        #expect(check.status == 0)
        #expect(check.stdout == "ok: 3 items, schema 10, no problems found\n")
    }

    @Test func jsonOutputOfChangingCommands() throws {
        #expect(
            try outline.run(["add", "Milk", "--json"]).stdout
                == #"{"step":1,"action":"add \"Milk\"","changes":[{"parent":0,"type":"insert","id":1,"from":null,"to":1}],"ids":[1]}"#
                + "\n")
        #expect(
            try outline.run(["--json", "rm", "1"]).stdout
                == #"{"step":2,"action":"rm \"Milk\"","changes":[{"parent":0,"type":"delete","id":1,"from":1,"to":null}]}"#
                + "\n")
        let check = try outline.run(["check", "--json"])
        #expect(check.stdout == "{\"ok\":true,\"items\":0,\"schema\":10,\"problems\":[]}\n")
    }

    @Test func aCommandThatChangesNothingSaysSo() throws {
        try outline.run(["add", "A", "B"])
        #expect(try outline.run(["edit", "1", "A"]).stdout == "nothing changed: \"A\" already has that title\n")
        #expect(try outline.run(["mv", "2", "--after", "1"]).stdout == "nothing changed: \"B\" is already there\n")
        #expect(try outline.run(["history"]).lines.count == 1)
    }
}
