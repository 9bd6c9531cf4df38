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
    /// - Throws: `ToolFailure` when the environment is missing or the script fails, with what it
    ///   said.
    public static func run(_ script: String, input: String) throws -> String {
        guard let python else {
            throw ToolFailure(
                message: "no .build-tools/python: run scripts/deps, which installs markdown-it-py and orgparse")
        }
        return try ToolRun.run(python, ["-c", script], input: input, in: TemporaryDirectory()).printedOnSuccess {
            "python exited \($0.status): \($0.said)"
        }
    }
}
