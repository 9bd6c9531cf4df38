import Foundation
import GRDB

/// The lists a step touched, put in order after the step was undone or redone by what it did
/// (`ChangesetApplication`, `besideMovedSiblings`): each as `ListByIntent` says.
///
/// Numbering a list by the recorded positions alone put an item a sync added wherever its
/// number fell among the step's (the undo of `add z --at 1` beside an item added after x2 sent
/// that item to the end); anchoring every item the step did not add to the step's item before
/// it put the middle item of a reversed list out of place, and the last item of a list, moved
/// away and back, first.
struct ListsByIntent {
    /// Each list the step touched, by parent.
    private let lists: [ItemID: ListByIntent]

    /// Reads the lists that `rows` were in or go to, before the rows are applied.
    ///
    /// - Parameter touchedLists: the lists the step changed (`ListEnds`), nil for a step
    ///   recorded before they were kept.
    /// - Parameter step: the step the rows are of; the items that steps after it (a sync's
    ///   among them) brought into its lists are told by it. Nil: none is told.
    /// - Throws: `ChangesetApplication.Mismatch` when the items the step moved within a list
    ///   stand in another order among themselves than the rows expect, or one of the items it
    ///   numbered is now in a list the step did not touch: someone moved it since (a sync),
    ///   which an undo by intent would silently move back, or leave where it is and call done.
    init(_ rows: [ChangedRow], touchedLists: Set<ItemID>?, step: StepID?, _ db: Database) throws {
        var (rowsByList, gone) = try Self.rowsByList(rows, db)
        if let touchedLists {
            // A row that changes position alone names no list; the step found it in one it touched.
            for (parent, rows) in rowsByList where !touchedLists.contains(parent) {
                if let moved = rows.first(where: \.changesPositionAlone) {
                    throw ChangesetApplication.Mismatch(reason: "item \(moved.id) was moved to another list since")
                }
            }
        }
        let parents = Set(rowsByList.keys)
        // An item moved to another list at the same number names no position: a later step
        // that changed it tells the number this step left it at.
        let unplaced = Set(rows.filter(\.movesAtTheSameNumber).map(\.id))
        let later =
            try step.map {
                try Self.laterHistory(of: parents, unplaced: unplaced, gone: Set(gone.map(\.id)), after: $0, db)
            }
            ?? LaterHistory()
        // A row numbered again whose item a later step removed still held its place: the items
        // the step did not move fill the others.
        for row in gone {
            if let parent = later.removedFrom[row.id], parents.contains(parent) { rowsByList[parent]?.append(row) }
        }
        // A row that changes only a title or a note leaves its item where it stood.
        let placedByStep = Set(
            rows.filter { $0.kind != .update || $0.new.position != nil || $0.oldParent != nil || $0.newParent != nil }
                .map(\.id))
        var lists: [ItemID: ListByIntent] = [:]
        for (parent, rows) in rowsByList {
            let list = ListByIntent(
                parent: parent, current: try Self.children(of: parent, db), rows: rows, placedByStep: placedByStep,
                cameLater: later.cameLater, positionsAsLeft: later.positionsAsLeft)
            if let moved = list.firstMovedSince() {
                throw ChangesetApplication.Mismatch(reason: "item \(moved) was moved since")
            }
            lists[parent] = list
        }
        self.lists = lists
    }

    /// The lists `rows` were in or go to. A row that changed position alone names no parent in
    /// the changeset: its list is the one it is in now.
    static func lists(of rows: [ChangedRow], _ db: Database) throws -> Set<ItemID> {
        Set(try rowsByList(rows, db).byList.keys)
    }

    /// `rows` by the lists they were in or go to (a row that moves its item to another list is
    /// under both), and the rows that change a position alone whose item is gone.
    private static func rowsByList(_ rows: [ChangedRow], _ db: Database) throws -> (
        byList: [ItemID: [ChangedRow]], gone: [ChangedRow]
    ) {
        var byList: [ItemID: [ChangedRow]] = [:]
        var gone: [ChangedRow] = []
        let current = try db.cachedStatement(sql: "SELECT parent_id FROM item WHERE id = ?")
        for row in rows {
            if row.changesPositionAlone {
                if let parent = try ItemID.fetchOne(current, arguments: [row.id]) {
                    byList[parent, default: []].append(row)
                } else {
                    gone.append(row)
                }
                continue
            }
            for parent in Set([row.oldParent, row.newParent].compactMap { $0 }) {
                byList[parent, default: []].append(row)
            }
        }
        return (byList, gone)
    }

    /// Numbers each list 1...n in the order `ListByIntent` gives it.
    func putInOrder(_ db: Database) throws {
        let renumber = try db.cachedStatement(sql: "UPDATE item SET position = ? WHERE id = ? AND position IS NOT ?")
        for (parent, list) in lists.sorted(by: { $0.key < $1.key }) {
            let order = list.order(now: try Self.childrenWithPlaces(of: parent, db))
            for (index, id) in order.enumerated() { try renumber.execute(arguments: [index + 1, id, index + 1]) }
        }
    }

    /// What the steps after a step did that its rows cannot tell (`laterHistory`).
    struct LaterHistory {
        /// The items they put in the step's lists, as a new item or moved there.
        var cameLater: Set<ItemID> = []
        /// The positions the step left items at that it moved to another list at the same
        /// number, where a later step changed them.
        var positionsAsLeft: [ItemID: Int] = [:]
        /// The list each of the step's items that a later step removed was removed from.
        var removedFrom: [ItemID: ItemID] = [:]
    }

    /// What the steps after `step` (a sync's, or a later one's) did to `lists`, to the items
    /// in `unplaced` (moved at the same number) and to those in `gone` (removed since).
    private static func laterHistory(
        of lists: Set<ItemID>, unplaced: Set<ItemID>, gone: Set<ItemID>, after step: StepID, _ db: Database
    ) throws -> LaterHistory {
        var history = LaterHistory()
        let later = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT CAST(changeset AS BLOB) FROM undo_step WHERE id > ? ORDER BY id"),
            arguments: [step])
        while let row = try later.next() {
            let bytes: Data = row[0]
            for changed in try SessionChangeset(bytes: bytes).rows(inverted: false) {
                if let parent = changed.newParent, lists.contains(parent) { history.cameLater.insert(changed.id) }
                if unplaced.contains(changed.id), history.positionsAsLeft[changed.id] == nil,
                    let old = changed.old.position
                {
                    history.positionsAsLeft[changed.id] = old
                }
                if gone.contains(changed.id), changed.kind == .delete, let parent = changed.oldParent {
                    history.removedFrom[changed.id] = parent
                }
            }
        }
        return history
    }

    /// The children of `parent` with their positions, by position, then id.
    private static func childrenWithPlaces(of parent: ItemID, _ db: Database) throws -> [(
        id: ItemID, position: Int
    )] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT id, CAST(position AS INTEGER) FROM item WHERE parent_id = ? ORDER BY position, id
                    """),
            arguments: [parent]
        ).map { ($0[0], $0[1]) }
    }

    /// The children of `parent`, by position, then id (an item put back where a sibling now
    /// stands goes first).
    private static func children(of parent: ItemID, _ db: Database) throws -> [ItemID] {
        try ItemID.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM item WHERE parent_id = ? ORDER BY position, id"),
            arguments: [parent])
    }
}
