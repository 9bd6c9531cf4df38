import Foundation
import Testing

/// `sort`: one list ordered stably, recorded as the fewest moves.
@Suite("sort, end to end")
struct SortTests {
    let outline = OutlineProcess()

    @Test func sortOrdersOneListStablyAndRecordsTheFewestMoves() throws {
        try outline.run(["add", "Names"])
        try outline.run(["add", "Юлия", "Bob", "zed", "张三", "Adam", "ÅSA", "adam", "Bob", "--under", "Names"])
        #expect(try outline.run(["sort", "Names"]).stdout == "sorted \"Names\" by title\n")
        let titles = { try outline.run(["ls", "--tsv", "Names"]).lines.map { String($0.split(separator: "\t")[4]) } }
        let ids = { try outline.run(["ls", "--tsv", "Names"]).lines.map { String($0.split(separator: "\t")[0]) } }
        #expect(try titles() == ["Adam", "adam", "ÅSA", "Bob", "Bob", "Юлия", "zed", "张三"])
        #expect(try ids() == ["6", "8", "7", "3", "9", "2", "4", "5"], "the two Bobs keep their order")
        #expect(
            try outline.run(["ls", "Names", "--sections", "initial", "--tsv"]).lines.map {
                String($0.split(separator: "\t")[5])
            } == titles())

        // Already in order: nothing changes and no step is recorded.
        let steps = try outline.historyNames().count
        #expect(try outline.run(["sort", "Names"]).stdout == "nothing changed: \"Names\" is already sorted by title\n")
        #expect(try outline.historyNames().count == steps)

        // Reversed, equal keys keep their order: the Bobs stay as they were.
        try outline.run(["sort", "Names", "--reverse"])
        #expect(try titles() == ["张三", "zed", "Юлия", "Bob", "Bob", "ÅSA", "adam", "Adam"])
        #expect(try ids() == ["5", "4", "2", "3", "9", "7", "8", "6"])

        // By state: open before done, stable; one move is reported as one move.
        try outline.run(["done", "3"])
        let report = try outline.run(["sort", "Names", "--by", "state", "--json"]).stdout
        #expect(
            report == #"{"step":\#(steps + 3),"action":"sort \"Names\" by state","changes":"#
                + #"[{"parent":1,"type":"move","id":3,"from":4,"to":8}]}"# + "\n")
        #expect(try ids() == ["5", "4", "2", "9", "7", "8", "6", "3"])
        #expect(try outline.run(["undo"]).stdout == "undone: sort \"Names\" by state\n")
        #expect(try ids()[3] == "3")

        // The top level, by its names for the root.
        try outline.run(["add", "Aaa"])
        #expect(try outline.run(["sort", "root"]).stdout == "sorted the top level by title\n")
        #expect(try outline.run(["sort", "0", "--by", "size"]).status == 64)
        #expect(try outline.run(["sort", "Nobody"]).stderr == "error: no item titled \"Nobody\"\n")
    }
}
