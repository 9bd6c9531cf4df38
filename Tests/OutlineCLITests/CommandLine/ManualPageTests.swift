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

    /// The page is as current as the commands: each command's abstract and every option it takes
    /// are in the command's section. (Generating the page needs a release build of the whole
    /// package, too slow for a test; an option or a help text added without `scripts/man` shows
    /// here.)
    @Test func thePageHoldsEveryCommandsAbstractAndOptions() throws {
        let text = try String(contentsOfFile: Self.page, encoding: .utf8)
        let leaves = Outline.configuration.subcommands.filter { $0.configuration.subcommands.isEmpty }
        #expect(leaves.count > 15)
        for command in leaves {
            let name = try #require(command.configuration.commandName)
            let start = try #require(text.range(of: ".It Em \(name)\n"), "\(name) has no section")
            let rest = text[start.upperBound...]
            let section = rest[..<(rest.range(of: "\n.It Em ")?.lowerBound ?? rest.endIndex)]
            #expect(section.contains(command.configuration.abstract), "\(name): its abstract")
            let options = ParserDescription.arguments(of: command).flatMap(ParserDescription.names(of:))
                .filter { $0.hasPrefix("--") && $0 != "--help" }
            #expect(!options.isEmpty, "\(name) takes --db at least")
            for option in options {
                #expect(section.contains(".It Fl -\(option.dropFirst(2))"), "\(name) \(option) is not in the page")
            }
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
