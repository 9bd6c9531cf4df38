import Foundation
import Testing

/// `check` on a file whose pages were damaged.
@Suite("check, end to end")
struct CheckCommandTests {
    let outline = OutlineProcess()

    @Test func checkListsTheDamageOfACorruptFile() throws {
        try outline.run(["add", "-"], input: (1...3000).map { "item number \($0)\n" }.joined())
        // Move every page into the main file, then overwrite the root page of the tree's index.
        try outline.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        let rootPage = UInt64(try outline.sqlite("SELECT rootpage FROM sqlite_master WHERE name = 'item_by_parent'"))!
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: outline.database))
        try handle.seek(toOffset: (rootPage - 1) * 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        try handle.close()
        let result = try outline.run(["check"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("problem: "))
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.filter { $0 == "\n" }.count == 1)
        let json = try outline.run(["check", "--json"])
        #expect(json.stdout.hasPrefix("{\"ok\":false,"))
    }

    /// Attributes outline never writes, stored with sqlite3: each is named, read as no value,
    /// and the file is otherwise whole.
    @Test func checkNamesAttributesEditedOutside() throws {
        try outline.run(["add", "a", "b", "c", "d", "e", "f", "g", "h", "i", "--state", "TODO"])
        try outline.sqlite(
            """
            UPDATE item SET priority = 'Z' WHERE id = 1; UPDATE item SET due = '2026-02-30' WHERE id = 2;
            UPDATE item SET state = 'WAITING' WHERE id = 3; UPDATE item SET properties = '[1]' WHERE id = 4;
            UPDATE item SET state = 'DONE' WHERE id = 5; UPDATE item SET tags = 'a-b  x' WHERE id = 6;
            UPDATE item SET properties = '{"a":"1","A":"2"}' WHERE id = 7; UPDATE item SET due_repeat = '+1w' WHERE id = 8;
            UPDATE item SET last_done = 'yesterday' WHERE id = 9;
            """)
        let result = try outline.run(["check"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                problem: item 1 has the priority Z, not A, B or C
                problem: item 2 has a due date that cannot be read: 2026-02-30
                problem: item 3 has the keyword WAITING, which the workflow lacks
                problem: item 4 has properties that are not a JSON object of one-line texts under keys
                problem: item 5 has the keyword DONE, but its done time says it is open
                problem: item 6 has tags that are not words separated by spaces: a-b  x
                problem: item 7 has properties that are not a JSON object of one-line texts under keys
                problem: item 8 has a due repeater +1w but no date
                problem: item 9 has a last-done time that is not a number

                """)
        let shown = try outline.run(["show", "2", "--json"])
        #expect(shown.status == 0 && shown.stdout.contains(#""due":null"#))
        // A change of another attribute leaves the unreadable due date for check to name.
        try outline.run(["set", "2", "--tag", "x", "--priority", "A"])
        #expect(try outline.sqlite("SELECT due FROM item WHERE id = 2") == "2026-02-30")
        // Naming it clears it.
        try outline.run(["set", "2", "--due", "none"])
        #expect(try outline.sqlite("SELECT count(*) FROM item WHERE id = 2 AND due IS NULL") == "1")
    }
}
