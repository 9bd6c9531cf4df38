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

    /// Decodes `SELECT id, parent_id, position, title`, by column index: looking columns up by
    /// name costs more than the rest of the decoding when a listing reads every row.
    public init(row: Row) {
        id = row[0]
        parentID = row[1] ?? ItemID.root
        position = row[2]
        title = row[3]
    }
}
