import Foundation
import Testing

/// The errors that `Docs/reliability.md` quotes for bad files are the binary's own: each is made
/// by the binary, its file's path written `F` as the doc writes it, and looked for in the doc.
@Suite("Errors quoted in the docs")
struct DocumentedErrorTests {
    let outline = OutlineProcess()

    static let reliability: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/reliability.md").path
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    /// The message `ls` gives for the file at `path`, as the doc quotes it: without `error: `,
    /// with the path as `F`, and each of `details` (SQLite's own words, sizes) as the doc
    /// writes it.
    func quoted(_ path: String, details: [(String, String)] = []) throws -> String {
        let result = try OutlineProcess.run(["ls", "--db", path], input: nil)
        #expect(result.status == 1, "\(result)")
        var message = String(result.stderr.dropFirst("error: ".count).dropLast())
        message = message.replacingOccurrences(of: path, with: "F")
        for (detail, written) in details { message = message.replacingOccurrences(of: detail, with: written) }
        return "`" + message + "`"
    }

    @Test func badFileErrorsAreQuotedAsTheBinaryGivesThem() throws {
        try outline.run(["add", "-"], input: (1...400).map { "item \($0)\n" }.joined())
        try outline.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        let original = try #require(outline.fileBytes())

        let newer = outline.directory + "/newer.db"
        try original.write(to: URL(fileURLWithPath: newer))
        try OutlineProcess.sqlite(newer, "PRAGMA user_version = 99")
        let newerMessage = try quoted(newer)
        #expect(Self.reliability.contains(newerMessage), "\(newerMessage)")

        let damaged = outline.directory + "/damaged.db"
        var bytes = original
        for index in 100..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 131 &+ 7) }
        try bytes.write(to: URL(fileURLWithPath: damaged))
        let damagedMessage = try quoted(damaged, details: [("database disk image is malformed", "…")])
        #expect(Self.reliability.contains(damagedMessage), "\(damagedMessage)")

        let cut = outline.directory + "/cut.db"
        try original.prefix(8192).write(to: URL(fileURLWithPath: cut))
        let cutMessage = try quoted(
            cut, details: [("8192 bytes", "N bytes"), ("promises \(original.count)", "promises M")])
        #expect(Self.reliability.contains(cutMessage), "\(cutMessage)")

        let random = outline.directory + "/random.db"
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }).write(to: URL(fileURLWithPath: random))
        let randomMessage = try quoted(random)
        #expect(Self.reliability.contains(randomMessage), "\(randomMessage)")
    }
}
