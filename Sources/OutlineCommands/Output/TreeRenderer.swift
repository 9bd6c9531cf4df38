import OutlineKit

/// Draws the human form of `ls`: ids in an aligned, dimmed column, then the title behind tree
/// guides, a done item's title after a check mark (and dimmed, where there is colour: never by
/// colour alone), and how many descendants a depth limit hid. Notes, when asked for, are
/// indented under their items.
///
///      1  Groceries
///      2  ├─ ✓ Milk
///      4  │  └─ Oat milk
///      3  └─ Bread
///      5  Work (+12)
struct TreeRenderer {
    let idWidth: Int
    /// For each entered item not yet left (the current item's ancestors, outermost first), whether
    /// it was the last of its siblings. Top-level items draw no guide, so the first never shows.
    private var ancestorsAreLast: [Bool] = []

    init(largestID: ItemID) {
        idWidth = String(largestID).count
    }

    /// What marks a done item, before its title.
    static let doneMark = "✓ "

    /// The line for `entry`, coloured for the terminal where it is one.
    mutating func enter(_ entry: TreeEntry) -> String {
        let parts = parts(entry)
        let hidden = entry.hiddenDescendants > 0 ? " " + Terminal.dim("(+\(entry.hiddenDescendants))") : ""
        let title = parts.isDone ? Terminal.dim(Self.doneMark + parts.title) : parts.title
        return Terminal.dim(parts.id) + "  " + Terminal.dim(parts.guides) + title + hidden
    }

    /// The lines of the note of the item `enter` drew last (none without a note), indented
    /// under its title, with the guides of the items that follow carried through them.
    func noteLines(_ entry: TreeEntry) -> [String] {
        guard let note = entry.item.note else { return [] }
        var guides = ""
        for isLast in ancestorsAreLast.dropFirst() { guides += isLast ? "   " : "│  " }
        let indent = String(repeating: " ", count: idWidth) + "  " + Terminal.dim(guides) + "   "
        return TitleSanitizer.forTerminalKeepingLines(note).split(separator: "\n", omittingEmptySubsequences: false)
            .map { indent + Terminal.dim(String($0)) }
    }

    /// The pieces of the line for `entry`, uncoloured: the padded id, the guides, the sanitised
    /// title, and whether the item is done. Call for every entry, in walk order, with `leave`
    /// after its children.
    mutating func parts(_ entry: TreeEntry) -> (id: String, guides: String, title: String, isDone: Bool) {
        var guides = ""
        if entry.depth > 1 {
            for isLast in ancestorsAreLast.dropFirst() { guides += isLast ? "   " : "│  " }
            guides += entry.isLastSibling ? "└─ " : "├─ "
        }
        ancestorsAreLast.append(entry.isLastSibling)
        let id = String(entry.id)
        let paddedID = String(repeating: " ", count: max(0, idWidth - id.count)) + id
        return (paddedID, guides, TitleSanitizer.forTerminal(entry.item.title), entry.item.isDone)
    }

    mutating func leave(_ entry: TreeEntry) {
        ancestorsAreLast.removeLast()
    }
}
