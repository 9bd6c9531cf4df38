/// Everything `show` says about one item: its fields, where it sits, and how much lies below it.
public struct ItemDetails: Equatable, Sendable {
    /// The item itself.
    public var item: Item
    /// Its anchored path, as typed (`/Groceries/Milk`).
    public var path: TitlePath
    /// The parent's anchored path; `/` for a top-level item.
    public var parentPath: TitlePath
    /// How many siblings it has, itself included: its position is among 1...`siblingCount`.
    public var siblingCount: Int
    /// Its depth from the top: 1 for a top-level item.
    public var depth: Int
    /// How many children it has.
    public var childCount: Int
    /// How many items lie below it, at any depth.
    public var descendantCount: Int
    /// Its global id, the same on every machine the outline syncs with; nil when it does not sync.
    public var globalID: String?
    /// Its state, tags, dates, priority and properties.
    public var attributes: ItemAttributes

    /// Details as the store reads them.
    public init(
        item: Item, path: TitlePath, parentPath: TitlePath, siblingCount: Int, depth: Int, childCount: Int,
        descendantCount: Int, globalID: String? = nil, attributes: ItemAttributes = ItemAttributes()
    ) {
        self.item = item
        self.path = path
        self.parentPath = parentPath
        self.siblingCount = siblingCount
        self.depth = depth
        self.childCount = childCount
        self.descendantCount = descendantCount
        self.globalID = globalID
        self.attributes = attributes
    }
}
