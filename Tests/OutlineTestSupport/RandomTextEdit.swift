import OutlineKit

/// Random edits of a subtree's text, as a user makes them in an editor: lines moved, indented
/// and outdented, deleted, inserted, retitled, ticked and unticked, and now and then a mistake
/// (an id on two lines, an id that is no item, an indent that skips a level).
public enum RandomTextEdit {
    /// Titles for new and retitled lines: ones the text must escape, and one the outline refuses.
    public static let titles = [
        "New", "#12", "[x] not a state", "a\\#3", "Issue #7", "\\", "Ünïcödé", "emoji 🎉", "tail  #4", "bad\u{7}bell",
        "milk",
    ]

    /// `lines` after one to four random edits. Depths are kept valid (each line at most one
    /// level below the one before) unless a mistake of indent is made on purpose.
    public static func edit(
        _ lines: [EditableText.Line], nextID: ItemID, using rng: inout SeededGenerator
    ) -> [EditableText.Line] {
        var lines = lines
        var keepDepthsValid = true
        func someIndex() -> Int? { lines.indices.randomElement(using: &rng) }
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            switch Int.random(in: 0..<30, using: &rng) {
            case 0..<6:
                if let from = someIndex() {
                    let line = lines.remove(at: from)
                    lines.insert(line, at: Int.random(in: 0...lines.count, using: &rng))
                }
            case 6..<10:
                if let index = someIndex() { lines[index].depth += Bool.random(using: &rng) ? 1 : -1 }
            case 10..<14:
                if let index = someIndex() { lines.remove(at: index) }
            case 14..<19:
                let title = titles.randomElement(using: &rng)!
                let depth = Int.random(in: 1...3, using: &rng)
                lines.insert(
                    .init(depth: depth, id: nil, title: title, isDone: Int.random(in: 0..<4, using: &rng) == 0),
                    at: Int.random(in: 0...lines.count, using: &rng))
            case 19..<23:
                if let index = someIndex() { lines[index].title = titles.randomElement(using: &rng)! }
            case 23..<27:
                if let index = someIndex() { lines[index].isDone.toggle() }
            case 27:
                if let index = someIndex() { lines.append(lines[index]) }
            case 28:
                lines.append(.init(depth: 1, id: nextID + 7, title: "Ghost"))
            default:
                if let index = someIndex(), index > 0 {
                    lines[index].depth = lines[index - 1].depth + 2
                    keepDepthsValid = false
                }
            }
        }
        var previous = 0
        for index in lines.indices {
            // A text has no depth above 1: a line outdented past the left edge is at depth 1,
            // whether or not a level is skipped on purpose elsewhere.
            lines[index].depth = max(1, keepDepthsValid ? min(lines[index].depth, previous + 1) : lines[index].depth)
            previous = lines[index].depth
        }
        return lines
    }
}
