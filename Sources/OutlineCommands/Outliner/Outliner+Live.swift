import Foundation
import OutlineKit

/// Changes that other processes commit (a command in another shell, a sync, another outliner),
/// as the change feed reports them: their rows marked for a moment, the cursor kept on its item,
/// the folds kept, and what went named at the bottom.
extension Outliner {
    /// How long a changed row stays marked.
    static let markDuration: TimeInterval = 2

    /// When the next mark fades, for the loop to redraw then.
    var nextExpiry: Date? { marks.values.map(\.until).min() }

    /// Marks what `events` changed, leaving out this outliner's own steps, and keeps the cursor
    /// on its item or, if that went, on the nearest row that is still there.
    func note(_ events: [ChangeEvent], neighbours: [ItemID], now: Date = Date()) throws {
        let others =
            nextChangesAreOwn ? [] : events.filter { !ownEvents.contains(OwnEvent(step: $0.step, kind: $0.kind)) }
        nextChangesAreOwn = false
        if !others.isEmpty {
            let until = now.addingTimeInterval(Self.markDuration)
            let changes = try ChangesOnView(others) { [store] id in
                try store.exists(id) ? try store.item(id).title : nil
            }
            for (id, mark) in changes.marks { marks[id] = (mark, until) }
            if !changes.departed.isEmpty {
                let titles = changes.departed.map { Action.quote($0.title) }.joined(separator: ", ")
                message = StatusMessage(text: "removed by another process: \(titles)")
            }
        }
        try repairCursor(neighbours: neighbours)
    }
}
