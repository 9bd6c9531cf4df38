import Foundation
import GRDB

/// The lists a step touched, put in order after the step was undone or redone by what it did
/// (`ChangesetApplication`, `besideMovedSiblings`).
///
/// Three kinds of item stand in such a list. The step's own items (the rows of its changeset)
/// take the places it recorded. An item that was in the list when the step was made but that
/// the step did not move (the middle item of a reversed list of three) keeps its place: a step
/// moves its items among the places they held, so every other item's place is the same before
/// and after it. An item that came into the list after the step (a sync added it, or a later
/// step) keeps its place after the item it followed, at the start if it followed none, or at
/// the end if it came after every other. Numbering the list by the recorded positions alone put
/// an item a sync added wherever its number fell among the step's (the undo of `add z --at 1`
/// beside an item added after x2 sent that item to the end); anchoring every item the step did
/// not move to the step's item before it put the middle item of a reversed list out of place.
struct ListsByIntent {
    /// The step's items that it placed: those it added, removed, moved or numbered again (a row
    /// that changes only a title or a note leaves its item where it stood).
    private let placedByStep: Set<ItemID>
    /// Each list the step touched, as it stood before the step was applied: its children's ids,
    /// in order.
    private let before: [ItemID: [ItemID]]
    /// The items that came into those lists after the step.
    private let cameLater: Set<ItemID>
    /// The place of each item that was in one of those lists when the step was made, and that
    /// the step did not move.
    private let untouchedPlaces: [ItemID: Int]

    /// Reads the lists that `rows` were in or go to, before the rows are applied.
    ///
    /// - Parameter touchedLists: the lists the step changed (`ListEnds`), nil for a step
    ///   recorded before they were kept.
    /// - Parameter step: the step the rows are of; the items that steps after it (a sync's
    ///   among them) brought into its lists are told by it. Nil: none is told.
    /// - Throws: `ChangesetApplication.Mismatch` when the items the rows move within a list
    ///   stand in another order among themselves than the rows expect, or one of them is now in
    ///   a list the step did not touch: someone moved it since (a sync), which an undo by intent
    ///   would silently move back, or leave where it is and call done.
    init(_ rows: [ChangedRow], touchedLists: Set<ItemID>?, step: StepID?, _ db: Database) throws {
        let placedByStep = Set(
            rows.filter { $0.kind != .update || $0.new.position != nil || $0.oldParent != nil || $0.newParent != nil }
                .map(\.id))
        self.placedByStep = placedByStep
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
        let cameLater = try step.map { try Self.items(enteringAny: Set(before.keys), after: $0, db) } ?? []
        self.cameLater = cameLater
        // Each list's places as the step left them (as the last undo or redo left them): the
        // step's items hold the ones their rows expect, the others fill the rest in order.
        let expectedPlace = Dictionary(
            rows.compactMap { row in row.kind != .insert ? row.old.position.map { (row.id, $0) } : nil },
            uniquingKeysWith: { first, _ in first })
        var untouchedPlaces: [ItemID: Int] = [:]
        for list in before.values {
            var taken = Set<Int>()
            for (index, id) in list.enumerated() where placedByStep.contains(id) {
                taken.insert(expectedPlace[id] ?? index + 1)
            }
            var place = 0
            for id in list where !placedByStep.contains(id) && !cameLater.contains(id) {
                place += 1
                while taken.contains(place) { place += 1 }
                untouchedPlaces[id] = place
            }
        }
        self.untouchedPlaces = untouchedPlaces
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
            let now = try Self.childrenWithPlaces(of: parent, db)
            let present = Set(now.map(\.id))
            // The items that were there when the step was made, and where each goes: a step's
            // item where the step puts it, another where it stood.
            let placed =
                now.filter { !cameLater.contains($0.id) }
                .map { item in (id: item.id, place: untouchedPlaces[item.id] ?? item.position) }
                .sorted { ($0.place, $0.id) < ($1.place, $1.id) }
            // Those that came later, by the item they followed (nil: the start of the list);
            // those after every other item stay at the end.
            var following: [ItemID?: [ItemID]] = [:]
            var sinceLastPlaced: [ItemID] = []
            var lastPlaced: ItemID?
            for id in old where present.contains(id) {
                guard !cameLater.contains(id) else {
                    sinceLastPlaced.append(id)
                    continue
                }
                following[lastPlaced, default: []] += sinceLastPlaced
                sinceLastPlaced = []
                lastPlaced = id
            }
            var order = following[nil] ?? []
            for item in placed {
                order.append(item.id)
                order += following[item.id] ?? []
            }
            order += sinceLastPlaced
            // An item that came later but into none of the lists as they stood (brought by the
            // step's own rows: none, unless the tree changed under the step) keeps its order.
            let ordered = Set(order)
            order += now.map(\.id).filter { !ordered.contains($0) }
            for (index, id) in order.enumerated() { try renumber.execute(arguments: [index + 1, id, index + 1]) }
        }
    }

    /// The items that the steps after `step` (a sync's, or a later one's) put in any of `lists`,
    /// as a new item or moved there.
    private static func items(enteringAny lists: Set<ItemID>, after step: StepID, _ db: Database) throws
        -> Set<ItemID>
    {
        var entered = Set<ItemID>()
        let later = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT CAST(changeset AS BLOB) FROM undo_step WHERE id > ? ORDER BY id"),
            arguments: [step])
        while let row = try later.next() {
            let bytes: Data = row[0]
            for changed in try SessionChangeset(bytes: bytes).rows(inverted: false) {
                if let parent = changed.newParent, lists.contains(parent) { entered.insert(changed.id) }
            }
        }
        return entered
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
