import Foundation
import GRDB

extension OutlineStore {
    /// The item's attributes: state, tags, dates, priority, properties.
    ///
    /// - Throws: `unknownItem`, `rootNotAllowed`.
    public func attributes(of id: ItemID) throws -> ItemAttributes {
        if id == .root { throw OutlineError.rootNotAllowed(operation: "shown as an item") }
        return try read { db in try AttributedItem.read(db, id).attributes }
    }

    /// Sets the items' attributes as `change` says, as one step; `date` is when a state becomes
    /// done. An item the change leaves as it was is left out of the step's name; when none
    /// changes, no step is recorded (`ChangeResult.step` is nil).
    ///
    /// A done keyword given to an open item with a repeating date keeps it open and moves its
    /// dates, as `markDone(_:at:reportingChanges:)` does.
    ///
    /// - Throws: `unknownKeyword`, `rootNotAllowed`, `duplicateItem`, `unknownItem`, `noItems`.
    ///   Nothing changes on error.
    @discardableResult
    public func setAttributes(
        _ ids: [ItemID], _ change: AttributeChange, at date: Date = Date(), reportingChanges: Bool = false
    ) throws -> ChangeResult {
        try requireDistinctItems(ids, operation: "given attributes")
        return try performChange(reportingChanges: reportingChanges) { db in
            let workflow = try Self.workflow(db)
            let (titles, moved) = try AttributedItem.changeEach(ids, db) { item in
                try item.apply(change, workflow: workflow, at: date)
            }
            return ChangeResult(action: .set(titles: titles, changes: change.words + moved.flatMap(\.moves)))
        }
    }

    /// The outline's workflow: `Workflow.standard` until one is set.
    public func workflow() throws -> Workflow {
        try read { db in try Self.workflow(db) }
    }

    /// Sets the outline's workflow, as one step.
    ///
    /// - Throws: `keywordInUse` when the new workflow lacks a keyword items carry;
    ///   `invalidWorkflow` when it would make the keyword of open items a done one, or the other
    ///   way round (their `done_at` would contradict it).
    @discardableResult
    public func setWorkflow(_ workflow: Workflow, reportingChanges: Bool = false) throws -> ChangeResult {
        try performChange(reportingChanges: reportingChanges) { db in
            let current = try Self.workflow(db)
            guard current != workflow else { return ChangeResult(action: .workflow(workflow.description)) }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT CAST(coalesce(state, CASE WHEN done_at IS NOT NULL THEN 'DONE' END) AS TEXT) AS keyword,
                           done_at IS NOT NULL, count(*)
                    FROM item
                    WHERE id != 0 AND keyword IS NOT NULL GROUP BY 1, 2 ORDER BY 1
                    """)
            for row in rows {
                let keyword: String = row[0]
                let done: Bool = row[1]
                let count: Int = row[2]
                guard workflow.keywords.contains(keyword) else {
                    throw OutlineError.keywordInUse(keyword: keyword, count: count)
                }
                if workflow.isDone(keyword) != done {
                    let what = done ? "done" : "open"
                    throw OutlineError.invalidWorkflow(
                        workflow.description,
                        reason: "\(keyword) is the keyword of \(count) \(what) \(count == 1 ? "item" : "items"); "
                            + "it must stay \(done ? "a done" : "an open") keyword")
                }
            }
            try Self.storeWorkflow(workflow, db)
            return ChangeResult(action: .workflow(workflow.description))
        }
    }

    /// The workflow as stored; one edited outside outline into something unreadable reads as
    /// the standard one (`check` says so).
    static func workflow(_ db: Database) throws -> Workflow {
        guard
            let text = try String.fetchOne(
                db.cachedStatement(sql: "SELECT value FROM outline_setting WHERE key = 'workflow'"))
        else { return .standard }
        return (try? Workflow(parsing: text)) ?? .standard
    }

    /// Stores `workflow` as the outline's, unchecked: `setWorkflow` and an import that adds
    /// keywords check it against the items first.
    static func storeWorkflow(_ workflow: Workflow, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO outline_setting (key, value) VALUES ('workflow', ?)",
            arguments: [workflow.description])
    }
}

/// An item with its attributes, read to be changed and written back: the one place that turns
/// a change of state into columns, for `set`, `done`, `reopen` and `add`.
struct AttributedItem {
    var item: Item
    var attributes: ItemAttributes
    /// The columns as read, to write only what changed.
    private let stored: [DatabaseValue]
    private let storedState: String?
    /// The columns (by `columns`' index) a change named: written even where the value read is
    /// the value asked for, so that `--due none` clears a due date outline could not read.
    private var named = Set<Int>()

    static func read(_ db: Database, _ id: ItemID) throws -> AttributedItem {
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, parent_id, position, title, done_at, note,
                       state, last_done, tags, scheduled, scheduled_repeat, due, due_repeat, priority, properties
                FROM item WHERE id = ?
                """)
        // Read from the statement's own row, as `TreeQueries.item` reads: a copied row decodes
        // strictly, and a position an outside edit stored as text would stop the process.
        let rows = try Row.fetchCursor(statement, arguments: [id])
        guard let row = try rows.next() else { throw OutlineError.unknownItem(id) }
        let item = try ItemRecord(row: row).item
        let attributes = ItemAttributes(row: row, startingAt: 6, doneAt: item.doneAt)
        return AttributedItem(
            item: item, attributes: attributes, stored: Self.columns(of: item.doneAt, attributes), storedState: row[6])
    }

    private init(item: Item, attributes: ItemAttributes, stored: [DatabaseValue], storedState: String?) {
        self.item = item
        self.attributes = attributes
        self.stored = stored
        self.storedState = storedState
    }

    /// Reads each of `ids`, changes it with `change` and writes what changed: the one loop of
    /// `set`, `done` and `reopen`.
    ///
    /// - Returns: the titles of the items that changed (of all of them when none did, for the
    ///   "already" summary), and how each changed item's dates moved (`change`'s words).
    static func changeEach(
        _ ids: [ItemID], _ db: Database, _ change: (inout AttributedItem) throws -> [String]
    ) throws -> (titles: [String], moved: [(title: String, moves: [String])]) {
        var all: [String] = []
        var changed: [String] = []
        var moved: [(title: String, moves: [String])] = []
        for id in ids {
            var item = try read(db, id)
            all.append(item.item.title)
            let moves = try change(&item)
            guard try item.write(db) else { continue }
            changed.append(item.item.title)
            if !moves.isEmpty { moved.append((item.item.title, moves)) }
        }
        return (changed.isEmpty ? all : changed, moved)
    }

    /// Makes `change`; returns how repeating dates moved, in words.
    mutating func apply(_ change: AttributeChange, workflow: Workflow, at date: Date) throws -> [String] {
        attributes = change.applied(to: attributes)
        if !change.addedTags.isEmpty || !change.removedTags.isEmpty { named.insert(3) }
        if change.scheduled != nil { named.formUnion([4, 5]) }
        if change.due != nil { named.formUnion([6, 7]) }
        if change.priority != nil { named.insert(8) }
        if !change.properties.isEmpty { named.insert(9) }
        switch change.state {
        case nil: return []
        case .plain:
            attributes.state = nil
            item.doneAt = nil
            return []
        case .keyword(let text):
            guard let keyword = workflow.keyword(named: text) else {
                throw OutlineError.unknownKeyword(text, workflow: workflow.description)
            }
            if workflow.isDone(keyword) { return try markDone(keyword: keyword, workflow: workflow, at: date) }
            attributes.state = keyword
            item.doneAt = nil
            return []
        }
    }

    /// Marks the item done with `keyword` (the workflow's first done keyword by default). An
    /// open item with a repeating date stays open and its dates move by their repeaters, as
    /// org-mode does: a plain item becomes a task with the first open keyword, a task keeps its
    /// own. A done item keeps the time it was done. Returns how the dates moved, in words.
    ///
    /// - Throws: `invalidDate` where a repeater would move a date past 9999-12-31, which no
    ///   date can be.
    mutating func markDone(keyword explicit: String? = nil, workflow: Workflow, at date: Date) throws -> [String] {
        if item.doneAt != nil {
            // `done` leaves a done item as it is; `set --state CANCELLED` changes its keyword.
            if let explicit { attributes.state = explicit }
            return []
        }
        let keyword = explicit ?? workflow.done[0]
        guard attributes.repeats else {
            attributes.state = keyword
            item.doneAt = date
            return []
        }
        var moves: [String] = []
        if let scheduled = attributes.scheduled, scheduled.repeater != nil {
            attributes.scheduled = try Self.moved(scheduled, doneAt: date)
            moves.append("scheduled moved to \(Self.shown(attributes.scheduled!))")
        }
        if let due = attributes.due, due.repeater != nil {
            attributes.due = try Self.moved(due, doneAt: date)
            moves.append("due moved to \(Self.shown(attributes.due!))")
        }
        if attributes.state.map(workflow.isDone) ?? true { attributes.state = workflow.open[0] }
        attributes.lastDone = date
        return moves
    }

    /// Opens a done item again with the workflow's first open keyword; an open one is left.
    mutating func reopen(workflow: Workflow) {
        guard item.doneAt != nil else { return }
        attributes.state = workflow.open[0]
        item.doneAt = nil
    }

    /// Writes the columns that changed; returns whether any did. A column the change left as it
    /// was is not written at all: one that an edit outside outline filled with something
    /// unreadable (read as no value) stays as it is, for `check` to name, rather than be
    /// emptied by a change of another attribute. A date and its repeater go together.
    func write(_ db: Database) throws -> Bool {
        var columns = Self.columns(of: item.doneAt, attributes)
        // A done item of a file made before keywords reads as DONE: leave its column as it was.
        if storedState == nil, item.doneAt != nil, attributes.state == ItemAttributes.legacyDoneKeyword {
            columns[1] = .null
        }
        var compared = stored
        if storedState == nil { compared[1] = .null }
        var changed = zip(columns, compared).enumerated().map { index, pair in pair.0 != pair.1 || named.contains(index)
        }
        for pair in [4...5, 6...7] where pair.contains(where: { changed[$0] }) {
            for index in pair { changed[index] = true }
        }
        guard changed.contains(true) else { return false }
        let changedColumns = changed.indices.filter { changed[$0] }
        if let update = Self.oneAttributeUpdates.first(where: { $0.columns == changedColumns }) {
            try db.cachedStatement(sql: update.sql).execute(
                arguments: Self.arguments(changedColumns.map { columns[$0] } + [item.id.databaseValue]))
            return true
        }
        var arguments: [DatabaseValue] = []
        for (flag, value) in zip(changed, columns) { arguments += [flag.databaseValue, value] }
        try db.cachedStatement(
            sql: """
                UPDATE item SET
                    done_at = CASE WHEN ?1 THEN ?2 ELSE done_at END,
                    state = CASE WHEN ?3 THEN ?4 ELSE state END,
                    last_done = CASE WHEN ?5 THEN ?6 ELSE last_done END,
                    tags = CASE WHEN ?7 THEN ?8 ELSE tags END,
                    scheduled = CASE WHEN ?9 THEN ?10 ELSE scheduled END,
                    scheduled_repeat = CASE WHEN ?11 THEN ?12 ELSE scheduled_repeat END,
                    due = CASE WHEN ?13 THEN ?14 ELSE due END,
                    due_repeat = CASE WHEN ?15 THEN ?16 ELSE due_repeat END,
                    priority = CASE WHEN ?17 THEN ?18 ELSE priority END,
                    properties = CASE WHEN ?19 THEN ?20 ELSE properties END
                WHERE id = ?21
                """
        ).execute(arguments: Self.arguments(arguments + [item.id.databaseValue]))
        return true
    }

    /// `values` as a statement's arguments. Typed, so that the compiler does not pick GRDB's
    /// initializer from `[Any]`, which casts each value to a protocol at run time: half a
    /// million instructions, a tenth of a whole `set`.
    private static func arguments(_ values: [DatabaseValue]) -> StatementArguments {
        let arguments: StatementArguments = StatementArguments(values)
        return arguments
    }

    /// The statements for a change of one attribute (a date with its repeater), by the indexes
    /// of its columns in `write`'s order. A statement that sets only the changed column is a
    /// third of the cost of `set --tag` to compile and run: SQLite leaves the indexes and
    /// triggers of the other columns out of it.
    private static let oneAttributeUpdates: [(columns: [Int], sql: String)] = [
        ([0], "UPDATE item SET done_at = ? WHERE id = ?"),
        ([1], "UPDATE item SET state = ? WHERE id = ?"),
        ([2], "UPDATE item SET last_done = ? WHERE id = ?"),
        ([3], "UPDATE item SET tags = ? WHERE id = ?"),
        ([4, 5], "UPDATE item SET scheduled = ?, scheduled_repeat = ? WHERE id = ?"),
        ([6, 7], "UPDATE item SET due = ?, due_repeat = ? WHERE id = ?"),
        ([8], "UPDATE item SET priority = ? WHERE id = ?"),
        ([9], "UPDATE item SET properties = ? WHERE id = ?"),
    ]

    /// The values of the written columns, in `write`'s order.
    private static func columns(of doneAt: Date?, _ attributes: ItemAttributes) -> [DatabaseValue] {
        [
            doneAt?.timeIntervalSince1970.databaseValue ?? .null,
            attributes.state.databaseValue,
            attributes.lastDone?.timeIntervalSince1970.databaseValue ?? .null,
            ItemAttributes.storedTags(attributes.tags).databaseValue,
            attributes.scheduled?.stored.databaseValue ?? .null,
            attributes.scheduled?.repeater?.description.databaseValue ?? .null,
            attributes.due?.stored.databaseValue ?? .null,
            attributes.due?.repeater?.description.databaseValue ?? .null,
            attributes.priority?.rawValue.databaseValue ?? .null,
            ItemAttributes.storedProperties(attributes.properties).databaseValue,
        ]
    }

    /// `date` moved by its repeater for a task done at `doneAt`.
    private static func moved(_ date: TaskDate, doneAt: Date) throws -> TaskDate {
        let next = date.next(doneAt: doneAt)
        guard next.day.year <= 9999 else {
            throw OutlineError.invalidDate(
                date.description, reason: "its repeater would move it past 9999-12-31, the last day a date can be")
        }
        return next
    }

    /// A moved date as a step names it: its day, and its time if it has one.
    private static func shown(_ date: TaskDate) -> String {
        date.day.description + (date.time.map { " " + $0 } ?? "")
    }
}
