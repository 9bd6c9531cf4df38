import OutlineKit

/// How a row that just changed is marked on the watch screen.
enum RowMark: Int, Comparable {
    // Raw values rank the marks: when one poll does several things to an item, the mark that
    // says most wins (a row that moved and was retitled is shown as moved).
    case updated = 1, moved, inserted

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

    static func < (left: RowMark, right: RowMark) -> Bool { left.rawValue < right.rawValue }
}

/// What the events of one poll mean for the items on view: which rows to mark, which items to
/// name as gone.
///
/// The events come from a feed scoped to the view (`ChangeFeed.Scope`), so every change in them
/// is of a list on view, judged as the tree stood at its event. A change report gives a move to
/// another parent as a `delete` under the old parent and an `insert` under the new one, so an
/// item's deletes and inserts are followed across the whole poll, whatever their order within an
/// event: an item deleted from view and inserted into it has moved; one only deleted (removed, or
/// moved out of the watched subtree or below the depth shown) is gone; one only inserted is new.
struct ChangesOnView {
    private(set) var marks: [ItemID: RowMark] = [:]
    /// The items that left the view, in the order the events name them.
    private(set) var departed: [(id: ItemID, title: String)] = []

    /// Where an item's parent was before the poll (nil: it did not exist) and is after it (nil:
    /// it is gone).
    private struct Journey {
        var from: ItemID?
        var to: ItemID?
    }

    /// - Parameters:
    ///   - currentTitle: the title of an item that still exists, for one that left the view by
    ///     moving away (its title is in no removal).
    init(
        _ events: [ChangeEvent], currentTitle: (ItemID) throws -> String?
    ) throws {
        var journeys: [ItemID: Journey] = [:]
        var order: [ItemID] = []
        var removedTitles: [ItemID: String] = [:]
        for event in events {
            removedTitles.merge(event.removedTitles) { $1 }
            var deletedUnder: [ItemID: ItemID] = [:]
            var insertedUnder: [ItemID: ItemID] = [:]
            var travellers: [ItemID] = []
            for change in event.changes ?? [] {
                switch change.kind {
                case .delete, .insert:
                    if deletedUnder[change.id] == nil, insertedUnder[change.id] == nil { travellers.append(change.id) }
                    if change.kind == .delete {
                        deletedUnder[change.id] = change.parent
                    } else {
                        insertedUnder[change.id] = change.parent
                    }
                case .move: mark(change.id, .moved)
                case .update: mark(change.id, .updated)
                }
            }
            // Within an event an item is deleted at most once and inserted at most once; both
            // are known before either is used, so the order of the changes does not matter.
            for id in travellers {
                if journeys[id] == nil {
                    journeys[id] = Journey(from: deletedUnder[id], to: insertedUnder[id])
                    order.append(id)
                } else {
                    journeys[id]!.to = insertedUnder[id]
                }
            }
        }
        for id in order {
            let journey = journeys[id]!
            let wasOnView = journey.from != nil
            let isOnView = journey.to != nil
            switch (wasOnView, isOnView) {
            case (true, true): mark(id, .moved)
            case (false, true): mark(id, .inserted)
            case (true, false):
                marks[id] = nil
                let title = try currentTitle(id) ?? removedTitles[id] ?? "item \(id)"
                departed.append((id, title))
            case (false, false): break
            }
        }
    }

    private mutating func mark(_ id: ItemID, _ mark: RowMark) {
        marks[id] = max(marks[id] ?? mark, mark)
    }
}
