/// How urgent an item is: A is the highest, as in org-mode's `[#A]`.
public enum Priority: String, CaseIterable, Comparable, Sendable {
    /// The highest.
    case a = "A"
    /// The middle one.
    case b = "B"
    /// The lowest.
    case c = "C"

    /// Reads `A`, `B` or `C`, or taskwarrior's `H`, `M` and `L`, in either case.
    ///
    /// - Throws: `invalidPriority`.
    public init(parsing text: String) throws {
        switch text.uppercased() {
        case "A", "H": self = .a
        case "B", "M": self = .b
        case "C", "L": self = .c
        default: throw OutlineError.invalidPriority(text)
        }
    }

    /// A is less than B: sorting ascending puts the highest first.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}
