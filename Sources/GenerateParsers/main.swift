import Foundation

// Writes the generated parsers (FastParserGenerator) into OutlineCommands, from the package's
// root: `swift run GenerateParsers`, or scripts/generate-parsers, which also copes with a
// generated file that no longer compiles.
let file = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    .appendingPathComponent(FastParserGenerator.path)
do {
    try FastParserGenerator.source().write(to: file, atomically: true, encoding: .utf8)
    FileHandle.standardError.write(Data("wrote \(FastParserGenerator.path)\n".utf8))
} catch {
    FileHandle.standardError.write(Data("generate-parsers: \(error)\n".utf8))
    exit(1)
}
