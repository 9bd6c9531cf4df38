import OutlineKit

/// Draws the human form of `ls`: ids in an aligned, dimmed column, then the title behind tree
/// guides, and how many descendants a depth limit hid.
///
///      1  Groceries
///      2  ├─ Milk
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

    /// The line for `entry`, coloured for the terminal where it is one.
    mutating func enter(_ entry: TreeEntry) -> String {
        let parts = parts(entry)
        let hidden = entry.hiddenDescendants > 0 ? " " + Terminal.dim("(+\(entry.hiddenDescendants))") : ""
        return Terminal.dim(parts.id) + "  " + Terminal.dim(parts.guides) + parts.title + hidden
    }

    /// The pieces of the line for `entry`, uncoloured: the padded id, the guides, the sanitised
    /// title. Call for every entry, in walk order, with `leave` after its children.
    mutating func parts(_ entry: TreeEntry) -> (id: String, guides: String, title: String) {
        var guides = ""
        if entry.depth > 1 {
            for isLast in ancestorsAreLast.dropFirst() { guides += isLast ? "   " : "│  " }
            guides += entry.isLastSibling ? "└─ " : "├─ "
        }
        ancestorsAreLast.append(entry.isLastSibling)
        let id = String(entry.id)
        let paddedID = String(repeating: " ", count: max(0, idWidth - id.count)) + id
        return (paddedID, guides, TitleSanitizer.forTerminal(entry.item.title))
    }

    mutating func leave(_ entry: TreeEntry) {
        ancestorsAreLast.removeLast()
    }
}
