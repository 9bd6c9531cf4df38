import ArgumentParser
import Foundation

/// The program that writes OutlineCommands' generated parsers (`FastParserGenerator`), run from
/// the package's root: `swift run GenerateParsers`, or scripts/generate-parsers, which also copes
/// with a generated file that no longer compiles. A command of its own, so that its `--help`
/// says what it does and swift-argument-parser's manual plugin (scripts/man), which asks every
/// program of the package for its description, gets one.
@main
struct GenerateParsers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-parsers",
        abstract: "Write the fast command-line parsers of outline from the commands' declarations.",
        discussion: "Run from the package's root, after changing a command's options or operands.")

    @Flag(help: "Write nothing; exit 1 if the file is not what would be written.")
    var check = false

    func run() throws {
        let file = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(FastParserGenerator.path)
        let source = FastParserGenerator.source()
        if check {
            let current = try? String(contentsOf: file, encoding: .utf8)
            guard current == source else {
                FileHandle.standardError.write(
                    Data("\(FastParserGenerator.path) is stale: run scripts/generate-parsers\n".utf8))
                throw ExitCode.failure
            }
            return
        }
        try source.write(to: file, atomically: true, encoding: .utf8)
        FileHandle.standardError.write(Data("wrote \(FastParserGenerator.path)\n".utf8))
    }
}
