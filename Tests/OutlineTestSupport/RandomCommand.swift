import OutlineKit

/// A random outline command, mostly valid, sometimes not, as a user or a script might type it.
public enum RandomCommand: CustomStringConvertible, Sendable {
    case add([String], under: ItemID?, Placement)
    case remove([ItemID])
    case move([ItemID], under: ItemID?, Placement)
    case edit(ItemID, String)
    case undo(Int)
    case redo(Int)

    public var description: String {
        switch self {
        case .add(let titles, let parent, let placement):
            "add \(titles) under \(String(describing: parent)) \(placement)"
        case .remove(let ids): "rm \(ids)"
        case .move(let ids, let parent, let placement): "mv \(ids) under \(String(describing: parent)) \(placement)"
        case .edit(let id, let title): "edit \(id) \(title)"
        case .undo(let steps): "undo \(steps)"
        case .redo(let steps): "redo \(steps)"
        }
    }

    public static let sampleTitles = [
        "Milk", "Eggs", "  padded  ", "张三", "Ünïcödé", "emoji 🎉", "a b c", "x", "", "bad\u{7}bell", "tab\there",
    ]

    public static func random(existing ids: [ItemID], nextID: ItemID, using rng: inout SeededGenerator) -> RandomCommand
    {
        func someID() -> ItemID {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: return 0
            case 1: return nextID + 3  // never existed
            default: return ids.randomElement(using: &rng) ?? 0
            }
        }
        func someIDs() -> [ItemID] { (0..<Int.random(in: 1...3, using: &rng)).map { _ in someID() } }
        func someTitle() -> String { sampleTitles.randomElement(using: &rng)! }
        func somePlacement() -> (ItemID?, Placement) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return (nil, .end)
            case 1: return (someID(), .end)
            case 2: return (someID(), .at(Int.random(in: 0...5, using: &rng)))
            case 3: return (nil, .before(someID()))
            case 4: return (nil, .after(someID()))
            default: return (Bool.random(using: &rng) ? someID() : nil, .after(someID()))
            }
        }
        switch Int.random(in: 0..<13, using: &rng) {
        case 10, 11: return .undo(Int.random(in: 0..<5, using: &rng) == 0 ? 2 : 1)
        case 12: return .redo(Int.random(in: 0..<5, using: &rng) == 0 ? 2 : 1)
        case 0..<4:
            let (parent, placement) = somePlacement()
            return .add((0..<Int.random(in: 1...3, using: &rng)).map { _ in someTitle() }, under: parent, placement)
        case 4..<5: return .remove(someIDs())
        case 5..<8:
            let (parent, placement) = somePlacement()
            return .move(someIDs(), under: parent, placement)
        default: return .edit(someID(), someTitle())
        }
    }
}
