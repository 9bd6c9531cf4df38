import Testing

/// Schema version 10 moved a step's changeset to the end of its row, so that SQLite writes the
/// zero blob a big changeset is streamed into without building it in memory (Docs/performance.md,
/// "The undo step's changeset, last"). A file of version 9 keeps its whole history across that.
@Suite("the undo history with its changeset last (schema 10)")
struct ChangesetColumnUpgradeTests {
    let outline = OutlineProcess()

    /// Every column of a step, the changeset's bytes included, in id order.
    private static let steps = """
        SELECT id, name, hex(changeset), created_at, undone, list_ends, origin FROM undo_step ORDER BY id
        """

    /// The names of `undo_step`'s columns, in the order a row stores them.
    private func stepColumns() throws -> String {
        try outline.sqlite("SELECT group_concat(name, ' ') FROM (SELECT name FROM pragma_table_info('undo_step'))")
    }

    @Test func aNewFileKeepsTheChangesetLast() throws {
        try outline.run(["add", "a"])
        #expect(try stepColumns() == "id name created_at undone list_ends origin changeset")
        #expect(try outline.sqlite("SELECT typeof(changeset), length(changeset) > 0 FROM undo_step") == "blob|1")
    }

    /// The `schema-9` fixture, written by the release before: every step is still there with its
    /// id and every value, the counter that numbers new steps is as it was, and each step still
    /// undoes and redoes.
    @Test func aVersion9FileKeepsEveryStep() throws {
        try outline.loadFixture("schema-9")
        // A counter past the last step, as pruning the history leaves it.
        try outline.sqlite("UPDATE sqlite_sequence SET seq = 20 WHERE name = 'undo_step'")
        let before = try outline.sqlite(Self.steps)
        #expect(before.split(separator: "\n").count == 10)
        #expect(try stepColumns() == "id name changeset created_at undone list_ends origin")

        let items = try outline.tsv()
        #expect(
            items == [
                "1\t0\t1\t1\tGroceries\t0", "2\t1\t1\t2\tMilk\t1", "3\t1\t2\t2\tEggs\t0", "4\t0\t2\t1\tWork\t0",
                "5\t4\t1\t2\tReport\t0", "6\t4\t2\t2\tOld task\t0",
            ])
        #expect(try outline.sqlite("PRAGMA user_version") == "10")
        #expect(try stepColumns() == "id name created_at undone list_ends origin changeset")
        #expect(try outline.sqlite(Self.steps) == before)
        #expect(try outline.run(["check"]).stdout == "ok: 6 items, schema 10, no problems found\n")

        #expect(try outline.run(["redo"]).stdout == "redone: done \"Old task\"\n")
        let names = try outline.historyNames()
        #expect(names.count == 10)
        for name in names {
            #expect(try outline.run(["undo"]).stdout == "undone: \(name)\n")
        }
        #expect(try outline.tsv() == [])
        #expect(try outline.run(["redo", "9"]).status == 0)
        #expect(try outline.tsv() == items)
        try outline.run(["add", "Bread", "--under", "Groceries"])
        #expect(try outline.sqlite("SELECT max(id) FROM undo_step") == "21")
    }
}
