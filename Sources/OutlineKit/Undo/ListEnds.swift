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
/// on purpose (`moves`): the item of `mv c --after d` and not `d`, though both changed places
/// and the changeset cannot tell them apart. Undo by intent puts back only those, and is
/// stopped only by a later step that moved one of them (`ListsByIntent`).
struct ListEnds: Equatable {
    var lastPosition: [ItemID: Int]
    /// What the step moved within its lists on purpose; nil when the command did not say (it is
    /// then read from the changeset, `ListByIntent`).
    var moves: StepMoves?

    /// The ends of `parents` in the database as it is.
    init(_ db: Database, parents: some Sequence<ItemID>, moves: StepMoves? = nil) throws {
        lastPosition = [:]
        for parent in parents { lastPosition[parent] = try TreeQueries.childCount(db, of: parent) }
        self.moves = moves
    }

    /// Parses the stored form: `parent:last` pairs separated by spaces, then, when the step
    /// said what it moved within its lists, `|` and the items' ids, or `*` for every item.
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
            let said = parts[1].split(separator: " ")
            if said == ["*"] {
                moves = .everyItem
                return
            }
            var moved: Set<ItemID> = []
            for id in said {
                guard let id = ItemID(id) else { return nil }
                moved.insert(id)
            }
            moves = .items(moved)
        }
    }

    var stored: String {
        let ends = lastPosition.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: " ")
        switch moves {
        case nil: return ends
        case .everyItem: return ends + " | *"
        case .items(let moved): return ends + " |" + moved.sorted().map { " \($0)" }.joined()
        }
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

/// What a step moved within its lists on purpose, as its command said (`ListEnds.moves`).
enum StepMoves: Equatable {
    /// The items a `mv` named, or whose place in the log's order a sync round changed.
    case items(Set<ItemID>)
    /// Every item of the lists it changed: a `sort` decides the place of each.
    case everyItem

    /// Whether the step moved `id` on purpose.
    func includes(_ id: ItemID) -> Bool {
        switch self {
        case .items(let items): items.contains(id)
        case .everyItem: true
        }
    }

    /// The items of `rows` (one step's changeset) the step moved within their lists on purpose,
    /// of those whose number it changed.
    func moved(among rows: [ChangedRow]) -> Set<ItemID> {
        switch self {
        case .items(let items): items
        case .everyItem: Set(rows.filter(\.changesPositionAlone).map(\.id))
        }
    }
}
