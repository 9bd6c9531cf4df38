import Foundation

/// What `find`'s FILTERs ask of an item's attributes beyond its text: every filter given must
/// hold (SPEC, the `find` row).
public struct SearchFilters: Equatable, Sendable {
    /// A state a filter accepts: a keyword, or a plain item.
    public enum State: Equatable, Sendable {
        /// Items with this keyword (matched ignoring case against the workflow).
        case keyword(String)
        /// Items with no keyword.
        case plain
    }

    /// Tags the item must all carry, set or written as `#word` in its title.
    public var tags: [String] = []
    /// States of which the item must have one; empty for any.
    public var states: [State] = []
    /// The lowest priority accepted: `.b` accepts A and B.
    public var priority: Priority?
    /// Open items due on or before this date (and time, if it has one).
    public var dueBy: TaskDate?
    /// Open items scheduled on or before this date (and time, if it has one).
    public var scheduledBy: TaskDate?
    /// Items done, or repeating items last done, at or after this moment.
    public var doneSince: Date?
    /// Properties the item must have: the key, and the value when one is given (compared
    /// exactly; keys ignoring case).
    public var properties: [(key: String, value: String?)] = []

    /// Filters that accept every item.
    public init() {}

    /// Whether no filter is given.
    public var isEmpty: Bool {
        tags.isEmpty && states.isEmpty && priority == nil && dueBy == nil && scheduledBy == nil && doneSince == nil
            && properties.isEmpty
    }

    /// Properties compared key by key and value by value.
    public static func == (lhs: SearchFilters, rhs: SearchFilters) -> Bool {
        lhs.tags == rhs.tags && lhs.states == rhs.states && lhs.priority == rhs.priority && lhs.dueBy == rhs.dueBy
            && lhs.scheduledBy == rhs.scheduledBy && lhs.doneSince == rhs.doneSince
            && lhs.properties.map(\.key) == rhs.properties.map(\.key)
            && lhs.properties.map(\.value) == rhs.properties.map(\.value)
    }
}
