/// Why a DATE could not be read: one line that says what was expected.
public struct DateInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as it was given.
    public var input: String
    /// What is wrong with it, and what was expected: "2026-02-30 does not exist: February 2026
    /// has 28 days".
    public var reason: String

    /// The error that `input` could not be read for `reason`. Internal: only ``DateInput``
    /// refuses a DATE.
    init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    /// `cannot read the date "…": <reason>`, on one line: the input's control characters and
    /// line breaks are written as escapes (`\n`).
    public var description: String {
        "cannot read the date \(input.debugDescription): \(reason)"
    }
}
