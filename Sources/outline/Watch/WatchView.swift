import Foundation
import OutlineKit

/// The human form of `watch`: REF's subtree as `ls` draws it, with what just changed marked for a
/// moment: `+` new, `~` moved, `*` retitled, and a line naming what was removed. Every line is
/// cut to the terminal's columns, so that none wraps.
final class WatchView {
    /// How long a mark stays on screen.
    static let markDuration: TimeInterval = 2

    private let store: OutlineStore
    private let scope: WatchScope
    private let screen: TerminalScreen
    private var marks: [ItemID: (mark: RowMark, until: Date)] = [:]
    private var removed: [(title: String, until: Date)] = []

    init(store: OutlineStore, scope: WatchScope, screen: TerminalScreen) {
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
        scope.forget()
        let changes = try ChangesOnView(events, scope: scope) { [store] id in
            try store.exists(id) ? try store.item(id).title : nil
        }
        for (id, mark) in changes.marks { marks[id] = (mark, until) }
        for (id, title) in changes.departed {
            marks[id] = nil
            removed.append((title, until))
        }
    }

    func render(now: Date = Date()) throws {
        marks = marks.filter { $0.value.until > now }
        removed = removed.filter { $0.until > now }
        let (rows, columns) = screen.size
        var lines = [header()]
        let room = max(1, rows - 3)
        var shown = 0
        var more = false
        if try store.exists(scope.start) {
            var renderer = TreeRenderer(largestID: try store.largestID())
            do {
                try store.walk(
                    from: scope.start, maxDepth: scope.maxDepth,
                    enter: { entry in
                        guard shown < room else { throw StopWalking() }
                        shown += 1
                        lines.append(self.line(renderer.parts(entry), id: entry.id))
                    },
                    leave: { renderer.leave($0) })
            } catch is StopWalking {
                more = true
            }
            if shown == 0 { lines.append(ScreenLine("  (nothing here yet: outline add TITLE)", .dim)) }
        } else {
            lines.append(ScreenLine("  item \(scope.start) does not exist now; waiting for it to come back", .dim))
        }
        if more { lines.append(ScreenLine("  … more below; make the window taller to see them", .dim)) }
        if !removed.isEmpty {
            let titles = removed.map { "\"\(TitleSanitizer.forTerminal($0.title))\"" }.joined(separator: ", ")
            lines.append(ScreenLine("- removed " + titles, .colour(31)))
        }
        screen.draw(lines.map { $0.rendered(columns: columns) })
    }

    private struct StopWalking: Error {}

    /// Named after its place in the outline, path last: in a narrow terminal the cut takes the end
    /// of the path rather than what the watch follows.
    private func header() -> ScreenLine {
        var text = "outline watch"
        if scope.start != .root { text += " · under \(scope.start)" }
        if let depth = scope.maxDepth { text += " · depth \(depth)" }
        text += " · q quits · " + TitleSanitizer.forTerminal(store.path)
        return ScreenLine(text, .bold)
    }

    private func line(_ parts: (id: String, guides: String, title: String), id: ItemID) -> ScreenLine {
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
        line.append(parts.title, mark.map { .colour($0.colour) } ?? .plain)
        return line
    }
}
