import Foundation
import OutlineKit

/// The human form of `watch`: REF's subtree as `ls` draws it, with what just changed marked for a
/// moment: `+` new, `~` moved, `*` retitled, and a line naming what was removed.
final class WatchView {
    enum Mark {
        case inserted, moved, updated

        var symbol: String {
            switch self {
            case .inserted: "+"
            case .moved: "~"
            case .updated: "*"
            }
        }

        /// Green, yellow, cyan.
        var colour: Int {
            switch self {
            case .inserted: 32
            case .moved: 33
            case .updated: 36
            }
        }
    }

    /// How long a mark stays on screen.
    static let markDuration: TimeInterval = 2

    private let store: OutlineStore
    private let start: ItemID
    private let screen: TerminalScreen
    private var marks: [ItemID: (mark: Mark, until: Date)] = [:]
    private var removed: [(title: String, until: Date)] = []

    init(store: OutlineStore, start: ItemID, screen: TerminalScreen) {
        self.store = store
        self.start = start
        self.screen = screen
    }

    /// When the next mark fades, so the loop can redraw then.
    var nextExpiry: Date? { (marks.values.map(\.until) + removed.map(\.until)).min() }

    func note(_ events: [ChangeEvent], now: Date = Date()) {
        let until = now.addingTimeInterval(Self.markDuration)
        for event in events {
            for change in event.changes ?? [] {
                switch change.kind {
                case .insert: marks[change.id] = (.inserted, until)
                case .move: marks[change.id] = (.moved, until)
                case .update: marks[change.id] = (.updated, until)
                case .delete:
                    marks[change.id] = nil
                    if let title = event.removedTitles[change.id] { removed.append((title, until)) }
                }
            }
        }
    }

    func render(now: Date = Date()) throws {
        marks = marks.filter { $0.value.until > now }
        removed = removed.filter { $0.until > now }
        let (rows, columns) = screen.size
        var lines = [header(columns: columns)]
        let room = max(1, rows - 3)
        var shown = 0
        var more = false
        if try store.exists(start) {
            var renderer = TreeRenderer(largestID: try store.largestID())
            do {
                try store.walk(
                    from: start,
                    enter: { entry in
                        guard shown < room else { throw StopWalking() }
                        shown += 1
                        lines.append(self.line(renderer.parts(entry), id: entry.id, columns: columns))
                    },
                    leave: { renderer.leave($0) })
            } catch is StopWalking {
                more = true
            }
            if shown == 0 { lines.append(Terminal.dim("  (nothing here yet: outline add TITLE)")) }
        } else {
            lines.append(Terminal.dim("  item \(start) does not exist now; waiting for it to come back"))
        }
        if more { lines.append(Terminal.dim("  … more below; make the window taller to see them")) }
        if !removed.isEmpty {
            let titles = removed.map { "\"\(TitleSanitizer.forTerminal($0.title))\"" }.joined(separator: ", ")
            lines.append(colour(31, Self.truncate("- removed " + titles, to: columns)))
        }
        screen.draw(lines)
    }

    private struct StopWalking: Error {}

    private func header(columns: Int) -> String {
        let place = start == .root ? "" : " · under \(start)"
        let text = Self.truncate("outline watch · \(store.path)\(place) · q quits", to: columns)
        return Terminal.bold(text)
    }

    private func line(_ parts: (id: String, guides: String, title: String), id: ItemID, columns: Int) -> String {
        let mark = marks[id]?.mark
        let gutter = mark.map { colour($0.colour, $0.symbol) } ?? " "
        let room = columns - 2 - parts.id.count - 2 - parts.guides.count
        let title = Self.truncate(parts.title, to: max(1, room))
        let shownTitle = mark.map { colour($0.colour, title) } ?? title
        return gutter + " " + Terminal.dim(parts.id) + "  " + Terminal.dim(parts.guides) + shownTitle
    }

    private func colour(_ code: Int, _ text: String) -> String {
        Terminal.usesColour ? "\u{1B}[\(code)m\(text)\u{1B}[39m" : text
    }

    static func truncate(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }
}
