import Foundation
import Testing

/// Items nest at most `OutlineStore.maximumDepth` (500) levels deep: commands refuse to go
/// deeper, and a file made deeper outside outline gets clear errors, never a stack overflow.
@Suite("Nesting depth")
struct NestingTests {
    let outline = OutlineProcess()

    /// A chain 1 → 2 → … → `levels`, item n at level n, made with the sqlite3 shell in one go.
    private func makeChain(levels: Int) throws {
        try outline.createDatabase()
        try outline.sqlite(
            """
            WITH RECURSIVE chain(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM chain WHERE n < \(levels))
            INSERT INTO item (id, parent_id, position, title) SELECT n, n - 1, 1, 'level ' || n FROM chain;
            """)
    }

    @Test func commandsStopAtTheLimit() throws {
        try makeChain(levels: 500)
        let message = "error: that would nest items more than 500 levels deep, the most an outline may\n"
        let tooDeep = try outline.run(["add", "x", "--under", "500"])
        #expect(tooDeep.status == 1 && tooDeep.stderr == message)
        #expect(try outline.run(["add", "sibling of the deepest", "--under", "499"]).status == 0)
        let branch = try outline.run(["add", "branch"]).stdout.trimmingCharacters(in: .newlines)
        try outline.run(["add", "leaf", "--under", branch])
        let moved = try outline.run(["mv", branch, "--under", "499"])
        #expect(moved.status == 1 && moved.stderr == message, "a 2-level subtree under level 499")
        #expect(try outline.run(["mv", branch, "--under", "498"]).status == 0)
        #expect(try outline.run(["ls", "--tsv"]).lines.count == 503)
        #expect(try outline.run(["rm", "1"]).stdout == "removed \"level 1\" and 502 descendants\n")
        #expect(try outline.run(["undo"]).status == 0)
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func aFileNestedDeeperOutsideGetsErrorsNotCrashes() throws {
        try makeChain(levels: 3000)
        let message =
            "error: the outline nests more than 500 levels deep (the file was edited outside outline); "
            + "run 'outline check'\n"
        for command in [["ls"], ["ls", "--tsv"], ["ls", "--json"], ["rm", "1"]] {
            let result = try outline.run(command)
            #expect(result.status == 1 && result.signal == nil, "\(command): \(result.status)")
            #expect(result.stderr == message, "\(command)")
        }
        let check = try outline.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("problem: items nested more than 500 levels deep: 501\n"))
        let shallower = try outline.run(["rm", "2500"])
        #expect(shallower.stdout == "removed \"level 2500\" and 500 descendants\n", "a subtree of 501 levels can go")
    }

    /// An outline at the limit leaves in every document format and comes back whole. JSON too:
    /// its reader stopped at 255 levels, so an export that `export` wrote without a word could
    /// not be imported; it now reads as deep as an outline holds.
    @Test(arguments: ["markdown", "opml", "org", "text", "json"])
    func anOutlineAtTheLimitExportsAndImportsBack(format: String) throws {
        try makeChain(levels: 500)
        let document = try outline.run(["export", "--format", format])
        #expect(document.status == 0)
        let copy = OutlineProcess()
        let file = copy.directory + "/deep." + format
        try Data(document.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try copy.run(["import", file, "--format", format])
        #expect(imported.status == 0, "\(imported)")
        let titles = { (tree: RunResult) in tree.lines.map { $0.split(separator: "\t")[3...4].joined(separator: " ") } }
        #expect(titles(try copy.run(["ls", "--tsv"])) == titles(try outline.run(["ls", "--tsv"])))
    }
}
