/// What applying an edited text changes: every line placed in the new tree, the items whose
/// lines are gone, and the counts for the summary. Worked out whole, and checked, before anything
/// is written.
struct EditPlan {
    /// The parent a line's item goes under: an item that exists, or the new item of an earlier
    /// line (by its index in `placed`).
    enum Parent: Hashable {
        /// An item that exists before the edit: the text's root, or a kept item.
        case item(ItemID)
        /// The new item of the line at this index of `placed`.
        case newLine(Int)
    }

    /// One line, placed.
    struct Placed {
        /// The line as read.
        var line: EditedText.Line
        /// Its parent in the new tree.
        var parent: Parent
        /// Its position among that parent's children, from 1.
        var position: Int
        /// The item as it was, for a line that keeps one; nil for a new item.
        var old: Item?
    }

    /// Every line, in the text's order: parents before their children.
    var placed: [Placed] = []
    /// The items whose lines are gone, in the subtree's order.
    var removed: [ItemID] = []
    /// What changed, in numbers.
    var counts = EditCounts()
    /// The parents whose lists of children change, as they are before the edit: those a step must
    /// watch for changes made outside outline.
    var touchedParents: Set<ItemID> = []

    /// The plan that turns the subtree `entries` under `root` into what `text` says.
    ///
    /// - Parameters:
    ///   - exists: whether an item outside the subtree has this id, for the error's words.
    ///   - rootTitle: the title of `root`, for the error's words; nil for the root.
    /// - Throws: `OutlineError.editRefused` for an id that is not in the subtree or is on two
    ///   lines.
    init(
        root: ItemID, rootTitle: String?, entries: [TreeEntry], text: EditedText, exists: (ItemID) throws -> Bool
    ) throws {
        var oldItems: [ItemID: Item] = [:]
        var oldChildren: [ItemID: [ItemID]] = [:]
        for entry in entries {
            oldItems[entry.id] = entry.item
            oldChildren[entry.item.parentID, default: []].append(entry.id)
        }
        var lineOfID: [ItemID: Int] = [:]
        // The open ancestors of the current line: `stack[d - 1]` is the parent of a line at depth d.
        var stack: [Parent] = [.item(root)]
        var newChildren: [Parent: [ItemID]] = [:]
        for (index, line) in text.lines.enumerated() {
            stack.removeLast(stack.count - line.depth)
            let parent = stack[line.depth - 1]
            var old: Item?
            if let id = line.id {
                guard let item = oldItems[id] else {
                    let place = rootTitle.map { "under \"\(Action.shortened($0))\"" } ?? "in the outline"
                    let reason =
                        if id == root {
                            "#\(id) is the item whose descendants the text lists; it has no line of its own"
                        } else if try exists(id) {
                            "#\(id) is not \(place): only the items the text was made from can be kept"
                        } else {
                            "there is no item #\(id); delete the id to make the line a new item"
                        }
                    throw OutlineError.editRefused(line: line.number, reason: reason)
                }
                if let first = lineOfID.updateValue(line.number, forKey: id) {
                    throw OutlineError.editRefused(
                        line: line.number, reason: "#\(id) is on line \(first) too; an item has one line")
                }
                old = item
            }
            let siblings = newChildren[parent, default: []]
            // New items stand in the lists as negative numbers, which no item has.
            newChildren[parent, default: []].append(line.id ?? -ItemID(index + 1))
            placed.append(Placed(line: line, parent: parent, position: siblings.count + 1, old: old))
            stack.append(line.id.map(Parent.item) ?? .newLine(index))
        }
        removed = entries.map(\.id).filter { lineOfID[$0] == nil }
        count(oldChildren: oldChildren, newChildren: newChildren, root: root)
    }

    /// Fills in `counts` and `touchedParents`.
    private mutating func count(oldChildren: [ItemID: [ItemID]], newChildren: [Parent: [ItemID]], root: ItemID) {
        for placed in placed {
            guard let old = placed.old else {
                counts.added += 1
                if case .item(let parent) = placed.parent { touchedParents.insert(parent) }
                continue
            }
            if placed.line.title != old.title { counts.retitled += 1 }
            if placed.line.isDone != old.isDone {
                if placed.line.isDone { counts.markedDone += 1 } else { counts.reopened += 1 }
            }
            if placed.parent != .item(old.parentID) {
                counts.moved += 1
                touchedParents.insert(old.parentID)
                if case .item(let parent) = placed.parent { touchedParents.insert(parent) }
            }
        }
        counts.removed = removed.count
        let removedSet = Set(removed)
        for (parent, children) in oldChildren where children.contains(where: removedSet.contains) {
            touchedParents.insert(parent)
        }
        // Within each list that exists before and after, the fewest moves that give the new order:
        // the same diff the results controllers make.
        for (parent, old) in oldChildren.merging([root: []], uniquingKeysWith: { old, _ in old }) {
            guard parent == root || !removedSet.contains(parent) else { continue }
            let new = newChildren[.item(parent)] ?? []
            let diff = ResultsDiff(
                from: ResultsSnapshot(rows: old.map { .init(id: $0, content: "") }),
                to: ResultsSnapshot(rows: new.map { .init(id: $0, content: "") }))
            let moves = diff.objectChanges.count { $0.kind == .move }
            counts.moved += moves
            if moves > 0 { touchedParents.insert(parent) }
        }
    }
}

/// What an edit in an editor changed, in numbers: the summary's words.
public struct EditCounts: Equatable, Sendable {
    /// New items: lines without an id.
    public var added = 0
    /// Items whose lines are gone, descendants included.
    public var removed = 0
    /// Items under another parent, and items moved within their list: the fewest moves that give
    /// the new order.
    public var moved = 0
    /// Items with a new title.
    public var retitled = 0
    /// Items marked done.
    public var markedDone = 0
    /// Items marked open again.
    public var reopened = 0

    /// No change at all.
    public init() {}

    /// `2 added, 1 removed, 3 moved, 1 retitled`: the counts that are not zero.
    public var description: String {
        let parts = [
            (added, "added"), (removed, "removed"), (moved, "moved"), (retitled, "retitled"),
            (markedDone, "marked done"), (reopened, "reopened"),
        ]
        let said = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return said.isEmpty ? "nothing changed" : said.joined(separator: ", ")
    }
}
