import GRDB

extension OutlineStore {
    /// Reorders the children of `parent` (not deeper), by `key`; equal keys keep their order,
    /// also when `reversed`.
    ///
    /// By title, children come in the order `ls --sections initial` lists them: section by
    /// section, then by each title's collation key (`TitleCollation`). By state, open before done.
    /// Only the rows whose position changes are written, so a list already in order records no
    /// step, and the change report holds the fewest moves.
    ///
    /// - Parameters:
    ///   - parent: the parent whose children to sort; the root sorts the top level.
    ///   - key: what to sort by.
    ///   - reversed: sort in the reverse order (equal keys still keep theirs).
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    /// - Throws: `unknownItem`.
    @discardableResult
    public func sort(
        _ parent: ItemID = .root, by key: SortKey = .title, reversed: Bool = false, reportingChanges: Bool = false
    ) throws -> ChangeResult {
        try performChange(reportingChanges: reportingChanges) { db in
            let parentTitle = parent == .root ? nil : try TreeQueries.item(db, parent).title
            let children = try TreeQueries.children(db, of: parent)
            let sorted = Self.sorted(children, by: key, reversed: reversed)
            let setPosition = try db.cachedStatement(sql: "UPDATE item SET position = ? WHERE id = ?")
            for (offset, item) in sorted.enumerated() where item.position != offset + 1 {
                try setPosition.execute(arguments: [offset + 1, item.id])
            }
            // A sort decides every item's place, those it left where they were too.
            return ChangeResult(
                action: .sort(parentTitle: parentTitle, key: key, reversed: reversed), touchedParents: [parent],
                moves: .everyItem)
        }
    }

    /// `items` in the order `sort` gives them: a stable sort (ties keep their place in `items`).
    static func sorted(_ items: [Item], by key: SortKey, reversed: Bool) -> [Item] {
        switch key {
        case .state:
            let ranked = items.enumerated().map { (rank: $1.isDone ? 1 : 0, index: $0, item: $1) }
            return ranked.sorted { left, right in
                if left.rank != right.rank { return (left.rank < right.rank) != reversed }
                return left.index < right.index
            }.map(\.item)
        case .title:
            let ranked = items.enumerated().map { index, item in
                (order: TitleCollation.Order(item.title), index: index, item: item)
            }
            return ranked.sorted { left, right in
                if left.order != right.order { return (left.order < right.order) != reversed }
                return left.index < right.index
            }.map(\.item)
        }
    }
}
