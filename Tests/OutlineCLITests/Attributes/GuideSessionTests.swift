import Foundation
import Testing

/// The session in Docs/guide.md's "Tasks, dates and the agenda", run as written: each `$ ` line
/// by the shell, with `outline` on the path and a new database, its output compared with the
/// lines the guide shows under it.
@Suite("the guide's session of tasks and dates")
struct GuideSessionTests {
    let outline = OutlineProcess()

    /// The commands of the section's first `console` block, each with the output shown under it.
    static func session() throws -> [(command: String, output: String)] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/guide.md").path
        let guide = try String(contentsOfFile: path, encoding: .utf8)
        let section = try #require(guide.range(of: "### Tasks, dates and the agenda"))
        let start = try #require(guide.range(of: "```console\n", range: section.upperBound..<guide.endIndex))
        let end = try #require(guide.range(of: "```\n", range: start.upperBound..<guide.endIndex))
        var steps: [(command: String, output: String)] = []
        for line in guide[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), ""))
            } else if !line.isEmpty, !steps.isEmpty {
                steps[steps.count - 1].output += line + "\n"
            }
        }
        return steps
    }

    @Test func theSessionRunsAsWritten() throws {
        let steps = try Self.session()
        #expect(steps.count > 10, "the guide's session was found")
        let folder = URL(fileURLWithPath: OutlineProcess.binary).deletingLastPathComponent().path
        var exports = "export PATH='\(folder)':\"$PATH\" OUTLINE_DB='\(outline.database)'; "
        for (command, output) in steps {
            if command.hasPrefix("export ") {
                exports += command + "; "
                continue
            }
            let result = try OutlineProcess.run(["sh", "-c", exports + command], input: nil, viaShell: true)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(command): \(result)")
            #expect(result.stdout == output, "\(command)")
        }
    }
}
