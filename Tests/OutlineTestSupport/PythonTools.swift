import Foundation

/// The Python readers that exports are checked against (markdown-it-py, orgparse), from the
/// checkout's own virtual environment, which `scripts/deps` makes in `.build-tools/python`.
public enum PythonTools {
    /// The environment's `python3`; nil where `scripts/deps` has not made it.
    public static var python: String? {
        // This file is Tests/OutlineTestSupport/PythonTools.swift: three levels below the checkout.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let python = checkout.appendingPathComponent(".build-tools/python/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }

    /// Runs `script` with `input` on its standard input and returns what it printed.
    ///
    /// - Throws: `Failure` when the environment is missing or the script fails, with what it
    ///   said.
    public static func run(_ script: String, input: String) throws -> String {
        guard let python else {
            throw Failure(
                message: "no .build-tools/python: run scripts/deps, which installs markdown-it-py and orgparse")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let folder = TemporaryDirectory()
        let inputFile = folder.file("input")
        try input.write(toFile: inputFile, atomically: true, encoding: .utf8)
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
        FileManager.default.createFile(atPath: folder.file("out"), contents: nil)
        FileManager.default.createFile(atPath: folder.file("err"), contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("out")))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("err")))
        try process.run()
        process.waitUntilExit()
        let printed = try String(contentsOfFile: folder.file("out"), encoding: .utf8)
        guard process.terminationStatus == 0 else {
            let said = (try? String(contentsOfFile: folder.file("err"), encoding: .utf8)) ?? ""
            throw Failure(message: "python exited \(process.terminationStatus): \(said)")
        }
        return printed
    }

    /// A script that failed, or an environment that is missing.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
