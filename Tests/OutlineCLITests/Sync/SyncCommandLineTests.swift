import Foundation
import Testing

/// A mistake in one of sync's own commands points at that command's page.
@Suite("sync's command line")
struct SyncCommandLineTests {
    let outline = OutlineProcess()

    /// A mistake in one of sync's own commands points at that command's page, not sync's.
    @Test(arguments: [
        (["sync", "init"], "missing expected argument '<remote>' (see 'outline sync init --help')"),
        (["sync", "status", "--bogus"], "unknown option '--bogus' (see 'outline sync status --help')"),
        (["sync", "compact", "extra"], "unexpected argument 'extra' (see 'outline sync compact --help')"),
        (["sync", "--bogus"], "unknown option '--bogus' (see 'outline sync --help')"),
    ])
    func aSyncMistakePointsAtItsOwnPage(arguments: [String], message: String) throws {
        let result = try outline.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == "error: \(message)\n")
    }
}
