import Foundation
import Testing

/// The completion script for each shell is written.
@Suite("Completion scripts")
struct CompletionScriptTests {
    let outline = OutlineProcess()

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) throws {
        let script = try outline.run(["--generate-completion-script", shell], useDatabaseOption: false)
        #expect(script.status == 0)
        #expect(script.stdout.contains("outline"))
        #expect(script.stdout.count > 500)
    }
}
