/// One entry of a change report: a change to one parent's list of children.
/// Positions are 1-based: `from` in the list as it was, `to` in the list as it is.
public struct ReportedChange: Equatable, Sendable {
    /// The parent whose list of children changed.
    public var parent: ItemID
    /// Insert, delete, move or update.
    public var kind: ResultsDiff.Kind
    /// The item that changed.
    public var id: ItemID
    /// Its 1-based position in the list before: for delete, move and update.
    public var from: Int?
    /// Its 1-based position in the list after: for insert, move and update.
    public var to: Int?

    /// A change of `kind` to `id` under `parent`, from position `from` to `to`.
    public init(parent: ItemID, kind: ResultsDiff.Kind, id: ItemID, from: Int?, to: Int?) {
        self.parent = parent
        self.kind = kind
        self.id = id
        self.from = from
        self.to = to
    }
}
