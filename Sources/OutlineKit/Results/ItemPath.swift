/// Where an object sits in a results controller: a section and a row in it, both 0-based.
/// (Core Data calls this an index path; the name avoids a clash with Foundation's `IndexPath`.)
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, 0-based.
    public var section: Int
    /// The row within the section, 0-based.
    public var row: Int

    /// The path of `row` in `section` (default: the first, for a controller without sections).
    public init(section: Int = 0, row: Int) {
        self.section = section
        self.row = row
    }

    /// Paths order by section, then row: the order of the rows on screen.
    public static func < (left: ItemPath, right: ItemPath) -> Bool {
        (left.section, left.row) < (right.section, right.row)
    }

    /// `[section, row]`.
    public var description: String { "[\(section), \(row)]" }
}
