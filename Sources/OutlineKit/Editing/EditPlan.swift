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
        /// The keyword the line's marker names under the workflow; nil for a plain item.
        var keyword: String?
        /// How the item's state changes; nil where it keeps its keyword, and for a new item.
        var stateChange: StateChange?
    }

    /// How a kept item's state changes: what the summary counts it as.
    enum StateChange {
        /// An open item given a done keyword.
        case markedDone
        /// An open item with a repeating date given a done keyword: it stays open and its dates
        /// move, as `done` does.
        case repeated
        /// A done item given an open keyword, or made plain.
        case reopened
        /// Any other change of keyword: a plain item made a task or the other way round, or a
        /// keyword of the same kind as before.
        case restated
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
    /// The items the edit moves within their list on purpose: the fewest moves that give each
    /// list its new order (`ListEnds.moves`).
    var movedWithin: Set<ItemID> = []

    /// The plan that turns the subtree `entries` under `root` into what `text` says.
    ///
    /// - Parameters:
    ///   - rootTitle: the title of `root`, for the error's words; nil for the root.
    ///   - entries: the subtree, read with its attributes, which say what each state changes.
    ///   - workflow: the outline's keywords, which the lines' markers name.
    ///   - exists: whether an item outside the subtree has this id, for the error's words.
    /// - Throws: `OutlineError.editRefused` for an id that is not in the subtree or is on two
    ///   lines, and for a marker that names no keyword of the workflow.
    init(
        root: ItemID, rootTitle: String?, entries: [TreeEntry], text: EditedText, workflow: Workflow,
        exists: (ItemID) throws -> Bool
    ) throws {
        var oldItems: [ItemID: TreeEntry] = [:]
        var oldChildren: [ItemID: [ItemID]] = [:]
        for entry in entries {
            oldItems[entry.id] = entry
            oldChildren[entry.item.parentID, default: []].append(entry.id)
        }
        var lineOfID: [ItemID: Int] = [:]
        // The open ancestors of the current line: `stack[d - 1]` is the parent of a line at depth d.
        var stack: [Parent] = [.item(root)]
        var newChildren: [Parent: [ItemID]] = [:]
        for (index, line) in text.lines.enumerated() {
            stack.removeLast(stack.count - line.depth)
            let parent = stack[line.depth - 1]
            var old: TreeEntry?
            if let id = line.id {
                guard let entry = oldItems[id] else {
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
                old = entry
            }
            let siblings = newChildren[parent, default: []]
            // New items stand in the lists as negative numbers, which no item has.
            newChildren[parent, default: []].append(line.id ?? -ItemID(index + 1))
            let keyword = try Self.keyword(of: line, workflow: workflow, keeping: old?.attributes?.state)
            placed.append(
                Placed(
                    line: line, parent: parent, position: siblings.count + 1, old: old?.item, keyword: keyword,
                    stateChange: old.flatMap { Self.stateChange(of: $0, to: keyword, workflow: workflow) }))
            stack.append(line.id.map(Parent.item) ?? .newLine(index))
        }
        removed = entries.map(\.id).filter { lineOfID[$0] == nil }
        count(oldChildren: oldChildren, newChildren: newChildren, root: root)
    }

    /// The keyword `line`'s marker names (nil: none, a plain item); `own` is its item's keyword
    /// before the edit.
    private static func keyword(of line: EditedText.Line, workflow: Workflow, keeping own: String?) throws
        -> String?
    {
        guard let marker = line.marker else { return nil }
        if let keyword = marker.keyword(in: workflow, keeping: own) { return keyword }
        throw OutlineError.editRefused(
            line: line.number,
            reason: "\(EditedText.shown(marker)) is not a state of the workflow \"\(workflow)\": write [ ] for "
                + "\(workflow.open[0]), [x] for \(workflow.done[0]), or another keyword in brackets; for a title "
                + "that starts with [, write \\[")
    }

    /// How giving `keyword` changes `entry`'s state, as `set --state` changes it; nil where the
    /// item keeps its keyword.
    private static func stateChange(of entry: TreeEntry, to keyword: String?, workflow: Workflow) -> StateChange? {
        let attributes = entry.attributes ?? ItemAttributes()
        guard keyword != attributes.state else { return nil }
        // A keyword the workflow lacks is the item's own (`Marker.keyword(in:keeping:)`), which
        // is no change; so a keyword here is the workflow's.
        let makesDone = keyword.map(workflow.isDone) ?? false
        switch (entry.item.isDone, makesDone) {
        case (false, true): return attributes.repeats ? .repeated : .markedDone
        case (true, false): return .reopened
        default: return .restated
        }
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
            if let change = placed.stateChange {
                switch change {
                case .markedDone: counts.markedDone += 1
                case .repeated: counts.repeated += 1
                case .reopened: counts.reopened += 1
                case .restated: counts.restated += 1
                }
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
            let moved = diff.objectChanges.filter { $0.kind == .move }.map(\.id)
            movedWithin.formUnion(moved)
            let moves = moved.count
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
    /// Items marked open again, or made plain, that were done.
    public var reopened = 0
    /// Repeating tasks marked done: they stay open and their dates move, as `done` moves them.
    public var repeated = 0
    /// Items given another state that leaves them as done or as open as they were: another
    /// keyword, or none, or a keyword where they had none.
    public var restated = 0

    /// No change at all.
    public init() {}

    /// `2 added, 1 removed, 3 moved, 1 retitled`: the counts that are not zero.
    public var description: String {
        let parts = [
            (added, "added"), (removed, "removed"), (moved, "moved"), (retitled, "retitled"),
            (markedDone, "marked done"), (repeated, "repeated (dates moved on)"), (reopened, "reopened"),
            (restated, "given another state"),
        ]
        let said = parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return said.isEmpty ? "nothing changed" : said.joined(separator: ", ")
    }
}
