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
}
