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
    /// - Parameter listEnds: the lists the step changed, and the items it moved within them
    ///   when its command said; nil for a step recorded before they were kept.
    /// - Parameter step: the step the rows are of; the items that steps after it (a sync's
    ///   among them) brought into its lists, or moved, are told by it. Nil: none is told.
    /// - Throws: `ChangesetApplication.Mismatch` when an item the step moved within a list was
    ///   moved since by a later step (a sync), or removed, or is now in a list the step did not
    ///   touch: an undo by intent would silently move it back, or leave it where it is and call
    ///   that done.
    init(_ rows: [ChangedRow], listEnds: ListEnds?, step: StepID?, _ db: Database) throws {
        var (rowsByList, gone) = try Self.rowsByList(rows, db)
        let recordedMoves = listEnds?.moves
        if let touchedLists = listEnds.map({ Set($0.lastPosition.keys) }) {
            // A row that changes position alone names no list; the step found it in one it
            // touched. An item the step moved on purpose that stands in another list now was
            // moved there since; a sibling it only shifted is left where it went, and its list
            // is numbered as it stands (the row's number belongs to the old list).
            for (parent, rows) in rowsByList where !touchedLists.contains(parent) {
                if let moved = rows.first(where: { $0.changesPositionAlone && recordedMoves?.includes($0.id) == true })
                {
                    throw ChangesetApplication.Mismatch(reason: "item \(moved.id) was moved to another list since")
                }
                rowsByList[parent] = rows.filter { !$0.changesPositionAlone }
            }
        }
        // Every item a `mv` named removed since: nothing it did is left to undo or redo.
        if case .items(let named)? = recordedMoves, let removed = gone.first(where: { named.contains($0.id) }),
            try !named.contains(where: { try TreeQueries.exists(db, $0) })
        {
            throw ChangesetApplication.Mismatch(reason: "item \(removed.id) was removed since")
        }
        if !rows.isEmpty, gone.count == rows.count {
            throw ChangesetApplication.Mismatch(reason: "its items were removed since")
        }
        let parents = Set(rowsByList.keys)
        let later = try step.map { try Self.laterHistory(of: parents, after: $0, db) } ?? LaterHistory()
        // An item the step moved on purpose (one a sort left at its number too) that a later
        // step took out of its list: the undo would leave it there and call the list restored.
        if let recordedMoves,
            let left = later.leftLists.first(where: { recordedMoves.includes($0) && !later.cameLater.contains($0) })
        {
            throw ChangesetApplication.Mismatch(reason: "item \(left) was moved to another list since")
        }
        // A row that changes only a title or a note leaves its item where it stood.
        let placedByStep = Set(
            rows.filter { $0.kind != .update || $0.new.position != nil || $0.oldParent != nil || $0.newParent != nil }
                .map(\.id))
        // An item the step added, removed or moved to another list, moved since within its list:
        // the undo would drop that move without a word.
        if let moved = rows.filter({ !$0.changesPositionAlone && ($0.kind != .update || $0.newParent != nil) })
            .map(\.id).sorted().first(where: later.movedWithin.contains)
        {
            throw ChangesetApplication.Mismatch(reason: "item \(moved) was moved since")
        }
        var lists: [ItemID: ListByIntent] = [:]
        for (parent, rows) in rowsByList {
            let list = ListByIntent(
                parent: parent, current: try Self.children(of: parent, db), rows: rows, placedByStep: placedByStep,
                cameLater: later.cameLater, positionsAsLeft: later.positionsAsLeft, recordedMoves: recordedMoves)
            if let moved = list.movedWithin.sorted().first(where: later.movedWithin.contains) {
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
        /// The number each item stood at when the first of them to number it again did: the
        /// one the step left it at.
        var positionsAsLeft: [ItemID: Int] = [:]
        /// The items those still done moved within their lists on purpose.
        var movedWithin: Set<ItemID> = []
        /// The items those still done moved out of the step's lists to another list, in order.
        var leftLists: [ItemID] = []
    }

    /// What the steps after `step` (a sync's, or a later one's) did to `lists`.
    private static func laterHistory(of lists: Set<ItemID>, after step: StepID, _ db: Database) throws
        -> LaterHistory
    {
        var history = LaterHistory()
        let later = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT CAST(changeset AS BLOB), CAST(list_ends AS TEXT), undone FROM undo_step
                    WHERE id > ? ORDER BY id
                    """),
            arguments: [step])
        while let row = try later.next() {
            let bytes: Data = row[0]
            let rows = try SessionChangeset(bytes: bytes).rows(inverted: false)
            // An undone step's moves are undone.
            let stillDone = (row[2] as Int) == 0
            for changed in rows {
                if let parent = changed.newParent, lists.contains(parent) { history.cameLater.insert(changed.id) }
                if stillDone, changed.kind == .update, let parent = changed.oldParent, lists.contains(parent),
                    changed.newParent != parent
                {
                    history.leftLists.append(changed.id)
                }
                if history.positionsAsLeft[changed.id] == nil, let old = changed.old.position {
                    history.positionsAsLeft[changed.id] = old
                }
            }
            guard stillDone else { continue }
            if let said = ListEnds(stored: row[1])?.moves {
                history.movedWithin.formUnion(said.moved(among: rows))
            } else {
                history.movedWithin.formUnion(try movedOnPurpose(rows, db))
            }
        }
        return history
    }

    /// The items `rows` moved within their lists on purpose, read from the rows alone (a step
    /// whose command did not say): in each list, those outside a longest run that kept its
    /// order.
    private static func movedOnPurpose(_ rows: [ChangedRow], _ db: Database) throws -> Set<ItemID> {
        var byList: [ItemID: [ChangedRow]] = [:]
        let current = try db.cachedStatement(sql: "SELECT parent_id FROM item WHERE id = ?")
        for row in rows where row.changesPositionAlone && row.old.position != nil {
            if let parent = try ItemID.fetchOne(current, arguments: [row.id]) {
                byList[parent, default: []].append(row)
            }
        }
        var moved: Set<ItemID> = []
        for (_, rows) in byList {
            let inOrder = rows.sorted { $0.old.position! < $1.old.position! }
            let kept = Set(
                ResultsDiff.longestIncreasingSubsequence(inOrder.map { $0.new.position! }).map { inOrder[$0].id })
            moved.formUnion(rows.map(\.id).filter { !kept.contains($0) })
        }
        return moved
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
