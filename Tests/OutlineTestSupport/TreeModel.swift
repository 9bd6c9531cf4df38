import Foundation
import OutlineKit

/// A deliberately simple in-memory outline that follows SPEC, used as the oracle in property tests.
/// It does not share code with the store: lists of ids per parent, edited with array operations.
public struct TreeModel: Equatable {
    public init() {}

    public private(set) var children: [ItemID: [ItemID]] = [0: []]
    public private(set) var parent: [ItemID: ItemID] = [:]
    public private(set) var titles: [ItemID: String] = [:]
    public private(set) var done: Set<ItemID> = []
    public private(set) var notes: [ItemID: String] = [:]
    /// Every item's state, tags, dates, priority and properties; `done` holds the items whose
    /// `doneAt` is set.
    public private(set) var details: [ItemID: ModelDetails] = [:]
    public private(set) var workflow = ModelWorkflow.standard
    public private(set) var nextID: ItemID = 1

    public var itemIDs: [ItemID] { Array(parent.keys).sorted() }

    /// This state with `other`'s id counter where it is further on: undo brings back a state, but
    /// ids handed out since are never handed out again.
    public func keepingIDCounter(of other: TreeModel) -> TreeModel {
        var copy = self
        copy.nextID = max(nextID, other.nextID)
        return copy
    }

    /// Returns nil where SPEC says the command is refused.
    public mutating func add(_ rawTitles: [String], under requestedParent: ItemID?, placement: Placement) -> [ItemID]? {
        let cleaned = rawTitles.map(Self.clean)
        guard !cleaned.isEmpty, cleaned.allSatisfy({ $0 != nil }) else { return nil }
        guard let (target, index) = resolve(requestedParent, placement, moving: []) else { return nil }
        var ids: [ItemID] = []
        for title in cleaned {
            let id = nextID
            nextID += 1
            ids.append(id)
            parent[id] = target
            titles[id] = title!
            children[id] = []
            details[id] = ModelDetails()
        }
        children[target]!.insert(contentsOf: ids, at: index)
        return ids
    }

    public mutating func remove(_ ids: [ItemID]) -> Bool {
        guard valid(ids) else { return false }
        for id in ids where parent[id] != nil { removeSubtree(id) }
        return true
    }

    public mutating func move(_ ids: [ItemID], under requestedParent: ItemID?, placement: Placement) -> Bool {
        guard valid(ids), let (target, index) = resolve(requestedParent, placement, moving: ids) else { return false }
        var ancestor: ItemID? = target
        while let current = ancestor, current != 0 {
            if ids.contains(current) { return false }
            ancestor = parent[current]
        }
        for id in ids { children[parent[id]!]!.removeAll { $0 == id } }
        children[target]!.insert(contentsOf: ids, at: index)
        for id in ids { parent[id] = target }
        return true
    }

    public mutating func edit(_ id: ItemID, title: String) -> Bool {
        guard id != 0, titles[id] != nil, let cleaned = Self.clean(title) else { return false }
        titles[id] = cleaned
        return true
    }

    /// `done` at `moment`: the items' own states only. An open item becomes done with the
    /// workflow's first done keyword, unless it has a repeating date (see `markDone(_:keyword:at:)`);
    /// a done item is left as it is.
    public mutating func markDone(_ ids: [ItemID], at moment: Int) -> Bool {
        guard valid(ids) else { return false }
        for id in ids { markDone(id, keyword: nil, at: moment) }
        return true
    }

    /// `reopen`: a done item gets the workflow's first open keyword; an open one is left.
    public mutating func reopen(_ ids: [ItemID]) -> Bool {
        guard valid(ids) else { return false }
        for id in ids where done.contains(id) { setState(id, workflow.open[0], doneAt: nil) }
        return true
    }

    /// `set IDS OPTIONS` at `moment`, all or nothing: refused where an id, a value or the
    /// keyword is. Tags, dates, priority and properties change first, then the state: `none`
    /// makes the item plain and open, an open keyword gives it that keyword, open; a done keyword
    /// marks it done with that keyword as `done` does (a done item just takes the keyword).
    public mutating func set(_ ids: [ItemID], _ options: SetOptions, at moment: Int) -> Bool {
        guard valid(ids), let change = ModelChange(options) else { return false }
        if case .some(let keyword?) = change.state, !workflow.keywords.contains(keyword) { return false }
        for id in ids {
            details[id] = change.applied(to: details[id]!)
            if case .some(let keyword) = change.state { give(id, keyword, at: moment) }
        }
        return true
    }

    /// Gives the item `keyword` of the workflow as `set --state` does: none makes it plain and
    /// open, an open keyword gives it that keyword, open; a done keyword marks it done with that
    /// keyword as `done` does (a done item just takes the keyword).
    private mutating func give(_ id: ItemID, _ keyword: String?, at moment: Int) {
        switch keyword {
        case nil: setState(id, nil, doneAt: nil)
        case let keyword? where workflow.done.contains(keyword): markDone(id, keyword: keyword, at: moment)
        case let keyword?: setState(id, keyword, doneAt: nil)
        }
    }

    /// Why SPEC refuses `workflow TEXT`.
    public enum WorkflowRefusal: Equatable, Sendable {
        /// The text is no workflow.
        case malformed
        /// It lacks `keyword`, which `count` items carry.
        case keywordInUse(String, count: Int)
        /// It would make `keyword`, which items carry, a done keyword where they are open, or the
        /// other way round.
        case changesKind(String)
    }

    /// `workflow TEXT`: false where `workflowRefusal(_:)` gives a reason.
    public mutating func setWorkflow(_ text: String) -> Bool {
        guard workflowRefusal(text) == nil, let new = ModelWorkflow(reading: text) else { return false }
        workflow = new
        return true
    }

    /// Why `workflow TEXT` is refused, nil where it is not: a text that is no workflow; else
    /// the first keyword in use (in the order of their text) that it lacks, or whose kind it
    /// changes.
    public func workflowRefusal(_ text: String) -> WorkflowRefusal? {
        guard let new = ModelWorkflow(reading: text) else { return .malformed }
        var carriers: [String: [ItemID]] = [:]
        for (id, details) in details {
            if let keyword = details.keyword { carriers[keyword, default: []].append(id) }
        }
        for (keyword, ids) in carriers.sorted(by: { $0.key < $1.key }) {
            guard new.keywords.contains(keyword) else { return .keywordInUse(keyword, count: ids.count) }
            if ids.contains(where: { done.contains($0) != new.done.contains(keyword) }) { return .changesKind(keyword) }
        }
        return nil
    }

    /// Marks one item done: a done one only takes `explicit`, if given. An open one with a
    /// repeating date stays open, its repeating dates move, a plain one gets the first open
    /// keyword, and `lastDone` is `moment`; any other gets `explicit` or the first done keyword.
    private mutating func markDone(_ id: ItemID, keyword explicit: String?, at moment: Int) {
        var item = details[id]!
        if done.contains(id) {
            if let explicit { item.keyword = explicit }
        } else if item.repeats {
            item.scheduled = item.scheduled?.moved
            item.due = item.due?.moved
            item.keyword = item.keyword ?? workflow.open[0]
            item.lastDone = moment
        } else {
            item.keyword = explicit ?? workflow.done[0]
            item.doneAt = moment
            done.insert(id)
        }
        details[id] = item
    }

    /// Gives the item `keyword`, done at `doneAt` or open.
    private mutating func setState(_ id: ItemID, _ keyword: String?, doneAt: Int?) {
        details[id]!.keyword = keyword
        details[id]!.doneAt = doneAt
        if doneAt == nil { done.remove(id) } else { done.insert(id) }
    }

    /// `note ID TEXT`; an empty text (once trimmed) removes the note.
    public mutating func setNote(_ id: ItemID, _ text: String) -> Bool {
        guard id != 0, titles[id] != nil, let cleaned = Self.cleanNote(text) else { return false }
        notes[id] = cleaned.isEmpty ? nil : cleaned
        return true
    }

    /// `cp`: every subtree as it was before the copy, each copy's ids handed out depth-first.
    public mutating func copy(_ ids: [ItemID], under requestedParent: ItemID?, placement: Placement) -> [ItemID]? {
        guard valid(ids), let (target, index) = resolve(requestedParent, placement, moving: []) else { return nil }
        let original = self
        func copySubtree(_ id: ItemID, under parent: ItemID) -> ItemID {
            let copy = nextID
            nextID += 1
            self.parent[copy] = parent
            titles[copy] = original.titles[id]
            if original.done.contains(id) { done.insert(copy) }
            notes[copy] = original.notes[id]
            details[copy] = original.details[id]
            children[copy] = original.children[id]!.map { copySubtree($0, under: copy) }
            return copy
        }
        let copies = ids.map { copySubtree($0, under: target) }
        children[target]!.insert(contentsOf: copies, at: index)
        return copies
    }

    /// `sort`: a stable sort of one list, by the order of sections by initial (the letters A to Z,
    /// then the rest), then the collation key, then the title; or open before done.
    public mutating func sort(_ parent: ItemID, byTitle: Bool, reversed: Bool) -> Bool {
        guard let list = children[parent] else { return false }
        func key(_ id: ItemID) -> (Int, String, String) {
            let title = titles[id]!
            let collated = TitleCollation.key(title)
            let first = collated.unicodeScalars.first
            let section = first.map { ("a"..."z").contains($0) ? Int($0.value) : 1000 } ?? 1000
            return byTitle ? (section, collated, title) : (done.contains(id) ? 1 : 0, "", "")
        }
        let keyed = list.enumerated().map { (key: key($1), index: $0, id: $1) }
        children[parent] = keyed.sorted { left, right in
            if left.key != right.key { return (left.key < right.key) != reversed }
            return left.index < right.index
        }.map(\.id)
        return true
    }

    /// `root`'s descendants as the lines of the text `edit` opens; nil where `root` is no item.
    /// Each shows its state as SPEC says: `[ ]` for the workflow's first open keyword, `[x]` for
    /// its first done one, the keyword in brackets for any other, nothing for a plain item.
    public func textLines(under root: ItemID) -> [EditableText.Line]? {
        guard children[root] != nil else { return nil }
        var lines: [EditableText.Line] = []
        func marker(_ keyword: String?) -> EditableText.Marker? {
            guard let keyword else { return nil }
            if keyword == workflow.open[0] { return .open }
            return keyword == workflow.done[0] ? .done : .keyword(keyword)
        }
        func visit(_ id: ItemID, depth: Int) {
            for child in children[id]! {
                let keyword = details[child]!.keyword
                lines.append(.init(depth: depth, id: child, title: titles[child]!, marker: marker(keyword)))
                visit(child, depth: depth + 1)
            }
        }
        visit(root, depth: 1)
        return lines
    }

    /// The keyword a line's marker names, as SPEC reads it: `[ ]` the workflow's first open
    /// keyword, `[x]` its first done one, a keyword in brackets matched ignoring case (as `set
    /// --state` matches it), and `[X]`, where no keyword is X, done. `.some(nil)` for no marker;
    /// nil where the marker names no keyword (SPEC refuses the text).
    private func keyword(of marker: EditableText.Marker?) -> String?? {
        switch marker {
        case nil: return .some(nil)
        case .open: return workflow.open[0]
        case .done: return workflow.done[0]
        case .keyword(let text):
            if let keyword = workflow.keywords.first(where: { $0 == text.uppercased() }) { return keyword }
            if text == "X" { return workflow.done[0] }
            return String??.none
        }
    }

    /// SPEC's edit as text: `root`'s descendants become exactly what `lines` say; lines with an
    /// id keep that item (with its note), lines without one are new items, items without a line
    /// are removed. Returns the new ids in line order; nil where SPEC refuses the text (an id
    /// not under `root` or on two lines, an indent that skips a level, a refused title). No
    /// lines at all change nothing. A line's marker is its state (`keyword(of:)`, refused where it
    /// names none): an item given another keyword takes it as `set --state` gives it, at
    /// `moment` (a repeating one marked done stays open and its dates move); one whose keyword is
    /// unchanged keeps its other details.
    public mutating func applyEdit(under root: ItemID, lines: [EditableText.Line], at moment: Int) -> [ItemID]? {
        guard let old = textLines(under: root) else { return nil }
        guard !lines.isEmpty else { return [] }
        let cleaned = lines.map { Self.clean($0.title) }
        guard cleaned.allSatisfy({ $0 != nil }) else { return nil }
        let keywords = lines.map { keyword(of: $0.marker) }
        guard keywords.allSatisfy({ $0 != nil }) else { return nil }
        var previousDepth = 0
        for line in lines {
            guard line.depth >= 1, line.depth <= previousDepth + 1 else { return nil }
            previousDepth = line.depth
        }
        let subtree = Set(old.compactMap(\.id))
        let kept = lines.compactMap(\.id)
        let keptSet = Set(kept)
        guard keptSet.count == kept.count, kept.allSatisfy(subtree.contains) else { return nil }
        var newIDs: [ItemID] = []
        var stack: [ItemID] = [root]
        var newChildren: [ItemID: [ItemID]] = [root: []]
        for (index, (line, title)) in zip(lines, cleaned).enumerated() {
            stack.removeLast(stack.count - line.depth)
            let id = line.id ?? nextID
            if line.id == nil {
                nextID += 1
                newIDs.append(id)
            }
            newChildren[stack.last!, default: []].append(id)
            newChildren[id] = newChildren[id] ?? []
            titles[id] = title!
            if line.id == nil { details[id] = ModelDetails() }
            let keyword = keywords[index]!
            if keyword != details[id]!.keyword { give(id, keyword, at: moment) }
            stack.append(id)
        }
        for id in subtree where !keptSet.contains(id) {
            children[id] = nil
            parent[id] = nil
            titles[id] = nil
            done.remove(id)
            notes[id] = nil
            details[id] = nil
        }
        for (id, list) in newChildren {
            children[id] = list
            for child in list { parent[child] = id }
        }
        return newIDs
    }

    /// What a row of a results controller shows, as the model encodes it: a change to any part of
    /// it must be reported as an update.
    public func content(of id: ItemID) -> String {
        "\(titles[id]!)|\(done.contains(id))|\(notes[id] ?? "-")|\(details[id]!)"
    }

    /// Whether `other` differs in anything an undo step records: the tree, titles, states, notes,
    /// the other details, the workflow.
    public func differs(from other: TreeModel) -> Bool {
        tsv() != other.tsv() || notes != other.notes || details != other.details || workflow != other.workflow
    }

    /// The outline in `ls --tsv` form.
    public func tsv(from start: ItemID = 0) -> [String] {
        var lines: [String] = []
        func visit(_ id: ItemID, depth: Int) {
            for (offset, child) in children[id]!.enumerated() {
                let state = done.contains(child) ? 1 : 0
                lines.append("\(child)\t\(id)\t\(offset + 1)\t\(depth)\t\(titles[child]!)\t\(state)")
                visit(child, depth: depth + 1)
            }
        }
        visit(start, depth: 1)
        return lines
    }

    private func valid(_ ids: [ItemID]) -> Bool {
        !ids.isEmpty && Set(ids).count == ids.count && ids.allSatisfy { $0 != 0 && parent[$0] != nil }
    }

    private func resolve(_ requestedParent: ItemID?, _ placement: Placement, moving: [ItemID]) -> (ItemID, Int)? {
        switch placement {
        case .end, .at:
            let target = requestedParent ?? 0
            guard children[target] != nil else { return nil }
            let rest = children[target]!.filter { !moving.contains($0) }
            guard case .at(let position) = placement else { return (target, rest.count) }
            return (1...rest.count + 1).contains(position) ? (target, position - 1) : nil
        case .before(let anchor), .after(let anchor):
            guard anchor != 0, !moving.contains(anchor), let target = parent[anchor] else { return nil }
            if let requestedParent, requestedParent != target { return nil }
            let rest = children[target]!.filter { !moving.contains($0) }
            let index = rest.firstIndex(of: anchor)!
            if case .after = placement { return (target, index + 1) }
            return (target, index)
        }
    }

    private mutating func removeSubtree(_ id: ItemID) {
        for child in children[id]! { removeSubtree(child) }
        children[parent[id]!]!.removeAll { $0 == id }
        children[id] = nil
        parent[id] = nil
        titles[id] = nil
        done.remove(id)
        notes[id] = nil
        details[id] = nil
    }

    /// SPEC's note: `\r\n` read as a line end, other controls but tab and newline refused, white
    /// space at the end trimmed; nil where refused, "" for no note.
    private static func cleanNote(_ text: String) -> String? {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
        let refused = lines.unicodeScalars.contains {
            $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
        }
        guard !refused else { return nil }
        var trimmed = Substring(lines)
        while let last = trimmed.unicodeScalars.last, last.properties.isWhitespace {
            trimmed = Substring(trimmed.unicodeScalars.dropLast())
        }
        return trimmed.utf8.count > 1024 * 1024 ? nil : String(trimmed)
    }

    private static func clean(_ title: String) -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let hasControl = trimmed.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        return hasControl ? nil : trimmed
    }
}
