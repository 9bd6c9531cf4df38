import GRDB

/// One item of the outline, as stored: a plain value, read and written through `OutlineStore`.
public struct Item: Equatable, Sendable {
    /// The item's stable id, never given to another item.
    public var id: ItemID
    /// The parent's id: `ItemID.root` for a top-level item.
    public var parentID: ItemID
    /// 1-based position among its siblings.
    public var position: Int
    /// The title: one line of text, trimmed (see `Title`).
    public var title: String

    /// An item with the given fields, as the store would return it.
    public init(id: ItemID, parentID: ItemID, position: Int, title: String) {
        self.id = id
        self.parentID = parentID
        self.position = position
        self.title = title
    }
}

/// How the store decodes an `Item` from a row: kept inside the library, so that GRDB's record
/// protocols are not part of `Item`'s public face.
struct ItemRecord: FetchableRecord {
    let item: Item

    /// Decodes `SELECT id, parent_id, position, title`, by column index: looking columns up by
    /// name costs more than the rest of the decoding when a listing reads every row.
    init(row: Row) {
        item = Item(id: row[0], parentID: row[1] ?? ItemID.root, position: row[2], title: row[3])
    }
}
