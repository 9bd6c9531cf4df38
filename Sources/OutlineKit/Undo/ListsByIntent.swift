import GRDB

/// The lists a step touched, put in order after the step was undone or redone by what it did
/// (`ChangesetApplication`, `besideMovedSiblings`).
///
/// The step's own items take the places it recorded, among themselves; an item it did not
/// touch (one a sync, or a later step, put in the list) keeps its place after the item of the
/// step it followed before, at the start if it followed none, or at the end if none of the
/// step's items came after it. Numbering the list by the recorded positions alone put such an
/// item wherever its old number fell among the step's (the undo of `add z --at 1` beside an
/// item added after x2 sent that item to the end).
struct ListsByIntent {
    /// The step's items: the rows of its changeset.
    private let stepItems: Set<ItemID>
    /// Each list the step touched, as it stood before the step was applied: its children's ids,
    /// in order.
    private let before: [ItemID: [ItemID]]

    /// Reads the lists that `rows` were in or go to, before the rows are applied.
    ///
    /// - Parameter touchedLists: the lists the step changed (`ListEnds`), nil for a step
    ///   recorded before they were kept.
    /// - Throws: `ChangesetApplication.Mismatch` when the items the rows move within a list
    ///   stand in another order among themselves than the rows expect, or one of them is now in
    ///   a list the step did not touch: someone moved it since (a sync), which an undo by intent
    ///   would silently move back, or leave where it is and call done.
    init(_ rows: [ChangedRow], touchedLists: Set<ItemID>?, _ db: Database) throws {
        stepItems = Set(rows.map(\.id))
        if let touchedLists {
            // A row that changes position alone names no list; the step found it in one it touched.
            let current = try db.cachedStatement(sql: "SELECT parent_id FROM item WHERE id = ?")
            for row in rows where row.changesPositionAlone {
                if let parent = try ItemID.fetchOne(current, arguments: [row.id]), !touchedLists.contains(parent) {
                    throw ChangesetApplication.Mismatch(reason: "item \(row.id) was moved to another list since")
                }
            }
        }
        var before: [ItemID: [ItemID]] = [:]
        for parent in try Self.lists(of: rows, db) { before[parent] = try Self.children(of: parent, db) }
        self.before = before
        // The items the rows move within their list, by the position each expects to find.
        let expected = Dictionary(
            rows.compactMap { row in row.changesPositionAlone ? row.old.position.map { (row.id, $0) } : nil },
            uniquingKeysWith: { first, _ in first })
        for list in before.values {
            let found = list.filter { expected[$0] != nil }
            let wanted = found.sorted { (expected[$0]!, $0) < (expected[$1]!, $1) }
            if let moved = zip(found, wanted).first(where: { $0 != $1 })?.0 {
                throw ChangesetApplication.Mismatch(reason: "item \(moved) was moved since")
            }
        }
    }

    /// The lists `rows` were in or go to. A row that changed position alone names no parent in
    /// the changeset: its list is the one it is in now.
    static func lists(of rows: [ChangedRow], _ db: Database) throws -> Set<ItemID> {
        var parents = Set(rows.flatMap { [$0.oldParent, $0.newParent] }.compactMap { $0 })
        let current = try db.cachedStatement(sql: "SELECT parent_id FROM item WHERE id = ?")
        for row in rows where row.changesPositionAlone {
            if let parent = try ItemID.fetchOne(current, arguments: [row.id]) { parents.insert(parent) }
        }
        return parents
    }

    /// Numbers each list 1...n in the order this type's description gives.
    func putInOrder(_ db: Database) throws {
        let renumber = try db.cachedStatement(sql: "UPDATE item SET position = ? WHERE id = ? AND position IS NOT ?")
        for (parent, old) in before.sorted(by: { $0.key < $1.key }) {
            let now = try Self.children(of: parent, db)
            let present = Set(now)
            // The others, by the step's item they followed (nil: the start of the list); those
            // after the step's last item stay at the end.
            var following: [ItemID?: [ItemID]] = [:]
            var sinceLastOfStep: [ItemID] = []
            var lastOfStep: ItemID?
            for id in old where present.contains(id) {
                guard stepItems.contains(id) else {
                    sinceLastOfStep.append(id)
                    continue
                }
                following[lastOfStep, default: []] += sinceLastOfStep
                sinceLastOfStep = []
                lastOfStep = id
            }
            let atTheEnd = sinceLastOfStep
            var order = following[nil] ?? []
            // The step's items in the order of the places it gave them.
            for id in now where stepItems.contains(id) {
                order.append(id)
                order += following[id] ?? []
            }
            order += atTheEnd
            // Items that were in no list the step touched (none, unless the tree changed under
            // the step) keep their order at the end.
            let placed = Set(old)
            order += now.filter { !stepItems.contains($0) && !placed.contains($0) }
            for (index, id) in order.enumerated() { try renumber.execute(arguments: [index + 1, id, index + 1]) }
        }
    }

    /// The children of `parent`, by position, then id (an item put back where a sibling now
    /// stands goes first).
    private static func children(of parent: ItemID, _ db: Database) throws -> [ItemID] {
        try ItemID.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM item WHERE parent_id = ? ORDER BY position, id"),
            arguments: [parent])
    }
}
