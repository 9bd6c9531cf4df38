import Foundation
import GRDB
import OutlineTestSupport

@testable import OutlineKit

/// The convergence test's ledger of every value typed on any machine (issue 35, "How it is
/// checked"): each title, note, state, date, priority, property and tag a machine's own command
/// wrote, and the ones that are accounted for without being in the outline.
///
/// A value is accounted for when a machine that showed it replaced it or removed its item (the
/// machine that wrote it, or one that had brought it: a change made after seeing a value is no
/// loss), or when a conflict that set it aside was taken or dismissed. At the end, every other
/// value must be in the outline or set aside by an open conflict (a `removed` conflict holds all
/// the changes made to its item).
struct SyncValueLedger {
    /// One value of one item: which (`SyncConflict.what`, or `tag T`), and the value as a
    /// conflict compares it (`exact`) and shows it (`shown`; nil for none).
    struct Value: Hashable, CustomStringConvertible {
        var uid: String
        var what: String
        var exact: String?
        var shown: String?

        var description: String { "\(what) of \(uid.prefix(8)) = \(shown.map { $0.debugDescription } ?? "none")" }
    }

    /// Every value written, with where and when, in words.
    private(set) var written: [Value: String] = [:]
    /// The values replaced or removed by a machine that showed them.
    private(set) var replaced: Set<Value> = []
    /// Conflicts taken or dismissed: the item, which value, and the value set aside.
    private(set) var resolved: Set<Value> = []
    /// What happened to each item's values, in order, in words: for the report of a loss.
    private var events: [String: [String]] = [:]
    /// A count of the commands and rounds noted: the model's clock.
    private var clock = 0
    /// When each machine's rounds ended, by the clock.
    private var rounds: [Int: [Int]] = [:]
    /// Each replacement of a value: on which machine, and when.
    private var replacements: [Value: [(machine: Int, at: Int)]] = [:]

    /// Whether a machine that writes a value now could have seen every replacement of it made
    /// elsewhere: each was sent by a round of its machine that ended before this machine's last
    /// round. A replacement it could not have seen may come later in the log, and rightly win.
    private func knowsEveryReplacement(of value: Value, on machine: Int) -> Bool {
        let lastRound = rounds[machine]?.last ?? -1
        return (replacements[value] ?? []).allSatisfy { replacement in
            guard replacement.machine != machine else { return true }
            let sent = rounds[replacement.machine]?.first { $0 > replacement.at }
            return sent.map { $0 < lastRound } ?? false
        }
    }

    /// The values one store's items hold, by item.
    static func values(_ store: OutlineStore) throws -> [String: [Value]] {
        try store.read { db in
            var result: [String: [Value]] = [:]
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT CAST(sync_uid.uid AS TEXT), CAST(title AS TEXT), done_at, note, \(SyncAttributes.columns)
                    FROM item JOIN sync_uid USING (id)
                    """)
            for row in rows {
                let uid: String = row[0]
                let node = SyncTree.Node(
                    parent: "", key: "", title: row[1], doneAt: row[2], note: row[3], isLive: true,
                    attributes: SyncAttributes(row: row, startingAt: 4))
                result[uid] = values(of: node, uid: uid)
            }
            return result
        }
    }

    /// The values of one item: every single value, each property it holds, each tag.
    static func values(of node: SyncTree.Node, uid: String) -> [Value] {
        var names = ["title", "note", "state", "scheduled", "due", "priority"]
        names += node.attributes.properties.map { "property " + $0.key.lowercased() }
        var values = names.map { what in
            let value = SyncConflicts.Value(what, of: node)
            // A state is its keyword: the moment it was marked done is no one's typing, and
            // two machines that mark one item done keep one of the moments.
            return Value(uid: uid, what: what, exact: what == "state" ? value.shown : value.exact, shown: value.shown)
        }
        values += node.attributes.tags.map { Value(uid: uid, what: "tag " + $0.lowercased(), exact: "1", shown: "1") }
        return values
    }

    /// Notes what a machine's own command changed, from the values before it to those after.
    /// An undo, a redo or an `undo --step` (`restoring`) puts back values typed before: one
    /// that a machine had replaced while it showed it stays accounted for.
    mutating func noteCommand(
        on machine: Int, before: [String: [Value]], after: [String: [Value]], _ context: String,
        restoring: Bool = false
    ) {
        clock += 1
        for (uid, now) in after {
            let then = Set(before[uid] ?? [])
            for value in now where !then.contains(value) {
                written[value] = context
                // Typed anew after every replacement of it was seen: a value of its own.
                if !restoring && knowsEveryReplacement(of: value, on: machine) { replaced.remove(value) }
                events[uid, default: []].append("\(context): wrote \(value)")
            }
        }
        for (uid, then) in before {
            let now = Set(after[uid] ?? [])
            // What the item no longer holds here: a value replaced, or the item removed.
            for value in then where !now.contains(value) {
                replaced.insert(value)
                replacements[value, default: []].append((machine, clock))
                events[uid, default: []].append("\(context): replaced \(value)")
            }
        }
    }

    /// Notes a round of a machine that ended (`sent`: it was not killed), and, for the report,
    /// what it changed there.
    mutating func noteRound(
        on machine: Int, sent: Bool, before: [String: [Value]], after: [String: [Value]], _ context: String
    ) {
        clock += 1
        if sent { rounds[machine, default: []].append(clock) }
        for uid in Set(before.keys).union(after.keys) {
            let then = Set(before[uid] ?? [])
            let now = Set(after[uid] ?? [])
            for value in now where !then.contains(value) {
                events[uid, default: []].append("\(context): brought \(value)")
            }
            if after[uid] == nil, before[uid] != nil { events[uid, default: []].append("\(context): removed") }
        }
    }

    /// Notes a conflict taken or dismissed: what it set aside is accounted for.
    mutating func noteResolved(_ conflict: SyncConflict) {
        resolved.insert(Value(uid: conflict.uid, what: conflict.what, exact: nil, shown: conflict.setAside))
    }

    /// The values written that are nowhere: not in `final` (the outline every machine holds),
    /// not set aside by one of `open`, not replaced by a machine that showed them, and not in a
    /// conflict taken or dismissed.
    func lost(final: [String: [Value]], open: [SyncConflict]) -> [String] {
        let present = Set(final.values.joined())
        var missing: [String] = []
        for (value, context) in written where !present.contains(value) && !replaced.contains(value) {
            let resolvedRemoval = resolved.contains { $0.uid == value.uid && $0.what == "removed" }
            let resolvedValue = resolved.contains {
                $0.uid == value.uid && $0.what == value.what && $0.shown == value.shown
            }
            let setAside = open.contains {
                $0.uid == value.uid && ($0.what == "removed" || ($0.what == value.what && $0.setAside == value.shown))
            }
            if !resolvedRemoval && !resolvedValue && !setAside {
                let history = events[value.uid] ?? []
                let conflicts = open.filter { $0.uid == value.uid }.map {
                    "\($0.what): \($0.kept ?? "none") / \($0.setAside ?? "none")"
                }
                missing.append(
                    "\(value), written by \(context); its item's history:\n    "
                        + history.joined(separator: "\n    ") + "\n    open conflicts on it: \(conflicts)")
            }
        }
        return missing.sorted()
    }
}
