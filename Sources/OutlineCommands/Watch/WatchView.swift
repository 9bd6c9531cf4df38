import Foundation
import OutlineKit

/// The human form of `watch`: REF's subtree as `ls` draws it, scrollable, with what just changed
/// marked for a moment (`+` new, `~` moved, `*` retitled) and a line naming what went.
///
/// The screen is the header, the rows of the tree that fit, a line saying what is hidden above
/// and below when something is, and the line of removed items when there are some. It never has
/// more lines than the terminal, and every line is cut to the terminal's columns, so the terminal
/// never scrolls and the header stays at the top.
final class WatchView {
    /// How long a mark stays on screen.
    static let markDuration: TimeInterval = 2

    private let store: OutlineStore
    private let scope: ChangeFeed.Scope
    private let screen: TerminalScreen
    private var marks: [ItemID: (mark: RowMark, until: Date)] = [:]
    /// The items named on the removed line, each once, until their time is up or they come back.
    private var removed: [(id: ItemID, title: String, until: Date)] = []
    /// The index of the first tree row shown; clamped by every render.
    private var scrollOffset = 0
    /// How many tree rows the last render showed: what Page Up and Page Down move by.
    private var pageSize = 1

    init(store: OutlineStore, scope: ChangeFeed.Scope, screen: TerminalScreen) {
        self.store = store
        self.scope = scope
        self.screen = screen
    }

    /// When the next mark fades, so the loop can redraw then.
    var nextExpiry: Date? { (marks.values.map(\.until) + removed.map(\.until)).min() }

    /// Marks what `events` changed in view and names what left it.
    func note(_ events: [ChangeEvent], now: Date = Date()) throws {
        guard !events.isEmpty else { return }
        let until = now.addingTimeInterval(Self.markDuration)
        let changes = try ChangesOnView(events) { [store] id in
            try store.exists(id) ? try store.item(id).title : nil
        }
        for (id, mark) in changes.marks {
            marks[id] = (mark, until)
            // Back on view: no longer removed.
            removed.removeAll { $0.id == id }
        }
        for (id, title) in changes.departed {
            marks[id] = nil
            removed.removeAll { $0.id == id }
            removed.append((id, title, until))
        }
    }

    /// Scrolls for `key`; false for a key that does not scroll.
    func scroll(for key: Key) -> Bool {
        switch key {
        case .down, .byte(UInt8(ascii: "j")): scroll(by: 1)
        case .up, .byte(UInt8(ascii: "k")): scroll(by: -1)
        case .pageDown, .byte(UInt8(ascii: " ")): scroll(by: pageSize)
        case .pageUp, .byte(UInt8(ascii: "b")): scroll(by: -pageSize)
        case .home, .byte(UInt8(ascii: "g")): scrollOffset = 0
        // The next render clamps this to the last page, in the walk it makes anyway.
        case .end, .byte(UInt8(ascii: "G")): scrollOffset = Int.max
        default: return false
        }
        return true
    }

    /// Moves the scroll position, saturating: Down after End must not overflow.
    private func scroll(by rows: Int) {
        let (moved, overflow) = scrollOffset.addingReportingOverflow(rows)
        scrollOffset = overflow ? Int.max : max(0, moved)
    }

    /// Draws the screen afresh for the terminal's size now, dropping marks that have faded.
    func render(now: Date = Date()) throws {
        marks = marks.filter { $0.value.until > now }
        removed = removed.filter { $0.until > now }
        let (rows, columns) = screen.size
        var lines = [header()]
        // The header first, then the removed line, then the tree in what is left.
        let showsRemoved = !removed.isEmpty && rows >= 3
        let available = rows - lines.count - (showsRemoved ? 1 : 0)
        if available > 0 { lines += try treeLines(available: available) }
        if showsRemoved {
            let titles = removed.map { "\"\(TitleSanitizer.forTerminal($0.title))\"" }.joined(separator: ", ")
            lines.append(ScreenLine("- removed " + titles, .colour(31)))
        }
        screen.draw(lines.prefix(rows).map { $0.rendered(columns: columns) })
    }

    /// Named after its place in the outline, path last: in a narrow terminal the cut takes the end
    /// of the path rather than what the watch follows.
    private func header() -> ScreenLine {
        var text = "outline watch"
        if scope.start != .root { text += " · under \(scope.start)" }
        if let depth = scope.maxDepth { text += " · depth \(depth)" }
        text += " · q quits · " + TitleSanitizer.forTerminal(store.path)
        return ScreenLine(text, .bold)
    }

    /// The rows of the tree from the scroll position, and the status line if some are hidden.
    private func treeLines(available: Int) throws -> [ScreenLine] {
        guard try store.exists(scope.start) else {
            return [ScreenLine("  item \(scope.start) does not exist now; waiting for it to come back", .dim)]
        }
        typealias Row = (id: ItemID, parts: (id: String, guides: String, title: String, isDone: Bool), hidden: Int)
        var window = ScrollWindow<Row>(available: available, offset: scrollOffset)
        var renderer = TreeRenderer(largestID: try store.largestID())
        do {
            try store.walk(
                from: scope.start, maxDepth: scope.maxDepth,
                enter: { entry in
                    // The renderer sees every entry, shown or not: the guides depend on them.
                    let row = (entry.id, renderer.parts(entry), entry.hiddenDescendants)
                    guard window.add(row) else { throw StopWalking() }
                },
                leave: { renderer.leave($0) })
        } catch is StopWalking {}
        let shown = window.result()
        scrollOffset = shown.top
        pageSize = max(1, shown.rows.count)
        if shown.rows.isEmpty, !shown.needsStatusLine {
            return [ScreenLine("  (nothing here yet: outline add TITLE)", .dim)]
        }
        var lines = shown.rows.map { line(for: $0.parts, id: $0.id, hidden: $0.hidden) }
        if shown.needsStatusLine { lines.append(statusLine(hiddenAbove: shown.top, moreBelow: shown.moreBelow)) }
        return lines
    }

    private struct StopWalking: Error {}

    /// What is hidden, and the keys that show it.
    private func statusLine(hiddenAbove: Int, moreBelow: Bool) -> ScreenLine {
        var parts: [String] = []
        if hiddenAbove > 0 { parts.append("↑ \(hiddenAbove) above") }
        if moreBelow { parts.append("↓ more below") }
        parts.append("j/k, PgUp/PgDn, g/G scroll")
        return ScreenLine("  " + parts.joined(separator: " · "), .dim)
    }

    /// One row of the tree, as `ls` draws it: `hidden` is how many descendants `--depth` hides.
    private func line(for parts: (id: String, guides: String, title: String, isDone: Bool), id: ItemID, hidden: Int)
        -> ScreenLine
    {
        let mark = marks[id]?.mark
        var line = ScreenLine()
        if let mark {
            line.append(mark.symbol, .colour(mark.colour))
        } else {
            line.append(" ")
        }
        line.append(" ")
        line.append(parts.id, .dim)
        line.append("  ")
        line.append(parts.guides, .dim)
        // A done item shows its mark in every case, dimmed unless a change mark colours it.
        let style: ScreenLine.Style = mark.map { .colour($0.colour) } ?? (parts.isDone ? .dim : .plain)
        if parts.isDone { line.append(TreeRenderer.doneMark, style) }
        line.append(parts.title, style)
        if hidden > 0 { line.append(" (+\(hidden))", .dim) }
        return line
    }
}
