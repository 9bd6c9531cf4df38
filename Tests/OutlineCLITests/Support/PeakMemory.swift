import Foundation

/// How much memory one run of the binary took at its peak, as GNU time reports it
/// (`scripts/deps` installs it). The test runner cannot ask itself: its `RUSAGE_CHILDREN` is the
/// peak of every child that any test has run, and a child it reaped itself with `wait4` was, now
/// and then, reaped first by Foundation's `Process` for another test, which left no figure.
enum PeakMemory {
    /// What one run left: its exit status and its peak resident set, in KiB.
    struct Outcome {
        var status: Int32
        var peakKiB: Int
    }

    /// Runs `outline ARGUMENTS` under `/usr/bin/time`; a status of -1 where time gave no figures.
    static func run(_ arguments: [String]) throws -> Outcome {
        let result = try OutlineProcess.run(
            ["-f", "%x %M", OutlineProcess.binary] + arguments, input: nil, executable: "/usr/bin/time")
        // The figures are time's last line; the binary's own messages come before it.
        let figures = result.stderr.split(separator: "\n").last?.split(separator: " ").compactMap { Int($0) } ?? []
        guard figures.count == 2 else {
            return Outcome(status: -1, peakKiB: 0)
        }
        return Outcome(status: Int32(figures[0]), peakKiB: figures[1])
    }
}
