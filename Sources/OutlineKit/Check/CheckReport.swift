/// One broken invariant found by `check`.
public struct Problem: Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The outcome of `check`: what was verified, and every problem found.
public struct CheckReport: Equatable, Sendable {
    public var itemCount: Int
    public var schemaVersion: Int
    public var problems: [Problem]
    public var isHealthy: Bool { problems.isEmpty }
}
