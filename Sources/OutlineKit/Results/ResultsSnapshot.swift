/// What a results controller showed at one moment: its sections, each with rows of id and
/// content. Two snapshots are all a change set is computed from.
public struct ResultsSnapshot: Equatable, Sendable {
    /// One row: an item and what it shows.
    public struct Row: Equatable, Sendable {
        /// The row's item.
        public var id: ItemID
        /// What an update compares: the row's visible content (its title, state and note).
        public var content: String

        /// A row of `id` showing `content`.
        public init(id: ItemID, content: String) {
            self.id = id
            self.content = content
        }
    }

    /// One section: a name and its rows in order.
    public struct Section: Equatable, Sendable {
        /// The section's name ("" for a list without sections).
        public var name: String
        /// The rows, in order.
        public var rows: [Row]

        /// A section `name` holding `rows`.
        public init(name: String, rows: [Row]) {
            self.name = name
            self.rows = rows
        }
    }

    /// The sections, in order.
    public var sections: [Section]

    /// A snapshot of `sections`.
    public init(sections: [Section]) { self.sections = sections }

    /// A list without sections: one unnamed section.
    public init(rows: [Row]) { self.sections = [Section(name: "", rows: rows)] }

    /// A snapshot with no sections at all.
    public static let empty = ResultsSnapshot(sections: [])
}

extension ResultsSnapshot.Row {
    /// The row that shows `item`. Its content is what an update compares: the title, whether it
    /// is done and its note, joined by characters no title holds, so that a change of any of them
    /// is an update and a title cannot pass for a title and a state.
    init(_ item: Item) {
        var content = item.title
        if item.isDone { content += "\u{1}done" }
        if let note = item.note { content += "\u{2}" + note }
        self.init(id: item.id, content: content)
    }
}
