/// The difference between two snapshots of a results controller, in the batch-update convention
/// of a table view: every `from` counts in the old list, every `to` in the new one. Taking out
/// the deleted and moved rows (and then the deleted sections), putting in the inserted sections,
/// then the inserted and moved rows at their `to` in ascending order, turns the old list into the
/// new one (`applied(to:contents:)` does exactly that).
public struct ResultsDiff: Equatable, Sendable {
    /// A section that came or went.
    public enum SectionChange: Equatable, Sendable {
        /// Section `name` appears at `index` of the new list of sections.
        case insert(name: String, index: Int)
        /// Section `name` goes from `index` of the old list of sections.
        case delete(name: String, index: Int)
    }

    /// What happened to a row; the raw values are the change reports' `type`.
    public enum Kind: String, Sendable {
        /// A row that is new: `to` only.
        case insert
        /// A row that went: `from` only.
        case delete
        /// A row at another place: `from` and `to`.
        case move
        /// A row whose content changed in place: `from` and `to`.
        case update
    }

    /// What happened to one row.
    public struct ObjectChange: Equatable, Sendable {
        /// Insert, delete, move or update.
        public var kind: Kind
        /// The row's item.
        public var id: ItemID
        /// The old place: for delete, move and update.
        public var from: ItemPath?
        /// The new place: for insert, move and update.
        public var to: ItemPath?

        /// A change of `kind` to row `id`, from its old place to its new one.
        public init(kind: Kind, id: ItemID, from: ItemPath?, to: ItemPath?) {
            self.kind = kind
            self.id = id
            self.from = from
            self.to = to
        }
    }

    /// Section deletes (descending old index), then section inserts (ascending new index).
    public var sectionChanges: [SectionChange] = []
    /// Deletes (descending `from`), inserts (ascending `to`), moves (ascending `to`), updates
    /// (ascending `from`).
    public var objectChanges: [ObjectChange] = []

    /// True when nothing changed.
    public var isEmpty: Bool { sectionChanges.isEmpty && objectChanges.isEmpty }

    /// A diff of the given changes, which must follow the order the properties describe.
    public init(sectionChanges: [SectionChange] = [], objectChanges: [ObjectChange] = []) {
        self.sectionChanges = sectionChanges
        self.objectChanges = objectChanges
    }
}

extension ResultsDiff {
    /// Computes the change set from `old` to `new`.
    ///
    /// Rows present in both are moves when their section changed, or when they fall outside a
    /// longest increasing subsequence of their new positions taken in old order: the fewest
    /// moves that explain the new order. Survivors that did not move but whose content changed
    /// are updates; a row that moved carries its new content with the move. Rows that only shift
    /// because others came or went are not reported. O(n log n).
    public init(from old: ResultsSnapshot, to new: ResultsSnapshot) {
        let oldPlaces = Self.places(old)
        let newPlaces = Self.places(new)

        let oldSectionNames = Set(old.sections.map(\.name))
        let newSectionNames = Set(new.sections.map(\.name))
        let deletedSections = old.sections.enumerated().filter { !newSectionNames.contains($0.element.name) }
        let insertedSections = new.sections.enumerated().filter { !oldSectionNames.contains($0.element.name) }
        sectionChanges =
            deletedSections.reversed().map { .delete(name: $0.element.name, index: $0.offset) }
            + insertedSections.map { .insert(name: $0.element.name, index: $0.offset) }

        var deletes: [ObjectChange] = []
        var inserts: [ObjectChange] = []
        var moves: [ObjectChange] = []
        var updates: [ObjectChange] = []

        // Survivors that stay in a section of the same name, in old order, with their new order.
        var stayers: [(id: ItemID, newOrder: Int)] = []
        for place in oldPlaces.ordered {
            guard let newPlace = newPlaces.byID[place.id] else {
                deletes.append(ObjectChange(kind: .delete, id: place.id, from: place.path, to: nil))
                continue
            }
            if old.sections[place.path.section].name != new.sections[newPlace.path.section].name {
                moves.append(ObjectChange(kind: .move, id: place.id, from: place.path, to: newPlace.path))
            } else {
                stayers.append((place.id, newPlace.order))
            }
        }
        for place in newPlaces.ordered where oldPlaces.byID[place.id] == nil {
            inserts.append(ObjectChange(kind: .insert, id: place.id, from: nil, to: place.path))
        }
        let keep = Self.longestIncreasingSubsequence(stayers.map(\.newOrder))
        for (index, stayer) in stayers.enumerated() {
            let from = oldPlaces.byID[stayer.id]!
            let to = newPlaces.byID[stayer.id]!
            if !keep.contains(index) {
                moves.append(ObjectChange(kind: .move, id: stayer.id, from: from.path, to: to.path))
            } else if from.content != to.content {
                updates.append(ObjectChange(kind: .update, id: stayer.id, from: from.path, to: to.path))
            }
        }
        objectChanges =
            deletes.sorted { $0.from! > $1.from! } + inserts.sorted { $0.to! < $1.to! }
            + moves.sorted { $0.to! < $1.to! } + updates.sorted { $0.from! < $1.from! }
    }

    /// The new snapshot, built from `old` by the batch-update rules alone. Contents come from
    /// `contents` for inserted, moved and updated rows, and stay as they were for the others.
    public func applied(to old: ResultsSnapshot, contents: [ItemID: String]) -> ResultsSnapshot {
        var sections = old.sections
        var removals = objectChanges.filter { $0.kind == .delete || $0.kind == .move }.map { $0.from! }
        removals.sort(by: >)
        var removedRows: [ItemID: ResultsSnapshot.Row] = [:]
        for path in removals {
            let row = sections[path.section].rows.remove(at: path.row)
            removedRows[row.id] = row
        }
        for change in sectionChanges {
            if case .delete(_, let index) = change { sections.remove(at: index) }
        }
        for change in sectionChanges {
            if case .insert(let name, let index) = change {
                sections.insert(ResultsSnapshot.Section(name: name, rows: []), at: index)
            }
        }
        let additions = objectChanges.filter { $0.kind == .insert || $0.kind == .move }.sorted { $0.to! < $1.to! }
        for change in additions {
            let path = change.to!
            let row = ResultsSnapshot.Row(
                id: change.id, content: contents[change.id] ?? removedRows[change.id]?.content ?? "")
            sections[path.section].rows.insert(row, at: path.row)
        }
        for change in objectChanges where change.kind == .update {
            let path = change.to!
            sections[path.section].rows[path.row].content = contents[change.id] ?? ""
        }
        return ResultsSnapshot(sections: sections)
    }

    private struct Place {
        var id: ItemID
        var path: ItemPath
        /// Position in the flattened list, sections in order.
        var order: Int
        var content: String
    }

    private static func places(_ snapshot: ResultsSnapshot) -> (ordered: [Place], byID: [ItemID: Place]) {
        var ordered: [Place] = []
        for (sectionIndex, section) in snapshot.sections.enumerated() {
            for (rowIndex, row) in section.rows.enumerated() {
                ordered.append(
                    Place(
                        id: row.id, path: ItemPath(section: sectionIndex, row: rowIndex), order: ordered.count,
                        content: row.content))
            }
        }
        return (ordered, Dictionary(ordered.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The indices of one longest strictly increasing subsequence of `values` (patience sorting).
    static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
        // tails[k]: index of the smallest tail of an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result = Set<Int>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.insert(cursor)
            cursor = previous[cursor]
        }
        return result
    }
}
