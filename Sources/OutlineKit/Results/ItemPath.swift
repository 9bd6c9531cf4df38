/// Where an object sits in a results controller: a section and a row in it, both 0-based.
/// (Core Data calls this an index path; the name avoids a clash with Foundation's `IndexPath`.)
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(section: Int = 0, row: Int) {
        self.section = section
        self.row = row
    }

    public static func < (left: ItemPath, right: ItemPath) -> Bool {
        (left.section, left.row) < (right.section, right.row)
    }

    public var description: String { "[\(section), \(row)]" }
}
