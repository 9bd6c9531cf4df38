/// A subtree as an outliner shows it: the items below `root`, in outline order, except those
/// below a folded item.
///
/// It holds no rows, only the choice of what to show; `OutlineStore` reads its rows a screen at a
/// time (`rows(of:from:count:)`, `rows(of:before:count:)`), so that a million-item outline costs
/// what one screen of it costs, unfolded or not.
///
/// ```swift
/// var tree = VisibleTree(root: .root)
/// let first = try store.firstRow(of: tree)
/// let screen = try store.rows(of: tree, from: first!, count: 40)
/// tree.fold(screen[0].id)
/// ```
public struct VisibleTree: Equatable, Sendable {
    /// Whose descendants are shown: the root for the whole outline, or an item zoomed into.
    public var root: ItemID
    /// The items whose children are hidden. An id here that has no children, or is no longer in
    /// the outline, changes nothing.
    public private(set) var folded: Set<ItemID>

    /// A tree of `root`'s descendants with the items in `folded` folded.
    public init(root: ItemID = .root, folded: Set<ItemID> = []) {
        self.root = root
        self.folded = folded
    }

    /// Whether `id`'s children are hidden.
    public func isFolded(_ id: ItemID) -> Bool { folded.contains(id) }

    /// Hides `id`'s children.
    public mutating func fold(_ id: ItemID) { folded.insert(id) }

    /// Shows `id`'s children (and keeps the folds below them as they were).
    public mutating func unfold(_ id: ItemID) { folded.remove(id) }

    /// Shows every item below `root`.
    public mutating func unfoldAll() { folded.removeAll() }
}

/// One row of a `VisibleTree`: an item, its attributes, and what the outliner draws beside it.
public struct OutlineRow: Equatable, Sendable {
    /// The item.
    public var item: Item
    /// Its state, tags, dates, priority and properties.
    public var attributes: ItemAttributes
    /// 1 for a child of the tree's root, 2 for a grandchild, and so on.
    public var depth: Int
    /// Whether the item has children, shown or folded.
    public var hasChildren: Bool
    /// Whether it has children and they are folded away.
    public var isFolded: Bool

    /// The item's id.
    public var id: ItemID { item.id }

    /// A row with the given fields, as the store reads them.
    public init(item: Item, attributes: ItemAttributes, depth: Int, hasChildren: Bool, isFolded: Bool) {
        self.item = item
        self.attributes = attributes
        self.depth = depth
        self.hasChildren = hasChildren
        self.isFolded = isFolded
    }
}
