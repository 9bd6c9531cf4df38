import Foundation
import OutlineKit

/// A deliberately simple in-memory outline that follows SPEC, used as the oracle in property tests.
/// It does not share code with the store: lists of ids per parent, edited with array operations.
public struct TreeModel: Equatable {
    public init() {}

    public private(set) var children: [ItemID: [ItemID]] = [0: []]
    public private(set) var parent: [ItemID: ItemID] = [:]
    public private(set) var titles: [ItemID: String] = [:]
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

    /// The outline in `ls --tsv` form.
    public func tsv(from start: ItemID = 0) -> [String] {
        var lines: [String] = []
        func visit(_ id: ItemID, depth: Int) {
            for (offset, child) in children[id]!.enumerated() {
                lines.append("\(child)\t\(id)\t\(offset + 1)\t\(depth)\t\(titles[child]!)")
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
    }

    private static func clean(_ title: String) -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let hasControl = trimmed.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        return hasControl ? nil : trimmed
    }
}
