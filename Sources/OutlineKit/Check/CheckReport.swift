/// One broken invariant found by `check`.
public struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line: `item 5 has a missing parent 4`.
    public var description: String
    /// A problem described by `description`.
    public init(_ description: String) { self.description = description }
}

/// The outcome of `check`: what was verified, and every problem found.
public struct CheckReport: Equatable, Sendable {
    /// How many items the outline holds, the root not counted.
    public var itemCount: Int
    /// The file's schema version.
    public var schemaVersion: Int
    /// Every problem found, in the order the checks ran; empty for a sound file.
    public var problems: [Problem]
    /// True when no problem was found.
    public var isHealthy: Bool { problems.isEmpty }
}
