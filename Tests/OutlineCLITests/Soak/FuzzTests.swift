import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// Random command lines and standard inputs against a scratch database. After every command:
/// no crash, no hang, an exit status of 0, 1 or 64, a refusal that is one clean line and changed
/// nothing, no control character on standard output, and an outline that passes `check`.
///
/// The suite runs it briefly; `scripts/fuzz` runs it for minutes with a fresh seed.
/// `OUTLINE_FUZZ_SECONDS` and `OUTLINE_FUZZ_SEED` set the length and the seed.
@Suite("Fuzzing: random command lines", .tags(.soak), .enabled(if: Soak.isOn, Soak.skipped))
struct FuzzTests {
    /// Far above any command here; a command still running then is hung.
    static let timeLimit: TimeInterval = 60

    @Test func randomCommandLinesLeaveASoundOutline() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["OUTLINE_FUZZ_SECONDS"].flatMap { Double($0) } ?? 15
        let seed = environment["OUTLINE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_121
        let outline = OutlineProcess()
        try outline.run(["add", "first", "second", "third"])
        try outline.run(["add", "child", "--under", "1"])
        var fuzzer = CommandLineFuzzer(seed: seed)
        var state = try OutlineState(outline.database)
        var outcomes: [Int32: Int] = [:]
        let deadline = Date().addingTimeInterval(seconds)
        var count = 0
        while Date() < deadline {
            count += 1
            let (arguments, input) = fuzzer.next(knownIDs: state.ids)
            let result = try OutlineProcess.run(
                ["--db", outline.database] + arguments, input: input, timeout: Self.timeLimit)
            let after = try OutlineState(outline.database)
            let problems = Self.problems(result, arguments: arguments, before: state, after: after)
            if !problems.isEmpty {
                let shownInput =
                    input.map { String(decoding: $0.prefix(200), as: UTF8.self).debugDescription } ?? "none"
                Issue.record(
                    """
                    fuzz seed \(seed), command \(count): outline \(arguments.map(\.debugDescription).joined(separator: " "))
                    standard input: \(shownInput)
                    \(problems.joined(separator: "\n"))
                    \(result)
                    """)
                return
            }
            outcomes[result.status, default: 0] += 1
            state = after
            // Now and then the check command itself, not only the library's checker behind it.
            if count % 100 == 0 { #expect(try outline.run(["check"]).status == 0, "after command \(count)") }
        }
        #expect(try outline.run(["check"]).status == 0)
        #expect(outcomes[0, default: 0] > count / 10, "some commands succeed: \(outcomes)")
        #expect(outcomes[64, default: 0] > 0 && outcomes[1, default: 0] > 0, "\(outcomes)")
        print(
            "fuzz: seed \(seed), \(count) commands in \(Int(seconds)) s, exit statuses \(outcomes.sorted { $0.key < $1.key })"
        )
    }

    static func problems(_ result: RunResult, arguments: [String], before: OutlineState, after: OutlineState)
        -> [String]
    {
        var problems: [String] = []
        if result.timedOut { problems.append("hung: killed after \(Int(timeLimit)) s") }
        if let signal = result.signal { problems.append("crashed with signal \(signal)") }
        if ![0, 1, 64].contains(result.status) { problems.append("exit status \(result.status)") }
        if result.stdout.unicodeScalars.contains(where: isForbiddenInOutput) {
            problems.append("a control character on standard output")
        }
        if result.status != 0, !result.foundNothing(arguments) {
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            if !result.stderr.hasPrefix("error: ") || lines.count != 2 || lines[1] != "" {
                problems.append("the error is not one line starting 'error: '")
            }
            if result.stderr.unicodeScalars.contains(where: isForbiddenInOutput) {
                problems.append("a control character in the error")
            }
            if after != before { problems.append("a refused command changed the database") }
        }
        if !after.problems.isEmpty { problems.append("check fails: \(after.problems)") }
        return problems
    }

    /// C0 and C1 controls other than line feed and tab (TSV's separator): none can reach the
    /// output, whatever the format. (Bidi controls are text, kept in TSV and JSON.)
    static func isForbiddenInOutput(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\n" || scalar == "\t" { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// What a command could change, read in this process through the library, and what `check`
/// finds wrong with it.
struct OutlineState: Equatable {
    var items: [Item] = []
    var history: [String] = []
    var problems: [String] = []

    var ids: [Int64] { items.map(\.id) }

    init(_ path: String) throws {
        let store = try OutlineStore(path: path)
        defer { try? store.close() }
        try store.walk { items.append($0.item) }
        history = try store.undoManager.history().map { "\($0.number) \($0.isUndone) \($0.name)" }
        problems = try store.check().problems.map(\.description)
    }
}
