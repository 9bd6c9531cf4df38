import Foundation
import OutlineTestSupport
import Testing

/// Random command lines through the real binary, against a model of the tree kept here, comparing
/// `ls --tsv` after every step. The library's property test runs thousands of steps; this one
/// proves the command line (parsing, placement flags, exit statuses) agrees with it.
@Suite("Random command lines against a model")
struct CLIPropertyTests {
    @Test(arguments: [11, 12] as [UInt64])
    func binaryMatchesTheModel(seed: UInt64) throws {
        let outline = OutlineProcess()
        var model = ListModel()
        var rng = SeededGenerator(seed: seed)
        var accepted = 0
        for step in 1...70 {
            let ids = model.ids
            func pick() -> String {
                if Int.random(in: 0..<15, using: &rng) == 0 { return "99" }
                return ids.randomElement(using: &rng).map(String.init) ?? "1"
            }
            let arguments: [String]
            switch Int.random(in: 0..<12, using: &rng) {
            case 10: arguments = ["undo"]
            case 11: arguments = ["redo"]
            case 0..<4:
                var line = ["add", ["Milk", "Eggs", "张", "x y"].randomElement(using: &rng)!]
                if Bool.random(using: &rng), !ids.isEmpty { line += ["--under", pick()] }
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    line += ["--at", String(Int.random(in: 1...4, using: &rng))]
                }
                arguments = line
            case 4: arguments = ["rm", pick()]
            case 5..<8:
                let flag = ["--under", "--before", "--after"].randomElement(using: &rng)!
                arguments = ["mv", pick(), flag, flag == "--under" && Bool.random(using: &rng) ? "0" : pick()]
            default: arguments = ["edit", pick(), ["New", "Renamed", ""].randomElement(using: &rng)!]
            }
            let expectedOK = model.apply(arguments)
            let result = try outline.run(arguments)
            #expect(result.status == (expectedOK ? 0 : 1), "seed \(seed) step \(step): \(arguments) \(result)")
            if result.status == 0 { accepted += 1 }
            #expect(try outline.tsv() == model.tsv(), "seed \(seed) step \(step): \(arguments)")
            if try outline.tsv() != model.tsv() { break }
        }
        #expect(accepted > 30)
    }
}

/// The model for the command-line property: the tree as ordered child lists.
struct ListModel {
    /// Snapshots for undo and redo; `next` survives them, since ids are never reused.
    var past: [ListModel] = []
    var future: [ListModel] = []
    var children: [Int64: [Int64]] = [0: []]
    var parent: [Int64: Int64] = [:]
    var titles: [Int64: String] = [:]
    var next: Int64 = 1
    var ids: [Int64] { parent.keys.sorted() }

    /// Applies a command line; returns false where outline must refuse it. A change that alters
    /// the outline becomes an undo step.
    mutating func apply(_ arguments: [String]) -> Bool {
        switch arguments[0] {
        case "undo", "redo":
            let undoing = arguments[0] == "undo"
            guard var restored = (undoing ? past : future).last else { return false }
            var current = self
            current.past = []
            current.future = []
            restored.past = undoing ? Array(past.dropLast()) : past + [current]
            restored.future = undoing ? future + [current] : Array(future.dropLast())
            restored.next = next
            self = restored
            return true
        default:
            var before = self
            before.past = []
            before.future = []
            guard applyChange(arguments) else { return false }
            if tsv() != before.tsv() {
                past.append(before)
                future = []
            }
            return true
        }
    }

    private mutating func applyChange(_ arguments: [String]) -> Bool {
        func id(_ text: String) -> Int64? { Int64(text) }
        func option(_ name: String) -> String? {
            arguments.firstIndex(of: name).map { arguments[$0 + 1] }
        }
        switch arguments[0] {
        case "add":
            let target = option("--under").flatMap(id) ?? 0
            guard children[target] != nil else { return false }
            let index = option("--at").flatMap { Int($0) }.map { $0 - 1 } ?? children[target]!.count
            guard (0...children[target]!.count).contains(index) else { return false }
            children[target]!.insert(next, at: index)
            parent[next] = target
            children[next] = []
            titles[next] = arguments[1]
            next += 1
        case "rm":
            guard let item = id(arguments[1]), parent[item] != nil else { return false }
            func drop(_ item: Int64) {
                for child in children[item]! { drop(child) }
                children[item] = nil
                parent[item] = nil
            }
            children[parent[item]!]!.removeAll { $0 == item }
            drop(item)
        case "mv":
            guard let item = id(arguments[1]), let old = parent[item], let other = id(arguments[3]) else {
                return false
            }
            let target: Int64
            var rest: [Int64]
            let index: Int
            if arguments[2] == "--under" {
                guard children[other] != nil else { return false }
                target = other
                rest = children[target]!.filter { $0 != item }
                index = rest.count
            } else {
                guard other != item, let anchorParent = parent[other] else { return false }
                target = anchorParent
                rest = children[target]!.filter { $0 != item }
                index = rest.firstIndex(of: other)! + (arguments[2] == "--after" ? 1 : 0)
            }
            var walk: Int64? = target
            while let current = walk, current != 0 {
                if current == item { return false }
                walk = parent[current]
            }
            children[old]!.removeAll { $0 == item }
            rest.insert(item, at: index)
            children[target] = rest
            parent[item] = target
        default:
            guard let item = id(arguments[1]), parent[item] != nil, !arguments[2].isEmpty else { return false }
            titles[item] = arguments[2]
        }
        return true
    }

    func tsv() -> [String] {
        var lines: [String] = []
        func visit(_ item: Int64, _ depth: Int) {
            for (offset, child) in children[item]!.enumerated() {
                lines.append("\(child)\t\(item)\t\(offset + 1)\t\(depth)\t\(titles[child]!)")
                visit(child, depth + 1)
            }
        }
        visit(0, 1)
        return lines
    }
}
