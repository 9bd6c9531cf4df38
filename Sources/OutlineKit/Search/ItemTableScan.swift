import CSQLiteSession
import Dispatch
import GRDB
import Synchronization

/// Parents and positions by slot, in memory of their own, so that two threads can fill disjoint
/// parts of them at once.
final class NodeColumns: @unchecked Sendable {
    /// Parent slots (parent ids while a scan fills them, 0 for a top-level item); -1 where there
    /// is no node, or its parent is not a slot.
    let parents: UnsafeMutableBufferPointer<Int32>
    /// Positions among siblings.
    let positions: UnsafeMutableBufferPointer<Int64>

    /// Columns for `count` slots, all empty; with `clearing: false`, each range must be
    /// `clear`ed before it is read (so that a thread clears the memory it then fills, and a
    /// cancelled scan does not pay for memory it never used).
    init(count: Int, clearing: Bool = true) {
        parents = .allocate(capacity: count)
        positions = .allocate(capacity: count)
        if clearing { clear(0..<count) }
    }

    /// Empties the slots in `range`.
    func clear(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        UnsafeMutableBufferPointer(rebasing: parents[range]).initialize(repeating: -1)
        UnsafeMutableBufferPointer(rebasing: positions[range]).initialize(repeating: 0)
    }

    deinit {
        parents.deallocate()
        positions.deallocate()
    }

    var count: Int { parents.count }
}

/// Every item's parent, position and title, read in one pass over the table: what a search with
/// many matches needs to put them in order and give them paths.
///
/// On a big table a second connection reads the upper part of the ids on another thread while
/// this one searches the title index and then reads the lower part, which nearly halves the
/// pass on a million items (Docs/performance.md, "`find` of a common word"). The
/// second reader starts before the search knows whether it will need the table, and is cancelled
/// when it does not. Two connections see the same snapshot only if nothing was committed between
/// their first reads: `usedSecondReader` says when the caller must check that
/// (`OutlineStore.forEachFoundPath` does, with `data_version`).
final class ItemTableScan {
    /// The largest id: the columns have a slot for each id up to it.
    let largestID: Int
    let columns: NodeColumns
    /// Titles: the lower part's, and the upper part's.
    private(set) var titles: [TitleBytes] = []
    /// Whether part of the table was read by the second connection.
    private(set) var usedSecondReader = false
    /// The last id this connection reads; the second reader reads the rest.
    private let lowerEnd: Int
    private var second: SecondReader?

    /// Below this many items, one thread reads the table: a second connection and thread cost
    /// more than they save (Docs/performance.md, "`find` of a common word").
    static let splitAbove = 90_000
    /// The share of the ids this connection reads when a second one reads the rest: less than
    /// half, since this one searches the title index first while the other is already reading,
    /// and this share makes the two finish together
    /// (Docs/performance.md, "`find` of a common word").
    static let lowerShare = 0.42

    /// Makes room for every id up to `largestID`, and with `path` starts a second connection to
    /// that file reading the upper part of the table when there are more than `splitAbove` ids.
    init(largestID: Int, secondReaderPath path: String?, splitAbove: Int = ItemTableScan.splitAbove) {
        self.largestID = largestID
        columns = NodeColumns(count: largestID + 1, clearing: false)
        if let path, largestID > splitAbove {
            lowerEnd = Int(Double(largestID) * Self.lowerShare)
            second = SecondReader.start(path: path, ids: (lowerEnd + 1)...largestID, into: columns)
        } else {
            lowerEnd = largestID
        }
    }

    deinit { cancel() }

    /// Reads this connection's part, then waits for the second reader's. If the second
    /// connection could not open or read, this one reads its part too.
    func finish(_ db: Database) throws {
        let statement = try RawStatement(db, sql: Self.rowsSQL)
        columns.clear(0..<1)
        let lower = TitleBytes(firstSlot: 1)
        try Self.read(statement, ids: 1...max(1, lowerEnd), into: columns, titles: lower)
        titles = [lower]
        guard let second else { return }
        self.second = nil
        if let upper = second.finish() {
            titles.append(upper)
            usedSecondReader = true
            return
        }
        // What it wrote before it failed may be from another snapshot: start over.
        let upperIDs = (lowerEnd + 1)...largestID
        let upper = TitleBytes(firstSlot: upperIDs.lowerBound)
        try Self.read(statement, ids: upperIDs, into: columns, titles: upper)
        titles.append(upper)
    }

    /// Stops the second reader, if it runs: the table is not needed.
    func cancel() {
        second?.cancel()
        second = nil
    }

    /// Hands every row with an id from `?1` to `?2` to the sink bound to `?3` (see `RowSink`).
    static let rowsSQL =
        "SELECT outline_scan_row(id, parent_id, position, title, ?3) FROM item WHERE id >= ?1 AND id <= ?2"

    /// Reads the rows with ids in `ids` through `statement` (`rowsSQL`); false if `shouldStop`
    /// said so first (it is asked every few thousand rows).
    @discardableResult
    static func read(
        _ statement: RawStatement, ids: ClosedRange<Int>, into columns: NodeColumns, titles: TitleBytes,
        shouldStop: (() -> Bool)? = nil
    ) throws -> Bool {
        titles.reserve(slots: ids.count)
        var sink = RowSink(columns: columns, titles: titles, ids: ids, shouldStop: shouldStop)
        statement.reset(binding: Int64(ids.lowerBound), Int64(ids.upperBound))
        do {
            try SinkFunction.run(statement, into: &sink, parameter: 3, type: RowSink.pointerType)
        } catch  where sink.stopped {
            // The sink ended the statement with an error to stop it.
        }
        if sink.stopped { return false }
        columns.clear(sink.nextID..<(ids.upperBound + 1))
        return true
    }
}

/// A read-only connection of its own that reads part of the item table on another thread.
final class SecondReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let cancelled = Atomic<Bool>(false)
    /// Set by the reading thread before it signals `done`; read only after.
    private var titles: TitleBytes?

    private init() {}

    /// Starts reading the rows with ids in `ids` from the file at `path`.
    static func start(path: String, ids: ClosedRange<Int>, into columns: NodeColumns) -> SecondReader {
        let reader = SecondReader()
        DispatchQueue.global(qos: .userInitiated).async {
            defer { reader.done.signal() }
            guard !reader.cancelled.load(ordering: .relaxed) else { return }
            reader.titles = reader.read(path: path, ids: ids, into: columns)
        }
        return reader
    }

    /// Waits for the reader; its titles, or nil if it could not read (the caller reads the part
    /// itself then).
    func finish() -> TitleBytes? {
        done.wait()
        return titles
    }

    /// Asks the reader to stop, without waiting: it owns all it touches (the columns are shared
    /// by reference and kept alive by it), and stops within a few thousand rows.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    private func read(path: String, ids: ClosedRange<Int>, into columns: NodeColumns) -> TitleBytes? {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard
            sqlite3_open_v2(
                DatabaseFile.pathForSQLite(path), &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
                == SQLITE_OK
        else { return nil }
        RowSink.register(on: connection)
        if cancelled.load(ordering: .relaxed) { return nil }
        sqlite3_busy_timeout(connection, 1000)
        guard sqlite3_exec(connection, "BEGIN", nil, nil, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_exec(connection, "COMMIT", nil, nil, nil) }
        do {
            let statement = try RawStatement(connection: connection, sql: ItemTableScan.rowsSQL)
            let titles = TitleBytes(firstSlot: ids.lowerBound)
            let finished = try ItemTableScan.read(
                statement, ids: ids, into: columns, titles: titles,
                shouldStop: { self.cancelled.load(ordering: .relaxed) })
            return finished ? titles : nil
        } catch {
            return nil
        }
    }
}
