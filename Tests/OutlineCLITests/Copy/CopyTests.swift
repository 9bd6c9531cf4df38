import Foundation
import Testing

/// `cp`: copies are new items with their subtrees, states and notes.
@Suite("cp, end to end")
struct CopyTests {
    let outline = OutlineProcess()

    @Test func copiesAreNewItemsWithTheirSubtreesStatesAndNotes() throws {
        try outline.makeGroceries()
        try outline.run(["done", "Oat milk"])
        try outline.run(["note", "Milk", "two litres"])
        #expect(try outline.run(["cp", "Groceries", "--after", "Groceries"]).stdout == "7\n")
        #expect(
            try outline.run(["ls", "--tsv", "7"]).lines == [
                "8\t7\t1\t1\tMilk\t0", "9\t8\t1\t2\tOat milk\t1", "10\t7\t2\t1\tEggs\t0", "11\t7\t3\t1\tBread\t0",
            ])
        #expect(try outline.run(["note", "8"]).stdout == "two litres\n")
        #expect(try outline.historyNames().first == #"cp "Groceries" and 4 descendants after "Groceries""#)

        // Into its own subtree: copied as it was before the copy, once.
        #expect(try outline.run(["cp", "1", "--under", "3"]).stdout == "12\n")
        #expect(try outline.run(["ls", "--tsv", "12"]).lines.count == 4)
        #expect(try outline.run(["show", "1", "--json"]).stdout.contains(#""descendants":9"#))

        // Several at once, as consecutive siblings, with a change report of inserts.
        let report = try outline.run(["cp", "Work", "10", "--under", "0", "--at", "1", "--json"]).stdout
        #expect(
            report.contains(
                #""changes":[{"parent":0,"type":"insert","id":17,"from":null,"to":1},"#
                    + #"{"parent":0,"type":"insert","id":18,"from":null,"to":2}],"ids":[17,18]"#), "\(report)")

        // Undo removes exactly the copies; their ids are never given out again.
        #expect(try outline.run(["undo"]).stdout == "undone: cp \"Work\" and \"Eggs\" to the top level at 1\n")
        #expect(try outline.run(["add", "New"]).stdout == "19\n")
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func copyRefusals() throws {
        try outline.makeGroceries()
        let before = try outline.sqlite(".dump")
        let cases: [([String], Int32, String)] = [
            (["cp", "Milk"], 64, "error: say where to copy the items: --under REF, --before REF or --after REF"),
            (["cp", "0", "--under", "Work"], 1, "error: the root (0) cannot be copied"),
            (["cp", "Milk", "3", "--under", "Work"], 1, "error: item 3 is named more than once"),
            (["cp", "Milk", "--under", "Work", "--at", "3"], 1, "error: position 3 is out of range"),
            (["cp", "99", "--under", "Work"], 1, "error: no item with id 99"),
        ]
        for (arguments, status, message) in cases {
            let result = try outline.run(arguments)
            #expect(result.status == status && result.stderr.hasPrefix(message), "\(arguments): \(result)")
        }
        #expect(try outline.sqlite(".dump") == before)
    }

    /// The nesting limit holds for copies as for moves: a chain copied under its own end would
    /// nest twice as deep.
    @Test func copyIsBoundedByTheNestingLimit() throws {
        // A chain of 300, made by one import (300 `add`s took ten seconds of the test run).
        let chain = outline.directory + "/chain.txt"
        try (1...300).map { String(repeating: "  ", count: $0 - 1) + "L\($0)" }.joined(separator: "\n")
            .write(toFile: chain, atomically: true, encoding: .utf8)
        #expect(try outline.run(["import", chain]).stdout == "1\n")
        let deepest = try #require(try outline.tsv().last?.split(separator: "\t").first.map(String.init))
        #expect(try outline.run(["show", deepest]).stdout.contains("L300"))
        let result = try outline.run(["cp", "1", "--under", deepest])
        #expect(result.status == 1)
        #expect(result.stderr == "error: that would nest items more than 500 levels deep, the most an outline may\n")
        #expect(try outline.run(["cp", "1", "--under", "0"]).status == 0)
    }
}
