/// One entry of a change report: a change to one parent's list of children, as SPEC defines it.
/// Positions are 1-based: `from` in the list as it was, `to` in the list as it is.
public struct ReportedChange: Equatable, Sendable {
    public var parent: ItemID
    public var kind: ChangeSet.Kind
    public var id: ItemID
    public var from: Int?
    public var to: Int?

    public init(parent: ItemID, kind: ChangeSet.Kind, id: ItemID, from: Int?, to: Int?) {
        self.parent = parent
        self.kind = kind
        self.id = id
        self.from = from
        self.to = to
    }
}

enum ChangeReporter {
    /// The per-parent change sets of one change, each computed by a results controller of that
    /// parent: shown the list before, then updated to the list after.
    static func report(_ parentChanges: [ParentChange]) -> [ReportedChange] {
        parentChanges.flatMap { change in
            let controller = ResultsController(request: .children(of: change.parent), items: change.before)
            return controller.update(to: change.after).objectChanges.map { object in
                ReportedChange(
                    parent: change.parent, kind: object.kind, id: object.id, from: object.from.map { $0.row + 1 },
                    to: object.to.map { $0.row + 1 })
            }
        }
    }
}
