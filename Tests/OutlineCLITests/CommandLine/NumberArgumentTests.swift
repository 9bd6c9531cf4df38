import Foundation
import OutlineTestSupport
import Testing

/// Numbers out of range and command lines of many thousand words: each ends in a clear
/// error or in the work asked for, never in a crash, and a refusal changes nothing.
@Suite("Hostile numbers and argument counts")
struct NumberArgumentTests {
    let outline = OutlineProcess()

    init() throws {
        try outline.run(["add", "a", "b"])
    }

    static let outOfRangeNumbers: [([String], Int32, String)] = [
        (["edit", "9223372036854775808", "x"], 64, "the id is too large"),
        (["rm", "99999999999999999999999"], 64, "the id is too large"),
        (["ls", "9223372036854775807"], 1, "no item with id 9223372036854775807"),
        (["add", "x", "--under", "9223372036854775807"], 1, "no item with id 9223372036854775807"),
        (["add", "x", "--at", "9223372036854775807"], 1, "position 9223372036854775807 is out of range"),
        (["mv", "1", "--under", "0", "--at", "9223372036854775807"], 1, "is out of range"),
        (["undo", "9223372036854775807"], 1, "cannot undo 9223372036854775807 steps"),
        (["add", "x", "--at", "0"], 1, "position 0 is out of range: at the top level use 1 to 3"),
        (["add", "x", "--at", "-1"], 64, "'-1' is negative, and ids, positions and counts never are (see"),
        (["add", "x", "--at=-1"], 64, "'-1' is negative, and ids, positions and counts never are (see"),
        (["add", "-1"], 64, "'-1' is negative, and ids, positions and counts never are; put titles that start"),
        (["ls", "--depth=-1"], 64, "'-1' is negative"),
        (["edit", "-1", "x"], 64, "'-1' is negative, and ids, positions and counts never are"),
        (["mv", "1", "--under", "0", "--at", "-5"], 64, "'-5' is negative"),
        (["ls", "--depth", "-1"], 64, "'-1' is negative"),
        (["undo", "-2"], 64, "'-2' is negative"),
        (["history", "--limit", "-1"], 64, "'-1' is negative"),
        (["undo", "0"], 64, "the number of steps must be at least 1"),
        (["ls", "--depth", "0"], 64, "--depth"),
    ]

    /// One command line of many titles, ids or references: a hundred thousand in the soak run,
    /// twenty thousand by default (the big one took sixteen seconds of the default run).
    @Test func manyArgumentsAtOnce() throws {
        let count = Soak.isOn ? 100_000 : 20_000
        let titles = (1...count).map { "t\($0)" }
        let added = try outline.run(["add"] + titles)
        #expect(added.status == 0)
        #expect(added.lines.count == count)
        #expect(added.lines.first == "3" && added.lines.last == String(count + 2))
        let ids = added.lines
        let moved = try outline.run(["mv"] + ids.dropFirst() + ["--under", ids[0]])
        #expect(moved.stdout == "moved \"t2\" and \(count - 2) others under \"t1\"\n")
        let removed = try outline.run(["rm"] + ids)
        #expect(removed.stdout == "removed \"t1\" and \(count - 1) others\n")
        #expect(try outline.tsv().count == 2)
        #expect(try outline.run(["undo", "2"]).stdout.hasPrefix("undone: rm \"t1\" and \(count - 1) others\n"))
        #expect(try outline.tsv().count == count + 2)
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test(arguments: outOfRangeNumbers)
    func numbersOutOfRange(arguments: [String], status: Int32, message: String) throws {
        let before = try outline.tsv()
        let result = try outline.run(arguments)
        #expect(result.status == status, "\(arguments): \(result)")
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try outline.tsv() == before)
    }

    @Test func hugeDepthsAndLimitsAreFine() throws {
        #expect(try outline.run(["ls", "--depth", "9223372036854775807"]).lines.count == 2)
        #expect(try outline.run(["history", "--limit", "9223372036854775807"]).lines.count == 1)
    }
}
