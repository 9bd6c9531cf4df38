import Foundation
import OutlineTestSupport
import Testing

/// SIGKILL at a random moment: every command happens whole or not at all, the file stays sound,
/// and undo still works.
@Suite("Killed commands leave all or nothing", .tags(.soak), .enabled(if: Soak.isOn, Soak.skipped))
struct CrashSafetyTests {
    let outline = OutlineProcess()

    /// Starts `outline ARGUMENTS` with standard input from `inputFile`, kills it with SIGKILL after
    /// `delay` seconds, and returns whether it had already finished by itself. It is waited for
    /// in steps, so that a run given long to finish ends as soon as it does.
    private func runAndKill(_ arguments: [String], inputFile: String?, after delay: TimeInterval) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: OutlineProcess.binary)
        process.arguments = arguments + ["--db", outline.database]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = inputFile.flatMap { FileHandle(forReadingAtPath: $0) } ?? FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning, Date() < deadline {
            usleep(useconds_t(min(0.01, max(0, deadline.timeIntervalSinceNow)) * 1_000_000))
        }
        let finished = !process.isRunning
        if !finished { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return finished
    }

    private func itemCount() throws -> Int { try outline.tsv().count }

    @Test func aKilledAddOfTwoHundredThousandTitlesLeavesAllOrNone() throws {
        let titles = outline.directory + "/titles.txt"
        try (1...200_000).map { "imported title \($0)\n" }.joined().write(
            toFile: titles, atomically: true, encoding: .utf8)
        // `add` creates the file only once it has read its input: a kill before then leaves no
        // file for `check` to read.
        try outline.createDatabase()
        var rng = SeededGenerator(seed: 2026)
        for attempt in 1...4 {
            let before = try itemCount()
            let delay = Double.random(in: 0.05...1.5, using: &rng)
            _ = try runAndKill(["add", "-"], inputFile: titles, after: delay)
            let after = try itemCount()
            #expect(
                after == before || after == before + 200_000,
                "attempt \(attempt), killed after \(delay) s: \(after - before) added")
            #expect(try outline.run(["check"]).status == 0, "attempt \(attempt)")
        }
        // Let one run finish, so that undo has the big step to revert.
        // Given minutes: on a loaded 2-core machine a debug build took over 30 s.
        _ = try runAndKill(["add", "-"], inputFile: titles, after: 600)
        let full = try itemCount()
        #expect(full >= 200_000)
        let undo = try outline.run(["undo"])
        #expect(undo.status == 0)
        #expect(undo.stdout.hasPrefix("undone: add \"imported title 1\" and 199999 others"))
        #expect(try itemCount() == full - 200_000)
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func aKilledRemovalAndAKilledUndoLeaveAllOrNone() throws {
        try outline.run(["add", "big"])
        let titles = outline.directory + "/titles.txt"
        try (1...50_000).map { "child \($0)\n" }.joined().write(toFile: titles, atomically: true, encoding: .utf8)
        _ = try runAndKill(["add", "-", "--under", "1"], inputFile: titles, after: 600)
        let whole = try outline.tsv()
        #expect(whole.count == 50_001)
        var rng = SeededGenerator(seed: 7)
        for attempt in 1...3 {
            let delay = Double.random(in: 0.01...0.4, using: &rng)
            _ = try runAndKill(["rm", "1"], inputFile: nil, after: delay)
            let count = try itemCount()
            #expect(count == 0 || count == 50_001, "rm attempt \(attempt): \(count) left")
            #expect(try outline.run(["check"]).status == 0)
            if count == 0 {
                // Removed: now kill its undo, which must also land whole or not at all.
                _ = try runAndKill(["undo"], inputFile: nil, after: Double.random(in: 0.01...0.4, using: &rng))
                let restored = try itemCount()
                #expect(restored == 0 || restored == 50_001, "undo attempt \(attempt): \(restored) back")
                #expect(try outline.run(["check"]).status == 0)
                if restored == 0 { #expect(try outline.run(["undo"]).status == 0) }
            }
            #expect(try outline.tsv() == whole, "attempt \(attempt): the outline is back as it was")
        }
    }
}
