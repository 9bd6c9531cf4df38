/// The rows of a long list that fit on screen from a scroll position, chosen while the list is
/// walked, so that the walk stops as soon as the screen is full.
///
/// Where the list does not fit, one of the rows available goes to a line saying what is above
/// and below. A position past the end (the list shrank, or End asked for `Int.max`) is pulled
/// back so that the last page is full: the last rows seen are kept in a ring for that, so one
/// walk always suffices, and memory stays that of one screen.
struct ScrollWindow<Row> {
    /// What to draw.
    struct Result {
        var rows: [Row]
        /// The index of the first row shown: the scroll position, clamped.
        var top: Int
        var moreBelow: Bool
        /// Whether a line says that rows are hidden above or below.
        var needsStatusLine: Bool { top > 0 || moreBelow }
    }

    /// Screen rows for the list and the status line together.
    let available: Int
    /// The requested index of the first row.
    let offset: Int
    private var ring: [Row?]
    private var seen = 0
    private var stoppedEarly = false

    init(available: Int, offset: Int) {
        self.available = max(0, available)
        self.offset = max(0, offset)
        ring = Array(repeating: nil, count: self.available + 1)
    }

    /// Takes the next row of the list; false once enough are known, and the walk may stop.
    mutating func add(_ row: Row) -> Bool {
        ring[seen % ring.count] = row
        seen += 1
        // One row past a full screen from `offset` says that there is more below. Written as a
        // difference, since `offset` may be Int.max.
        stoppedEarly = seen - offset > available
        return !stoppedEarly
    }

    /// The rows to show, once the walk has ended or `add` has said to stop.
    func result() -> Result {
        let count = seen
        if !stoppedEarly, count <= available { return Result(rows: rows(0..<count), top: 0, moreBelow: false) }
        let page = max(0, available - 1)
        let top = stoppedEarly ? offset : min(offset, count - page)
        return Result(rows: rows(top..<(top + page)), top: top, moreBelow: stoppedEarly || top + page < count)
    }

    /// The rows at `indices`, all of which are still in the ring.
    private func rows(_ indices: Range<Int>) -> [Row] {
        indices.map { ring[$0 % ring.count]! }
    }
}
