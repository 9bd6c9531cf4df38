/// What is wrong with an item's place in the tree when its row holds a value that outline never
/// writes: only a file edited outside outline (with the sqlite3 shell, say) holds one.
///
/// SQLite stores any value in any column, and GRDB stops the process when it decodes one of an
/// unexpected type; arithmetic on a position at the end of SQLite's integers overflows. The
/// store reads these columns with their types and refuses, naming the fault, before either.
public enum ItemFault: Equatable, Sendable {
    /// The parent is text, a blob or a real number: the item hangs from no item.
    case parentNotAnID
    /// The parent is NULL, as only the root's is: the item hangs from no item.
    case noParent
    /// The position is text, a blob or a real number.
    case positionNotAWholeNumber
    /// The position is a whole number below 1, which the table's own CHECK refuses unless told
    /// to ignore it.
    case positionBelowOne(Int64)
    /// The position is so large that the items to be placed after it would need positions past
    /// the largest integer SQLite stores.
    case positionTooLarge(Int64)

    /// The fault, said of item `id`, in the words `check` uses for the same problem.
    func describe(_ id: ItemID) -> String {
        switch self {
        case .parentNotAnID: "item \(id) has a parent that is not an id"
        case .noParent: "item \(id) has no parent, as only the root may"
        case .positionNotAWholeNumber: "item \(id) has a position that is not a whole number"
        case .positionBelowOne(let position): "item \(id) has position \(position), below 1"
        case .positionTooLarge(let position):
            "item \(id) has position \(position), too large for more items to go after it"
        }
    }
}
