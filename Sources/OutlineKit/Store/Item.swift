import GRDB

/// One item of the outline, as stored.
public struct Item: Equatable, Sendable, FetchableRecord {
    public var id: ItemID
    public var parentID: ItemID
    /// 1-based position among its siblings.
    public var position: Int
    public var title: String

    public init(id: ItemID, parentID: ItemID, position: Int, title: String) {
        self.id = id
        self.parentID = parentID
        self.position = position
        self.title = title
    }

    public init(row: Row) {
        id = row["id"]
        parentID = row["parent_id"] ?? ItemID.root
        position = row["position"]
        title = row["title"]
    }
}
