import GRDB

/// A failure of SQLite that outline has no more specific error for: the `DatabaseError` that GRDB
/// reported, kept whole as the cause.
public struct DatabaseFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error as GRDB reported it.
    public let cause: DatabaseError

    /// Wraps `cause`.
    public init(_ cause: DatabaseError) { self.cause = cause }

    /// SQLite's message, or its result code when it gave none.
    public var description: String { cause.message ?? "\(cause.resultCode)" }

    /// Failures are equal when SQLite reported the same code and message.
    public static func == (left: DatabaseFailure, right: DatabaseFailure) -> Bool {
        left.cause.extendedResultCode == right.cause.extendedResultCode && left.cause.message == right.cause.message
    }
}
