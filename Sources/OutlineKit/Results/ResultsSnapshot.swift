/// What a results controller showed at one moment: its sections, each with rows of id and
/// content. Two snapshots are all a change set is computed from.
public struct ResultsSnapshot: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var id: ItemID
        /// What an update compares: the row's visible content (its title).
        public var content: String

        public init(id: ItemID, content: String) {
            self.id = id
            self.content = content
        }
    }

    public struct Section: Equatable, Sendable {
        public var name: String
        public var rows: [Row]

        public init(name: String, rows: [Row]) {
            self.name = name
            self.rows = rows
        }
    }

    public var sections: [Section]

    public init(sections: [Section]) { self.sections = sections }

    /// A list without sections: one unnamed section.
    public init(rows: [Row]) { self.sections = [Section(name: "", rows: rows)] }

    public static let empty = ResultsSnapshot(sections: [])
}

extension ResultsSnapshot.Row {
    /// The row that shows `item`. Its content is what an update compares: the title.
    init(_ item: Item) { self.init(id: item.id, content: item.title) }
}
