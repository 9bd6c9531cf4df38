import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

@testable import OutlineCommands

/// Random key sequences fed to the outliner, the outline checked after every key against a
/// simple model of what that key does to the item under the cursor, undo and redo included.
@Suite("The outliner against a model")
struct OutlinerModelTests {
    /// A node of the model: what the outline holds, without ids.
    struct Node: Equatable {
        var title: String
        var isDone = false
        var children: [Node] = []
    }

    /// The model's outline, and its history of whole outlines for undo and redo.
    struct Model {
        var roots: [Node] = []
        var undone: [[Node]] = []
        var done: [[Node]] = []

        /// Records a change, one step of the history, unless `body` says it did nothing (a
        /// swap of two equal siblings is a step all the same).
        mutating func change(_ body: (inout [Node]) -> Bool) {
            var changed = roots
            guard body(&changed) else { return }
            done.append(roots)
            undone = []
            roots = changed
        }

        mutating func undo() {
            guard let previous = done.popLast() else { return }
            undone.append(roots)
            roots = previous
        }

        mutating func redo() {
            guard let next = undone.popLast() else { return }
            done.append(roots)
            roots = next
        }
    }

    /// Titles typed in the line editor, wide and combining characters among them.
    static let titles = ["Milk", "日本語", "Cafe\u{301}", "🍞 Bread", "a b"]

    @Test(arguments: [11, 12, 13, 14, 15, 16, 17, 18] as [UInt64])
    func randomKeysKeepTheOutlineAsTheModelSays(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let store = try OutlineStore(path: directory.file("model.db"))
        let outliner = try Outliner(store: store)
        var model = Model()
        var log: [String] = []
        for step in 0..<150 {
            let (keys, expectation) = Self.randomCommand(&random)
            // The model acts on the item under the cursor before the keys, located by its path
            // of positions from the view's root.
            let cursorPath = try outliner.cursor.map { try Self.indexPath(of: $0, store) }
            let rootPath = outliner.tree.root == .root ? [] : try Self.indexPath(of: outliner.tree.root, store)
            let copiedPath = try outliner.copiedItem.flatMap {
                try store.exists($0) ? try Self.indexPath(of: $0, store) : nil
            }
            let rowBefore = try outliner.cursorRow()
            for key in keys { _ = outliner.handle(key) }
            let place = Place(cursor: cursorPath, row: rowBefore, root: rootPath, copied: copiedPath)
            Self.apply(expectation, to: &model, place)
            log.append("\(expectation) \(outliner.message?.text ?? "")")
            let actual = try Self.outline(store)
            // The last commands and what the outliner said of each, to replay a failure by eye.
            #expect(actual == model.roots, "seed \(seed), step \(step): \(log.suffix(10))")
            if actual != model.roots { return }
            // The cursor is on a shown row whenever the view has one.
            if let cursor = outliner.cursor {
                #expect(try store.shownRow(for: cursor, in: outliner.tree) == cursor)
            } else {
                #expect(try store.firstRow(of: outliner.tree) == nil)
            }
            _ = try outliner.frame(rows: 12, columns: 60)
        }
    }

    /// What a random command should do.
    enum Expectation: Equatable {
        case nothing(String)
        case addBelow(String), addAbove(String), retitle(String)
        case indent, outdent, moveUp, moveDown, remove, toggleDone, copy, paste, undo, redo
        case zoomIn, zoomOut
    }

    private static func randomCommand(_ random: inout SeededGenerator) -> ([Key], Expectation) {
        let title = titles.randomElement(using: &random)!
        let typed = Array(title.utf8).map(Key.byte)
        switch Int.random(in: 0..<22, using: &random) {
        case 0, 1: return ([.byte(UInt8(ascii: "j"))], .nothing("j"))
        case 2, 3: return ([.byte(UInt8(ascii: "k"))], .nothing("k"))
        case 4: return ([.byte(UInt8(ascii: "h"))], .nothing("h"))
        case 5: return ([.byte(UInt8(ascii: "l"))], .nothing("l"))
        // End three times before any frame: the cursor's line must saturate, not overflow.
        case 6: return ([.byte(UInt8(ascii: "G")), .end, .byte(UInt8(ascii: "G"))], .nothing("G"))
        case 7, 8: return ([.byte(UInt8(ascii: "o"))] + typed + [.byte(0x0D)], .addBelow(title))
        case 9: return ([.byte(UInt8(ascii: "O"))] + typed + [.byte(0x0D)], .addAbove(title))
        case 10: return ([.byte(UInt8(ascii: "a")), .byte(0x15)] + typed + [.byte(0x0D)], .retitle(title))
        case 11: return ([.byte(0x09)], .indent)
        case 12: return ([.backTab], .outdent)
        case 13: return ([.byte(UInt8(ascii: "K"))], .moveUp)
        case 14: return ([.altDown], .moveDown)
        case 15: return ([.byte(UInt8(ascii: "d")), .byte(UInt8(ascii: "d"))], .remove)
        case 16: return ([.byte(UInt8(ascii: "x"))], .toggleDone)
        case 17: return ([.byte(UInt8(ascii: "y")), .byte(UInt8(ascii: "y"))], .copy)
        case 18: return ([.byte(UInt8(ascii: "p"))], .paste)
        case 19: return ([.byte(UInt8(ascii: "u"))], .undo)
        case 20: return ([.byte(0x12)], .redo)
        default: return Bool.random(using: &random) ? ([.byte(0x0D)], .zoomIn) : ([.byte(0x7F)], .zoomOut)
        }
    }

    /// Where a command acts, before its keys: paths of 0-based positions from the outline's root.
    struct Place {
        /// The cursor's item; nil when the view is empty.
        var cursor: [Int]?
        /// Its row, for whether its children are shown.
        var row: OutlineRow?
        /// The view's root ([] for the whole outline).
        var root: [Int]
        /// The item `yy` took, if it is still there.
        var copied: [Int]?
    }

    /// The model's change for `expectation` at `place`.
    private static func apply(_ expectation: Expectation, to model: inout Model, _ place: Place) {
        let path = place.cursor
        let row = place.row
        switch expectation {
        case .nothing, .zoomIn, .zoomOut, .copy: return
        case .undo: return model.undo()
        case .redo: return model.redo()
        case .addBelow(let title), .addAbove(let title):
            model.change { roots in
                let node = Node(title: title)
                guard let path else {
                    // An empty view adds under its root.
                    insert(node, into: &roots, under: place.root, at: nil)
                    return true
                }
                if case .addBelow = expectation, let row, row.hasChildren, !row.isFolded {
                    insert(node, into: &roots, under: path, at: 0)
                } else {
                    let offset = if case .addBelow = expectation { 1 } else { 0 }
                    insert(node, into: &roots, under: Array(path.dropLast()), at: path.last! + offset)
                }
                return true
            }
        case .retitle(let title):
            guard let path else { return }
            // The same title again is no change, and no step.
            model.change { roots in
                guard node(roots, at: path).title != title else { return false }
                update(&roots, at: path) { $0.title = title }
                return true
            }
        case .toggleDone:
            guard let path else { return }
            model.change {
                update(&$0, at: path) { $0.isDone.toggle() }
                return true
            }
        case .remove:
            guard let path else { return }
            model.change {
                _ = take(&$0, at: path)
                return true
            }
        case .paste:
            guard let source = place.copied, let path else { return }
            model.change { roots in
                let copy = node(roots, at: source)
                insert(copy, into: &roots, under: Array(path.dropLast()), at: path.last! + 1)
                return true
            }
        case .indent:
            guard let path, path.last! > 0 else { return }
            model.change { roots in
                let moved = take(&roots, at: path)
                let above = Array(path.dropLast()) + [path.last! - 1]
                insert(moved, into: &roots, under: above, at: nil)
                return true
            }
        case .outdent:
            guard let path, path.count > place.root.count + 1 else { return }
            model.change { roots in
                let moved = take(&roots, at: path)
                let parent = Array(path.dropLast())
                insert(moved, into: &roots, under: Array(parent.dropLast()), at: parent.last! + 1)
                return true
            }
        case .moveUp, .moveDown:
            guard let path else { return }
            model.change { roots in
                let siblings = node(roots, at: Array(path.dropLast()))
                let target = path.last! + (expectation == .moveUp ? -1 : 1)
                guard siblings.children.indices.contains(target) else { return false }
                let moved = take(&roots, at: path)
                insert(moved, into: &roots, under: Array(path.dropLast()), at: target)
                return true
            }
        }
    }

    /// The path of 0-based positions from the outline's root to `id`.
    private static func indexPath(of id: ItemID, _ store: OutlineStore) throws -> [Int] {
        try store.positionPath(of: id).map { $0 - 1 }
    }

    private static func node(_ roots: [Node], at path: [Int]) -> Node {
        var current = Node(title: "", children: roots)
        for index in path { current = current.children[index] }
        return current
    }

    private static func update(_ roots: inout [Node], at path: [Int], _ body: (inout Node) -> Void) {
        var root = Node(title: "", children: roots)
        func visit(_ node: inout Node, _ rest: ArraySlice<Int>) {
            guard let first = rest.first else { return body(&node) }
            visit(&node.children[first], rest.dropFirst())
        }
        visit(&root, path[...])
        roots = root.children
    }

    private static func take(_ roots: inout [Node], at path: [Int]) -> Node {
        var taken = Node(title: "")
        update(&roots, at: Array(path.dropLast())) { taken = $0.children.remove(at: path.last!) }
        return taken
    }

    private static func insert(_ node: Node, into roots: inout [Node], under parent: [Int], at index: Int?) {
        update(&roots, at: parent) { $0.children.insert(node, at: index ?? $0.children.count) }
    }

    /// The store's outline as model nodes.
    private static func outline(_ store: OutlineStore) throws -> [Node] {
        var stack: [Node] = [Node(title: "")]
        try store.walk(
            enter: { entry in stack.append(Node(title: entry.item.title, isDone: entry.item.isDone)) },
            leave: { _ in
                let finished = stack.removeLast()
                stack[stack.count - 1].children.append(finished)
            })
        return stack[0].children
    }
}
