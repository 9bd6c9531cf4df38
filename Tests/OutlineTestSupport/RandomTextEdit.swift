import OutlineKit

/// Random edits of a subtree's text, as a user makes them in an editor: lines moved, indented
/// and outdented, deleted, inserted, retitled, given another state or none, and now and then a
/// mistake (an id on two lines, an id that is no item, an indent that skips a level, a keyword
/// that is not the workflow's).
public enum RandomTextEdit {
    /// Titles for new and retitled lines: ones the text must escape, and one the outline refuses.
    public static let titles = [
        "New", "#12", "[x] not a state", "a\\#3", "Issue #7", "\\", "Ünïcödé", "emoji 🎉", "tail  #4", "bad\u{7}bell",
        "milk", "[NEXT] not a state either",
    ]

    /// States for new lines and changed ones: none, the two boxes, keywords of the sample
    /// workflows (`RandomCommand.sampleWorkflows`), one in lower case (read as `set --state`
    /// reads it), Markdown's `[X]` (done, where no keyword is X), and one that no workflow has,
    /// which the text is refused for.
    public static let markers: [EditableText.Marker?] = [
        nil, .open, .done, .keyword("NEXT"), .keyword("CANCELLED"), .keyword("DONE"), .keyword("TODO"),
        .keyword("FINISHED"), .keyword("next"), .keyword("X"), .keyword("WAITING"),
    ]

    /// Another state than `marker`, as a user changes one, chosen by `pick`: a plain line gets
    /// any marker (now and then one the workflow may lack); an open box is mostly ticked, the
    /// edit that meets repeating tasks; any other loses its marker half the time.
    public static func changed(_ marker: EditableText.Marker?, by pick: Int) -> EditableText.Marker? {
        switch marker {
        case nil: return markers[1 + pick % (markers.count - 1)]
        case .open?: return pick % 3 == 0 ? nil : .done
        default:
            let others: [EditableText.Marker] = [.open, .keyword("TODO"), .keyword("DONE"), .keyword("FINISHED")]
            return pick % 2 == 0 ? nil : others[pick / 2 % others.count]
        }
    }

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
                // One draw for the state, as when a new line was done or not, so that the seeds
                // play the sequences they were chosen for; plain half the time.
                let draw = Int.random(in: 0..<(2 * markers.count), using: &rng)
                let marker = draw < markers.count ? nil : markers[draw - markers.count]
                lines.insert(
                    .init(depth: depth, id: nil, title: title, marker: marker),
                    at: Int.random(in: 0...lines.count, using: &rng))
            case 19..<23:
                if let index = someIndex() { lines[index].title = titles.randomElement(using: &rng)! }
            case 23..<27:
                // Picked by the line's place rather than drawn, as no draw was made when this
                // toggled a tick.
                if let index = someIndex() {
                    lines[index].marker = changed(lines[index].marker, by: index + lines.count)
                }
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
