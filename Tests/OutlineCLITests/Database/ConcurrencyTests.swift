import Foundation
import Testing

/// SPEC: many processes on one file; every command waits its turn and nothing is lost.
@Suite("Concurrent processes on one database")
struct ConcurrencyTests {
    let outline = OutlineProcess()

    /// Runs `workers` threads, each running `commands(worker)` one after another; returns failures.
    private func runConcurrently(workers: Int, commands: @escaping @Sendable (Int) -> [[String]]) -> [String] {
        let failures = FailureLog()
        let group = DispatchGroup()
        let database = outline.database
        for worker in 0..<workers {
            group.enter()
            Thread {
                for arguments in commands(worker) {
                    do {
                        let result = try OutlineProcess.run(arguments + ["--db", database], input: nil)
                        if result.status != 0 { failures.add("\(arguments): \(result.stderr)") }
                    } catch {
                        failures.add("\(arguments): \(error)")
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        return failures.entries
    }

    @Test func eightProcessesAddingFiftyEachToOneParent() throws {
        let parent = try outline.run(["add", "inbox"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let failures = runConcurrently(workers: 8) { worker in
            (0..<50).map { ["add", "w\(worker)-\($0)", "--under", parent] }
        }
        #expect(failures == [])
        let children = try outline.run(["ls", parent, "--tsv"]).lines
        #expect(children.count == 400)
        #expect(children.map { Int($0.split(separator: "\t")[2])! } == Array(1...400))
        // Each worker's items keep the order that worker added them in.
        for worker in 0..<8 {
            let titles = children.map { String($0.split(separator: "\t")[4]) }.filter { $0.hasPrefix("w\(worker)-") }
            #expect(titles == (0..<50).map { "w\(worker)-\($0)" })
        }
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func concurrentMovesBetweenTwoParents() throws {
        try outline.run(["add", "left", "right"])
        let ids = try outline.run(["add", "-", "--under", "1"], input: (1...40).map { "item \($0)\n" }.joined()).lines
        #expect(ids.count == 40)
        let failures = runConcurrently(workers: 8) { worker in
            // Each worker shuttles its own five items back and forth, at the front or the end.
            let mine = ids[(worker * 5)..<(worker * 5 + 5)]
            return (0..<6).flatMap { round in
                mine.map { id in
                    round % 2 == 0 ? ["mv", id, "--under", "2", "--at", "1"] : ["mv", id, "--under", "1"]
                }
            }
        }
        #expect(failures == [])
        let all = try outline.tsv()
        let left = all.filter { $0.split(separator: "\t")[1] == "1" }
        let right = all.filter { $0.split(separator: "\t")[1] == "2" }
        #expect(left.count == 40)
        #expect(right.count == 0)
        #expect(left.map { Int($0.split(separator: "\t")[2])! } == Array(1...40))
        #expect(try outline.run(["check"]).status == 0)
    }
}
