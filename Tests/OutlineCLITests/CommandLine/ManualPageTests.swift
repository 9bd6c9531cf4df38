import Foundation
import Testing

@testable import OutlineCommands

@Suite("The manual page")
struct ManualPageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Docs/outline.1").standardized.path

    /// `man --warnings` reads the page without a complaint (mdoc objects to blank lines, among
    /// other things), and the page documents every command.
    @Test func manReadsThePageWithoutWarnings() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else {
            Issue.record("man is not installed; scripts/deps installs it")
            return
        }
        let result = try OutlineProcess.run(
            ["sh", "-c", "man --warnings -l \"$0\" > /dev/null", Self.page], input: nil,
            environment: ["MANWIDTH": "80"], viaShell: true)
        #expect(result.status == 0)
        #expect(result.stderr == "", "\(result.stderr)")
        let text = try String(contentsOfFile: Self.page, encoding: .utf8)
        for command in Outline.commandNames {
            #expect(text.contains(".It Em \(command)\n"), "\(command)")
        }
    }

    /// The page is generated from the help texts by swift-argument-parser's plugin, which drops
    /// every character that is not ASCII: a help text that needs one would lose it in the page.
    @Test func helpTextsAreASCIISoThatThePageKeepsThemWhole() throws {
        for command in Outline.commandNames.sorted() + [""] {
            let help = try OutlineProcess.run(command.isEmpty ? ["--help"] : [command, "--help"], input: nil)
            #expect(help.status == 0)
            let foreign = help.stdout.unicodeScalars.filter { !$0.isASCII }
            #expect(foreign.isEmpty, "outline \(command) --help holds \(String(String.UnicodeScalarView(foreign)))")
        }
    }
}
