import Foundation
import GRDB

extension OutlineStore {
    /// Adds `titles` as consecutive siblings, in order, in one transaction.
    ///
    /// - Parameters:
    ///   - titles: the titles, each trimmed and checked as `Title.validated` says.
    ///   - parent: the parent; nil means the root, or the anchor's parent for `.before`/`.after`.
    ///   - placement: where the first title goes; the default puts them last.
    ///   - attributes: what every new item holds beyond its title (`set`'s options).
    ///   - date: when the attributes are given: the done time of a done keyword.
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    /// - Returns: the new ids, in the order of `titles`.
    /// - Throws: a title error, `unknownItem`, `positionOutOfRange`, `anchorNotUnderParent`,
    ///   `unknownKeyword`.
    ///
    /// ```swift
    /// let milk = try store.add(["Milk"], under: groceries, placement: .at(1)).ids[0]
    /// ```
    @discardableResult
    public func add(
        _ titles: [String], under parent: ItemID? = nil, placement: Placement = .end,
        attributes: AttributeChange = AttributeChange(), at date: Date = Date(), reportingChanges: Bool = false
    ) throws -> ChangeResult {
        let titles = try titles.map(Title.validated)
        guard !titles.isEmpty else { throw OutlineError.noTitles }
        return try performChange(reportingChanges: reportingChanges) { db in
            let place = try placement.resolve(db, parent: parent, count: titles.count)
            try TreeQueries.requireRoom(levels: 1, belowDepth: try TreeQueries.ancestry(db, of: place.parent).count)
            // Make room: only the siblings after the insertion point move. An append goes after
            // the largest position, so none do, and the statement is not even prepared (SQLite
            // compiles the item table's foreign key, indexes and triggers into it, a cost every
            // `add` would pay: Docs/performance.md, "Start-up").
            if placement != .end {
                try db.cachedStatement(
                    sql: "UPDATE item SET position = position + ? WHERE parent_id = ? AND position > ?"
                ).execute(arguments: [titles.count, place.parent, place.index])
            }
            let insert = try db.cachedStatement(
                sql: "INSERT INTO item (parent_id, position, title) VALUES (?, ?, ?)")
            var ids: [ItemID] = []
            ids.reserveCapacity(titles.count)
            for (offset, title) in titles.enumerated() {
                try insert.execute(arguments: [place.parent, place.index + offset + 1, title])
                ids.append(db.lastInsertedRowID)
            }
            if !attributes.isEmpty {
                let workflow = try Self.workflow(db)
                for id in ids {
                    var item = try AttributedItem.read(db, id)
                    _ = try item.apply(attributes, workflow: workflow, at: date)
                    _ = try item.write(db)
                }
            }
            let parentTitle = place.parent == .root ? nil : try TreeQueries.item(db, place.parent).title
            return ChangeResult(
                action: .add(titles: titles, parentTitle: parentTitle), ids: ids, touchedParents: [place.parent])
        }
    }

    /// Removes the items with all their descendants; later siblings close up.
    ///
    /// - Parameters:
    ///   - ids: the items to remove, each named once; not the root.
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    /// - Throws: `rootNotAllowed`, `duplicateItem`, `unknownItem`. Nothing is removed on error.
    @discardableResult
    public func remove(_ ids: [ItemID], reportingChanges: Bool = false) throws -> ChangeResult {
        try performChange(on: ids, operation: "removed", reportingChanges: reportingChanges) { db, items in
            let removedCount = try TreeQueries.subtreeSize(db, rootedAt: ids)
            // ON DELETE CASCADE takes the descendants.
            try db.execute(
                sql: "DELETE FROM item WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [JSONText.array(ids)])
            let parents = Set(items.map(\.parentID))
            for parent in parents {
                try TreeQueries.closeGaps(db, under: parent)
            }
            let action = Action.remove(titles: items.map(\.title), descendants: removedCount - ids.count)
            return ChangeResult(action: action, touchedParents: parents)
        }
    }

    /// Moves the items, with their subtrees, to be consecutive siblings at the new place, in order.
    ///
    /// - Parameters:
    ///   - ids: the items to move, in the order they are to stand; not the root.
    ///   - parent: the new parent; nil means the root, or the anchor's parent for `.before`/`.after`.
    ///   - placement: where the first item goes; the default puts them last.
    ///   - reportingChanges: also compute the change report (`ChangeResult.changes`).
    /// - Throws: `rootNotAllowed`, `duplicateItem`, `unknownItem`, `moveIntoOwnSubtree`,
    ///   `anchorIsMoved`, `positionOutOfRange`, `anchorNotUnderParent`.
    @discardableResult
    public func move(
        _ ids: [ItemID], under parent: ItemID? = nil, placement: Placement = .end, reportingChanges: Bool = false
    ) throws -> ChangeResult {
        try performChange(on: ids, operation: "moved", reportingChanges: reportingChanges) { db, items in
            let movedIDs = Set(ids)
            let destination = try placement.destination(db, parent: parent, moving: movedIDs)
            let ancestry = try TreeQueries.ancestry(db, of: destination)
            if let cycle = ancestry.first(where: movedIDs.contains) {
                throw OutlineError.moveIntoOwnSubtree(item: cycle, destination: destination)
            }
            try TreeQueries.requireRoom(levels: try TreeQueries.height(db, of: ids), belowDepth: ancestry.count)

            let siblings = try TreeQueries.children(db, of: destination)
            var newOrder = siblings.map(\.id).filter { !movedIDs.contains($0) }
            newOrder.insert(contentsOf: ids, at: try placement.index(in: newOrder, parent: destination))
            let oldPositions = Dictionary(uniqueKeysWithValues: siblings.map { ($0.id, $0.position) })

            let setPlace = try db.cachedStatement(
                sql: "UPDATE item SET parent_id = ?, position = ? WHERE id = ?")
            for (offset, id) in newOrder.enumerated() where oldPositions[id] != offset + 1 {
                try setPlace.execute(arguments: [destination, offset + 1, id])
            }
            for oldParent in Set(items.map(\.parentID)) where oldParent != destination {
                try TreeQueries.closeGaps(db, under: oldParent)
            }
            let action = Action.move(
                titles: items.map(\.title),
                destination: try describeDestination(db, placement: placement, parent: destination))
            // The items named, not the siblings they passed: `mv c --after d` moved c, not d.
            return ChangeResult(
                action: action, touchedParents: Set(items.map(\.parentID)).union([destination]),
                moves: .items(Set(items.filter { $0.parentID == destination }.map(\.id))))
        }
    }

    /// Gives the item a new title.
    ///
    /// - Throws: a title error, `rootNotAllowed`, `unknownItem`.
    @discardableResult
    public func edit(_ id: ItemID, title: String, reportingChanges: Bool = false) throws -> ChangeResult {
        let title = try Title.validated(title)
        if id == .root { throw OutlineError.rootNotAllowed(operation: "retitled") }
        return try performChange(reportingChanges: reportingChanges) { db in
            let old = try TreeQueries.item(db, id)
            try db.cachedStatement(sql: "UPDATE item SET title = ? WHERE id = ?")
                .execute(arguments: [title, id])
            return ChangeResult(action: .edit(from: old.title, to: title))
        }
    }

    /// One step (`performChange`) that changes the items `ids` names, as `body` does, after
    /// `requireDistinctItems` (`operation`: what the step does to them, for its error); `body`
    /// is given the items as they were before it.
    func performChange(
        on ids: [ItemID], operation: String, reportingChanges: Bool, _ body: (Database, [Item]) throws -> ChangeResult
    ) throws -> ChangeResult {
        try requireDistinctItems(ids, operation: operation)
        return try performChange(reportingChanges: reportingChanges) { db in
            try body(db, try ids.map { try TreeQueries.item(db, $0) })
        }
    }

    /// Refuses no items, the root (`operation`: what the step would do to it) and an item named
    /// twice.
    func requireDistinctItems(_ ids: [ItemID], operation: String) throws {
        if ids.isEmpty { throw OutlineError.noItems }
        if ids.contains(.root) { throw OutlineError.rootNotAllowed(operation: operation) }
        var seen = Set<ItemID>()
        for id in ids where !seen.insert(id).inserted { throw OutlineError.duplicateItem(id) }
    }

    func describeDestination(_ db: Database, placement: Placement, parent: ItemID) throws
        -> Action.MoveDestination
    {
        switch placement {
        case .before(let anchor): return .before(siblingTitle: try TreeQueries.item(db, anchor).title)
        case .after(let anchor): return .after(siblingTitle: try TreeQueries.item(db, anchor).title)
        case .end, .at:
            let parentTitle = parent == .root ? nil : try TreeQueries.item(db, parent).title
            let position: Int? = if case .at(let position) = placement { position } else { nil }
            return .under(parentTitle: parentTitle, position: position)
        }
    }
}
