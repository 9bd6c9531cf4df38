/// One entry of a change report: a change to one parent's list of children, as SPEC defines it.
/// Positions are 1-based: `from` in the list as it was, `to` in the list as it is.
public struct ReportedChange: Equatable, Sendable {
    public var parent: ItemID
    public var kind: ResultsDiff.Kind
    public var id: ItemID
    public var from: Int?
    public var to: Int?

    public init(parent: ItemID, kind: ResultsDiff.Kind, id: ItemID, from: Int?, to: Int?) {
        self.parent = parent
        self.kind = kind
        self.id = id
        self.from = from
        self.to = to
    }
}
