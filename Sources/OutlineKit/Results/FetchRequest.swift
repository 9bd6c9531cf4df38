/// What a results controller shows: one parent's children, in an order, optionally in sections.
public struct FetchRequest: Equatable, Sendable {
    /// The order of the objects.
    public enum Sort: Equatable, Sendable {
        /// The outline's own order: positions 1...n.
        case position
        /// By title, compared by its Latin transliteration (张 sorts with Z), case folded.
        case title
        /// By id: the order in which the items were made.
        case id
    }

    /// What groups the objects into sections.
    public enum SectionKey: Equatable, Sendable {
        /// One section per initial letter, as in a contacts list; titles that do not start with
        /// a letter go under "#", last.
        case initial
    }

    /// Whose children are shown: the root (0) or an item.
    public var parent: ItemID
    /// The order within and across sections.
    public var sort: Sort
    /// The sections, or nil for one unnamed section holding every object.
    public var sectionKey: SectionKey?

    /// A request for `parent`'s children (default: the top level), in `sort` order, in sections by
    /// `sectionKey`.
    public init(parent: ItemID = .root, sort: Sort = .position, sectionKey: SectionKey? = nil) {
        self.parent = parent
        self.sort = sort
        self.sectionKey = sectionKey
    }

    /// The children of `parent` in outline order: what listings and change reports use.
    public static func children(of parent: ItemID) -> FetchRequest { FetchRequest(parent: parent) }
}
