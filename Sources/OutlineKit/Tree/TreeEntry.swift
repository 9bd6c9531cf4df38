/// One item met by a depth-first walk of the outline, with what a renderer needs to draw it.
public struct TreeEntry: Equatable, Sendable {
    public var item: Item
    /// 1 for the children of the walk's start, 2 for their children, and so on.
    public var depth: Int
    /// True when no sibling follows this item: a tree renderer draws `└─` rather than `├─`.
    public var isLastSibling: Bool

    public var id: ItemID { item.id }

    public init(item: Item, depth: Int, isLastSibling: Bool) {
        self.item = item
        self.depth = depth
        self.isLastSibling = isLastSibling
    }
}
