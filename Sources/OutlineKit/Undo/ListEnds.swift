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
struct ListEnds: Equatable {
    var lastPosition: [ItemID: Int]

    /// The ends of `parents` in the database as it is.
    init(_ db: Database, parents: some Sequence<ItemID>) throws {
        lastPosition = [:]
        for parent in parents { lastPosition[parent] = try TreeQueries.childCount(db, of: parent) }
    }

    /// Parses the stored form, `parent:last` pairs separated by spaces.
    init?(stored: String?) {
        guard let stored else { return nil }
        var ends: [ItemID: Int] = [:]
        for pair in stored.split(separator: " ") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let parent = ItemID(parts[0]), let last = Int(parts[1]) else { return nil }
            ends[parent] = last
        }
        lastPosition = ends
    }

    var stored: String {
        lastPosition.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: " ")
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
