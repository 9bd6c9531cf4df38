enum ChangeReporter {
    /// The per-parent change sets of one change, each the diff of that parent's list before and
    /// after, as a results controller of the parent would compute it.
    ///
    /// Every parent's deletes come first, then each parent's inserts, moves and updates: an item
    /// moved to another parent is a delete under the old one and an insert under the new one, and
    /// a consumer that applies the report in order must never hold it in two places at once,
    /// whichever parent has the lower id.
    static func report(_ parentChanges: [ParentChange]) -> [ReportedChange] {
        let perParent = parentChanges.map { change in
            let diff = ResultsDiff(
                from: ResultsSnapshot(rows: change.before.map(ResultsSnapshot.Row.init)),
                to: ResultsSnapshot(rows: change.after.map(ResultsSnapshot.Row.init)))
            return diff.objectChanges.map { object in
                ReportedChange(
                    parent: change.parent, kind: object.kind, id: object.id, from: object.from.map { $0.row + 1 },
                    to: object.to.map { $0.row + 1 })
            }
        }
        // Within a parent the deletes already come first (`ResultsDiff`'s order), so a stable
        // partition keeps each parent's own order.
        let all = perParent.flatMap { $0 }
        return all.filter { $0.kind == .delete } + all.filter { $0.kind != .delete }
    }
}
