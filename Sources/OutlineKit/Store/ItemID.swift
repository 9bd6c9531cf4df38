/// The stable integer id of an item; `0` is the invisible root.
public typealias ItemID = Int64

extension ItemID {
    /// The invisible root: parent of every top-level item.
    public static let root: ItemID = 0
}
