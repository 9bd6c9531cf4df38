/// What a results controller shows: one parent's children, in an order, optionally in sections.
public struct FetchRequest: Equatable, Sendable {
    public enum Sort: Equatable, Sendable {
        /// The outline's own order: positions 1...n.
        case position
        /// By title, compared by its Latin transliteration (张 sorts with Z), case folded.
        case title
        case id
    }

    public enum SectionKey: Equatable, Sendable {
        /// One section per initial letter, as in a contacts list; titles that do not start with
        /// a letter go under "#", last.
        case initial
    }

    public var parent: ItemID
    public var sort: Sort
    public var sectionKey: SectionKey?

    public init(parent: ItemID = .root, sort: Sort = .position, sectionKey: SectionKey? = nil) {
        self.parent = parent
        self.sort = sort
        self.sectionKey = sectionKey
    }

    /// The children of `parent` in outline order: what `ls` and the change reports use.
    public static func children(of parent: ItemID) -> FetchRequest { FetchRequest(parent: parent) }
}
