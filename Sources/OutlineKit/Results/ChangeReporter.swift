enum ChangeReporter {
    /// The per-parent change sets of one change, each the diff of that parent's list before and
    /// after, as a results controller of the parent would compute it.
    ///
    /// Every parent's deletes come first, then each parent's inserts, moves and updates: an item
    /// moved to another parent is a delete under the old one and an insert under the new one, and
    /// a consumer that applies the report in order must never hold it in two places at once,
    /// whichever parent has the lower id. Of the rest, the changes to lists that now lie inside a
    /// new item come first: the consumer still holds those lists, detached, and fetches the new
    /// item's subtree whole when it is inserted, after them.
    static func report(_ parentChanges: [ParentChange]) -> [ReportedChange] {
        let perParent = parentChanges.map { change in
            // A row whose attributes alone changed must differ in content to be an update.
            let before = change.before.map { item in
                var row = ResultsSnapshot.Row(item)
                if change.attributesChanged.contains(item.id) { row.content += "\u{3}attributes before" }
                return row
            }
            let diff = ResultsDiff(
                from: ResultsSnapshot(rows: before),
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
        let inNewItems = Set(parentChanges.filter(\.liesInNewItem).map(\.parent))
        let rest = all.filter { $0.kind != .delete }
        return all.filter { $0.kind == .delete } + rest.filter { inNewItems.contains($0.parent) }
            + rest.filter { !inNewItems.contains($0.parent) }
    }
}
