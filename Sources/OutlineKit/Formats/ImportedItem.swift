import Foundation

/// An item read from a document, with the items nested under it: what `OutlineStore.importItems`
/// adds, as new items.
public struct ImportedItem: Equatable, Sendable {
    /// The title, as the document gives it (the store checks it as `Title.validated` says).
    public var title: String
    /// Whether the document marks it done.
    public var isDone: Bool
    /// Its note, if the document gives one.
    public var note: String?
    /// The items nested under it, in order.
    public var children: [ImportedItem]
    /// When it was done, if the document says (a done item without one is done at the time of
    /// the import); ignored for an open item.
    public var doneAt: Date? {
        get { extra?.doneAt }
        set { extra = Extra.holding(newValue, attributes) }
    }
    /// Its keyword (nil for a plain item, or a done item of a format without keywords), last
    /// done time, tags, dates, priority and properties. A keyword the outline's workflow lacks is
    /// added to it by the import, open or done as `isDone` says.
    public var attributes: ItemAttributes {
        get { extra?.attributes ?? ItemAttributes() }
        set { extra = Extra.holding(doneAt, newValue) }
    }
    /// The done time and attributes, boxed: most imported items have none, and held inline they
    /// would double the memory of a big import, which holds every item before inserting
    /// (Docs/performance.md, "JSON import in bounded memory"). Never changed once made, so that
    /// copies of an item stay independent.
    private var extra: Extra?

    private final class Extra: Sendable {
        let doneAt: Date?
        let attributes: ItemAttributes

        private init(doneAt: Date?, attributes: ItemAttributes) {
            self.doneAt = doneAt
            self.attributes = attributes
        }

        /// A box for these values; nil when there is nothing to hold.
        static func holding(_ doneAt: Date?, _ attributes: ItemAttributes) -> Extra? {
            doneAt == nil && attributes.isEmpty ? nil : Extra(doneAt: doneAt, attributes: attributes)
        }
    }

    /// An item read from a document.
    public init(
        title: String, isDone: Bool = false, note: String? = nil, children: [ImportedItem] = [],
        doneAt: Date? = nil, attributes: ItemAttributes = ItemAttributes()
    ) {
        self.title = title
        self.isDone = isDone
        self.note = note
        self.children = children
        self.extra = Extra.holding(doneAt, attributes)
    }

    /// Items are equal when everything they hold is, whichever boxes hold it.
    public static func == (lhs: ImportedItem, rhs: ImportedItem) -> Bool {
        lhs.title == rhs.title && lhs.isDone == rhs.isDone && lhs.note == rhs.note && lhs.doneAt == rhs.doneAt
            && lhs.attributes == rhs.attributes && lhs.children == rhs.children
    }

    /// How many items this one holds, itself included.
    public var count: Int { children.reduce(1) { $0 + $1.count } }
}

/// Why a document could not be read: where (1-based; column 0 where the reader does not know)
/// and what was wrong there.
public struct DocumentError: Error, Equatable, Sendable {
    /// The line where reading stopped.
    public var line: Int
    /// The column on that line, from 1; 0 when not known.
    public var column: Int
    /// What was wrong, in a few words.
    public var reason: String

    /// An error at `line` (and `column`), for `reason`.
    public init(line: Int, column: Int = 0, _ reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line 12: reason`, or `line 12, column 4: reason`.
    public var message: String {
        (column > 0 ? "line \(line), column \(column)" : "line \(line)") + ": " + reason
    }
}

/// Nests items given one at a time with their depth (1 for the top level), as line-based
/// documents list them: an item goes under the nearest earlier item of a smaller depth. A depth
/// that skips levels (`*` then `***`) nests one level down, under the item before.
///
/// An item with an empty title (an empty bullet, which Logseq and Workflowy exports hold) is left
/// out when it closes with nothing under it and no note. One that held nothing else goes
/// silently; one that held a state, a done mark or attributes (an empty `- [ ]` of an issue
/// template, an empty Logseq block with an `id::`) is counted in `report` as left out, so that
/// `import` says so and `--strict` refuses it. One that holds items or a note is refused, its
/// line named, since its title cannot be empty.
struct ItemNester {
    /// The top-level items finished so far.
    private(set) var roots: [ImportedItem] = []
    /// The empty items left out that held something: the reader adds it to its document's report.
    private(set) var report = ImportReport()
    /// The open items from the top down, each with its depth as the document gave it, and where
    /// it stands.
    private var open: [(item: ImportedItem, depth: Int, line: Int, column: Int)] = []

    /// The most recent item, for a reader that adds a note or a state to it.
    var last: ImportedItem? {
        get { open.last?.item }
        set { if let newValue, !open.isEmpty { open[open.count - 1].item = newValue } }
    }

    /// How deep the last item sits: 1 for a top-level one, 0 with none.
    var lastLevel: Int { open.count }

    /// Adds `item` at `depth`, closing the open items at that depth or deeper.
    ///
    /// - Throws: `DocumentError` when the item would nest deeper than the outline allows.
    mutating func add(_ item: ImportedItem, depth: Int, line: Int, column: Int = 0) throws {
        while let top = open.last, top.depth >= depth { try close() }
        if open.count >= OutlineStore.maximumDepth {
            throw DocumentError(line: line, "items nest more than \(OutlineStore.maximumDepth) levels deep")
        }
        open.append((item, depth, line, column))
    }

    /// Closes every open item and returns the top-level items.
    ///
    /// - Throws: `DocumentError` for an item without a title that holds items or a note.
    mutating func finish() throws -> [ImportedItem] {
        while !open.isEmpty { try close() }
        return roots
    }

    /// An empty item that held a state or attributes: nothing of it can be kept without a title.
    static let leftOutEmptyItem = ImportReport.Kind.leftOut(
        "empty item with a state or attributes", "empty items with a state or attributes")

    private mutating func close() throws {
        let (done, _, line, column) = open.removeLast()
        if done.title.isEmpty {
            guard done.children.isEmpty, done.note == nil else {
                throw DocumentError(
                    line: line, column: column, "an item without a title holds items or a note; give it a title")
            }
            if done.isDone || done.doneAt != nil || !done.attributes.isEmpty {
                report.record(Self.leftOutEmptyItem, line: line)
            }
            return
        }
        if open.isEmpty { roots.append(done) } else { open[open.count - 1].item.children.append(done) }
    }
}
