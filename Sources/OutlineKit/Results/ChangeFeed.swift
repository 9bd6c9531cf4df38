import Foundation
import GRDB

/// Follows the changes that any process commits to an outline, one event per commit, in order.
///
/// Each poll reads the events logged since the last one and reconstructs, from the current lists
/// and each step's changeset, exactly what every one of them changed, even when several commits
/// arrive between two polls. A poll that finds nothing new costs one `PRAGMA data_version` and a
/// look at the connection's change count: the first moves for other connections' commits, the
/// second for those made through the feed's own store.
///
/// A feed may follow one part of the outline (`Scope`): each event then keeps only the changes of
/// the lists in that part, judged as the tree stood at that event, however many events a poll
/// brings.
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

    /// The part of the outline whose changes a feed reports: the lists of children of `start`
    /// and of its descendants less than `maxDepth` levels below it (all of them when nil). A
    /// delete counts where its parent stood before the change, anything else where it stands
    /// after, so that an item moved out of the part is a delete alone and one moved in an insert.
    public struct Scope: Equatable, Sendable {
        /// Whose subtree: the root for the whole outline.
        public var start: ItemID
        /// How many levels below `start` (1: its children alone); nil for all.
        public var maxDepth: Int?

        /// The part below `start`, `maxDepth` levels deep.
        public init(start: ItemID = .root, maxDepth: Int? = nil) {
            self.start = start
            self.maxDepth = maxDepth
        }

        /// Every list of the outline.
        public static let wholeOutline = Scope()

        /// False when every change is in scope.
        public var narrows: Bool { start != .root || maxDepth != nil }
    }

    /// The part of the outline this feed reports on.
    public let scope: Scope
    private let store: OutlineStore
    private var lastSequence: Int64
    private var lastDataVersion: Int
    /// SQLite's count of rows changed through the store's own connection, at the last poll.
    private var lastOwnChanges: Int

    /// Starts following from now: changes committed before are not reported.
    ///
    /// - Parameters:
    ///   - store: the store whose file to follow; the feed reads through it.
    ///   - fromTheStart: report every change the file's log still holds, as if the feed had been
    ///     following since the file was made: for a watcher that waited for the file to be
    ///     created, and must not miss the change that created it.
    ///   - scope: the part of the outline to report on (by default, all of it).
    public init(store: OutlineStore, fromTheStart: Bool = false, scope: Scope = .wholeOutline) throws {
        self.store = store
        self.scope = scope
        (lastSequence, lastDataVersion, lastOwnChanges) = try store.read { db in
            (
                try Int64.fetchOne(db, sql: "SELECT max(seq) FROM change_event") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0,
                db.totalChangesCount
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
            // data_version moves for other connections' commits only; the change count, for the
            // commits made through this store.
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            let ownChanges = db.totalChangesCount
            guard version != lastDataVersion || ownChanges != lastOwnChanges else { return Update() }
            let othersCommitted = version != lastDataVersion
            lastDataVersion = version
            lastOwnChanges = ownChanges
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT change_event.seq, change_event.step, change_event.kind,
                           CAST(undo_step.name AS TEXT), CAST(undo_step.changeset AS BLOB)
                    FROM change_event LEFT JOIN undo_step ON undo_step.id = change_event.step
                    WHERE change_event.seq > ? ORDER BY change_event.seq
                    """,
                arguments: [lastSequence])
            guard !rows.isEmpty else { return Update(changedOutsideOutline: othersCommitted) }
            lastSequence = rows.last![0]
            return Update(events: try events(db, rows))
        }
    }

    private func events(_ db: Database, _ rows: [Row]) throws -> [ChangeEvent] {
        var events: [ChangeEvent] = []
        var appliedRows: [[ChangedRow]?] = []
        for row in rows {
            let kind = StepEvent(rawValue: row[2]) ?? .done
            let changeset = (row[4] as Data?).map { SessionChangeset(bytes: $0) }
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
            guard scope.narrows else {
                events[events.count - 1 - offset].changes = ChangeReporter.report(try rewinder.rewind(changes, db))
                continue
            }
            // The part of the tree in scope as it stood after this event, then before it.
            let shownAfter = try rewinder.touchedParents(changes).filter { try isInScope($0, rewinder, db) }
            let report = ChangeReporter.report(try rewinder.rewind(changes, db))
            var shownBefore: [ItemID: Bool] = [:]
            events[events.count - 1 - offset].changes = try report.filter { change in
                guard change.kind == .delete else { return shownAfter.contains(change.parent) }
                if let known = shownBefore[change.parent] { return known }
                let shown = try isInScope(change.parent, rewinder, db)
                shownBefore[change.parent] = shown
                return shown
            }
        }
        return events
    }

    /// Whether `parent`'s children lie in the feed's scope, in the state the rewinder has reached.
    private func isInScope(_ parent: ItemID, _ rewinder: TreeRewinder, _ db: Database) throws -> Bool {
        var current = parent
        var levels = 0
        while true {
            if current == scope.start { return scope.maxDepth.map { levels <= $0 - 1 } ?? true }
            // Past the root, or deeper than the scope reaches: further up only adds levels.
            if current == .root { return false }
            if let limit = scope.maxDepth, levels >= limit - 1 { return false }
            // Only a file edited outside outline holds a cycle; do not climb it forever.
            guard levels <= OutlineStore.maximumDepth, let up = try rewinder.parent(of: current, db) else {
                return false
            }
            current = up
            levels += 1
        }
    }
}
