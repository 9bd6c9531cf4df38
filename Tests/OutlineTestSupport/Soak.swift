import Foundation
import Testing

extension Tag {
    /// Long runs that hunt for rare faults: fuzzing, torture under concurrency, kills of big
    /// commands, races over a network.
    @Tag public static var soak: Self
}

/// Whether the soak tests run. `.ci/run` runs them (`OUTLINE_SOAK=1 scripts/test`); a plain
/// `swift test` leaves them out, so that the run a change needs stays short.
public enum Soak {
    /// True when `OUTLINE_SOAK` is `1`.
    public static var isOn: Bool { ProcessInfo.processInfo.environment["OUTLINE_SOAK"] == "1" }
    /// Why a soak test did not run, as the test report says it.
    public static let skipped: Comment = "a soak test: OUTLINE_SOAK=1 scripts/test runs it, as CI does"
}
