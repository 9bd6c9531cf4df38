import CSQLiteSession

/// Where `ItemTableScan` puts each row of the item table: the aggregate SQL function
/// `outline_scan_row(id, parent_id, position, title, sink)` hands every row to the sink without
/// leaving SQLite's bytecode loop. Stepping the statement out to Swift once per row and reading
/// its columns through the C interface cost more, mostly in the calls in and out of SQLite
/// (Docs/performance.md, "`find` of a common word").
struct RowSink {
    /// The pointer type the statement binds the sink as.
    static let pointerType: StaticString = "outline.row-sink"
    /// The function's name, as `ItemTableScan.rowsSQL` spells it.
    static let functionName = "outline_scan_row"

    // Raw pointers and an unretained title buffer: a retain and a release on every row would
    // be a measurable share of the scan. The scan's caller keeps all three alive.
    private let columns: Unmanaged<NodeColumns>
    private let parents: UnsafeMutablePointer<Int32>
    private let positions: UnsafeMutablePointer<Int64>
    private let slotCount: Int64
    private let titles: Unmanaged<TitleBytes>
    private let lastID: Int
    private let shouldStop: (() -> Bool)?
    /// The next id expected. Rows come in id order: the slots between two rows' ids are
    /// emptied as the second arrives, so that each slot's memory is written once.
    private(set) var nextID: Int
    private var rows = 0
    /// Whether `shouldStop` said so, which ended the statement with an error.
    private(set) var stopped = false

    /// A sink filling `columns` and `titles` with the rows whose ids lie in `ids`, asking
    /// `shouldStop` every few thousand rows.
    init(columns: NodeColumns, titles: TitleBytes, ids: ClosedRange<Int>, shouldStop: (() -> Bool)?) {
        self.columns = Unmanaged.passUnretained(columns)
        parents = columns.parents.baseAddress!
        positions = columns.positions.baseAddress!
        slotCount = Int64(columns.count)
        self.titles = Unmanaged.passUnretained(titles)
        lastID = ids.upperBound
        nextID = ids.lowerBound
        self.shouldStop = shouldStop
    }

    /// Takes one row; false if the scan should stop.
    private mutating func take(id rawID: Int64, parent: Int64, position: Int64, title: OpaquePointer?) -> Bool {
        rows += 1
        if rows & 0xFFF == 0, let shouldStop, shouldStop() {
            stopped = true
            return false
        }
        let id = Int(rawID)
        guard id >= nextID, id <= lastID else { return true }
        if id > nextID { columns._withUnsafeGuaranteedRef { $0.clear(nextID..<id) } }
        nextID = id + 1
        // 0 for a top-level item; a parent id that is not a slot (only in a file edited by
        // hand) reads as none, -1, as an empty slot does.
        parents[id] = parent >= 0 && parent < slotCount ? Int32(parent) : -1
        positions[id] = position
        let text = sqlite3_value_text(title)
        let bytes = UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_value_bytes(title)))
        titles._withUnsafeGuaranteedRef { $0.append(bytes, slot: id) }
        return true
    }

    /// Registers `outline_scan_row` on `connection`: every connection that scans needs it.
    static func register(on connection: OpaquePointer?) {
        SinkFunction.register(functionName, arity: 5, step: step, on: connection)
    }

    private static let step: SinkFunction.Step = { context, _, arguments in
        guard let arguments, let sink = SinkFunction.sink(context, arguments[4], type: pointerType) else { return }
        let kept = sink.assumingMemoryBound(to: RowSink.self).pointee.take(
            id: sqlite3_value_int64(arguments[0]), parent: sqlite3_value_int64(arguments[1]),
            position: sqlite3_value_int64(arguments[2]), title: arguments[3])
        if !kept { sqlite3_result_error(context, "scan stopped", -1) }
    }
}
