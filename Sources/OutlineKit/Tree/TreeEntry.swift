/// One item met by a depth-first walk of the outline, with what a renderer needs to draw it.
public struct TreeEntry: Equatable, Sendable {
    /// The item itself.
    public var item: Item
    /// 1 for the children of the walk's start, 2 for their children, and so on.
    public var depth: Int
    /// True when no sibling follows this item: a tree renderer draws `└─` rather than `├─`.
    public var isLastSibling: Bool
    /// How many descendants of this item a walk's depth limit left out: 0 when the walk shows its
    /// children, or when it has none.
    public var hiddenDescendants: Int
    /// The item's attributes, when the walk was asked to read them (`readingAttributes`); nil
    /// otherwise.
    public var attributes: ItemAttributes?

    /// The item's id.
    public var id: ItemID { item.id }

    /// An entry for `item` met at `depth`, with `hiddenDescendants` left out below it.
    public init(item: Item, depth: Int, isLastSibling: Bool, hiddenDescendants: Int = 0) {
        self.item = item
        self.depth = depth
        self.isLastSibling = isLastSibling
        self.hiddenDescendants = hiddenDescendants
    }

    /// An entry for `item` with `attributes`, whose depth and place a walk fills in.
    init(item: Item, attributes: ItemAttributes?) {
        self.init(item: item, depth: 0, isLastSibling: false)
        self.attributes = attributes
    }
}
