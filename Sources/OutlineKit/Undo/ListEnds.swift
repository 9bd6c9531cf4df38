import GRDB

/// The last position under each parent whose children a step changed, as the step left them.
///
/// Undo checks these before applying a step's inverse: a list whose end moved was changed outside
/// outline since (a sibling added or removed), and the undo is refused. It replaces checking that
/// positions run 1 to n after the undo, which wrongly refused to restore a list that was already
/// broken before the step (by an outside edit) and that the step had renumbered: its undo must
/// bring the old positions back, gap and all, or the step's removed items are lost for good.
/// After an undo, the ends are recorded afresh for the redo, and after a redo for the next undo.
///
/// Reading an end is one look-up in the `(parent_id, position)` index, whatever the list's length.
///
/// The record also keeps, when the command said, which items the step moved within their list
/// on purpose (`movedWithin`): the item of `mv c --after d` and not `d`, though both changed
/// places and the changeset cannot tell them apart. Undo by intent puts back only those, and
/// is stopped only by a later step that moved one of them (`ListsByIntent`).
struct ListEnds: Equatable {
    var lastPosition: [ItemID: Int]
    /// The items the step moved within their list on purpose; nil when the command did not say
    /// (they are then read from the changeset, `ListByIntent`).
    var movedWithin: Set<ItemID>?

    /// The ends of `parents` in the database as it is.
    init(_ db: Database, parents: some Sequence<ItemID>, movedWithin: Set<ItemID>? = nil) throws {
        lastPosition = [:]
        for parent in parents { lastPosition[parent] = try TreeQueries.childCount(db, of: parent) }
        self.movedWithin = movedWithin
    }

    /// Parses the stored form: `parent:last` pairs separated by spaces, then, when the step
    /// said which items it moved within their lists, `|` and their ids.
    init?(stored: String?) {
        guard let stored else { return nil }
        let parts = stored.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        var ends: [ItemID: Int] = [:]
        for pair in parts[0].split(separator: " ") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let parent = ItemID(parts[0]), let last = Int(parts[1]) else { return nil }
            ends[parent] = last
        }
        lastPosition = ends
        if parts.count == 2 {
            var moved: Set<ItemID> = []
            for id in parts[1].split(separator: " ") {
                guard let id = ItemID(id) else { return nil }
                moved.insert(id)
            }
            movedWithin = moved
        }
    }

    var stored: String {
        let ends = lastPosition.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: " ")
        guard let movedWithin else { return ends }
        return ends + " |" + movedWithin.sorted().map { " \($0)" }.joined()
    }

    /// The first parent whose list no longer ends where it did, if any.
    func firstMoved(_ db: Database) throws -> ItemID? {
        for (parent, last) in lastPosition.sorted(by: { $0.key < $1.key })
        where try TreeQueries.childCount(db, of: parent) != last {
            return parent
        }
        return nil
    }
}
