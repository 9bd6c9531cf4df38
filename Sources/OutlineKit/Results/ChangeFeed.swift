import Foundation
import GRDB

/// Follows the changes that any process commits to an outline, one event per commit, in order.
///
/// Each poll reads the events logged since the last one and reconstructs, from the current lists
/// and each step's changeset, exactly what every one of them changed, even when several commits
/// arrive between two polls. A poll that finds nothing new costs one `PRAGMA data_version`.
///
/// ```swift
/// let feed = try ChangeFeed(store: store)
/// // ... another process runs `outline add Milk` ...
/// for event in try feed.poll().events { print(event.name ?? "?", event.changes ?? []) }
/// ```
public final class ChangeFeed {
    /// What one poll found.
    public struct Update: Equatable, Sendable {
        /// The events logged since the last poll, oldest first.
        public var events: [ChangeEvent] = []
        /// The file changed but no event explains it: someone edited it outside outline.
        public var changedOutsideOutline = false

        /// True when the poll found nothing at all.
        public var isEmpty: Bool { events.isEmpty && !changedOutsideOutline }
    }

    private let store: OutlineStore
    private var lastSequence: Int64
    private var lastDataVersion: Int

    /// Starts following from now: changes committed before are not reported.
    ///
    /// - Parameters:
    ///   - store: the store whose file to follow; the feed reads through it.
    ///   - fromTheStart: report every change the file's log still holds, as if the feed had been
    ///     following since the file was made: for a watcher that waited for the file to be
    ///     created, and must not miss the change that created it.
    public init(store: OutlineStore, fromTheStart: Bool = false) throws {
        self.store = store
        (lastSequence, lastDataVersion) = try store.read { db in
            (
                try Int64.fetchOne(db, sql: "SELECT max(seq) FROM change_event") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            )
        }
        if fromTheStart {
            lastSequence = 0
            lastDataVersion = -1  // SQLite's data_version is never negative: the first poll reads
        }
    }

    /// The changes committed since the last poll, oldest first.
    public func poll() throws -> Update {
        try store.read { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            guard version != lastDataVersion else { return Update() }
            lastDataVersion = version
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT change_event.seq, change_event.step, change_event.kind,
                           CAST(undo_step.name AS TEXT), CAST(undo_step.changeset AS BLOB)
                    FROM change_event LEFT JOIN undo_step ON undo_step.id = change_event.step
                    WHERE change_event.seq > ? ORDER BY change_event.seq
                    """,
                arguments: [lastSequence])
            guard !rows.isEmpty else { return Update(changedOutsideOutline: true) }
            lastSequence = rows.last![0]
            return Update(events: try events(db, rows))
        }
    }

    private func events(_ db: Database, _ rows: [Row]) throws -> [ChangeEvent] {
        var events: [ChangeEvent] = []
        var appliedRows: [[ChangedRow]?] = []
        for row in rows {
            let kind = StepEvent(rawValue: row[2]) ?? .done
            let changeset = (row[4] as Data?).map { SessionChangeset(bytes: Array($0)) }
            let applied = try changeset?.rows(inverted: kind == .undone)
            appliedRows.append(applied)
            var titles: [ItemID: String] = [:]
            for change in applied ?? [] where change.kind == .delete { titles[change.id] = change.old.title }
            events.append(
                ChangeEvent(
                    sequence: row[0], step: row[1], kind: kind, name: row[3], changes: nil, removedTitles: titles))
        }
        // Rewind from the newest: an event is known only if it and every later one are.
        let known = appliedRows.reversed().prefix { $0 != nil }.map { $0! }
        var rewinder = try TreeRewinder(db, changes: known.reversed())
        for (offset, changes) in known.enumerated() {
            events[events.count - 1 - offset].changes = ChangeReporter.report(rewinder.rewind(changes))
        }
        return events
    }
}
