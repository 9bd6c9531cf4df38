import Foundation

/// A value that sync set aside (SPEC, "Sync": nothing typed is lost): what was kept, what was set
/// aside, and the operations that put the set-aside value back when someone takes it.
///
/// The machine whose batch comes later in the log finds it, while it works out what to send, and
/// writes it into that batch; every machine numbers the conflicts in the log's order, so that a
/// number names the same one everywhere.
struct SyncConflict: Equatable, Sendable {
    /// Its number: given when the log's outline takes it in (`SyncTree`); 0 in a batch.
    var number = 0
    /// The item whose value was set aside.
    var uid: String
    /// Which value: `title`, `note`, `state`, `scheduled`, `due`, `priority`, `property KEY`, or
    /// `removed` for changes to an item that another machine removed.
    var what: String
    /// The value the outline shows, in words; nil for no value (no note, no priority...).
    var kept: String?
    /// The value set aside, in words; nil for no value.
    var setAside: String?
    /// What taking it does: for a value, the operation that sets it; for a removed item, the
    /// creates that bring it back with its subtree, then the changes made to it.
    var restore: [SyncOperation]
    /// The item's titles, outermost first, where the machine that found the conflict had it: the
    /// path listed when the item is no longer anywhere (removed, then left out of a snapshot).
    var path: [String] = []
}

extension SyncConflict {
    /// Whether `other` set aside the same value of the same item: one conflict, numbered apart
    /// (raised again, or sent again by each machine that held it when a log was lost).
    func setsAsideTheSame(as other: SyncConflict) -> Bool {
        uid == other.uid && what == other.what && setAside == other.setAside
    }

    /// The conflict as the members of a JSON object, after an opening `{` and the members before.
    func appendMembers(to text: inout [UInt8]) {
        func field(_ name: String, _ value: String?) {
            text += ", \"\(name)\": ".utf8
            if let value { JSONText.appendQuoted(value, to: &text) } else { text += "null".utf8 }
        }
        field("what", what)
        field("kept", kept)
        field("set_aside", setAside)
        text += ", \"path\": ".utf8
        text += JSONText.array(path).utf8
        text += ", \"restore\": ".utf8
        appendRestore(to: &text)
    }

    /// The restore operations as a JSON array.
    private func appendRestore(to text: inout [UInt8]) {
        text += "[".utf8
        for (index, operation) in restore.enumerated() {
            if index > 0 { text += ", ".utf8 }
            SyncBatch.append(operation, to: &text)
        }
        text += "]".utf8
    }

    /// Reads what `appendMembers` wrote, with the item's id read by the caller.
    ///
    /// - Throws: `SyncLogError`, naming what is wrong.
    init(uid: String, number: Int = 0, fields: [String: Any]) throws {
        /// A value or null; anything else, or nothing, is not a conflict's.
        func value(_ name: String) -> String?? {
            switch fields[name] {
            case let text as String: .some(text)
            case is NSNull: .some(nil)
            default: nil
            }
        }
        guard let what = fields["what"] as? String, Self.isWhat(what), let kept = value("kept"),
            let setAside = value("set_aside"), let list = fields["restore"] as? [Any]
        else { throw SyncLogError("a conflict lacks what, kept, set_aside or restore") }
        var restore: [SyncOperation] = []
        for entry in list {
            guard let members = entry as? [String: Any] else {
                throw SyncLogError("a conflict's restore is not a list")
            }
            let operation = try SyncBatch.operation(members)
            switch operation {
            case .conflict, .resolve, .setWorkflow: throw SyncLogError("a conflict restores what it cannot")
            default: restore.append(operation)
            }
        }
        guard let path = (fields["path"] ?? [String]()) as? [String] else {
            throw SyncLogError("a conflict's path is not a list of titles")
        }
        self.init(number: number, uid: uid, what: what, kept: kept, setAside: setAside, restore: restore, path: path)
    }

    /// Whether `what` names a value a conflict can be about.
    static func isWhat(_ what: String) -> Bool {
        if ["title", "note", "state", "scheduled", "due", "priority", "removed"].contains(what) { return true }
        guard what.hasPrefix("property ") else { return false }
        let key = String(what.dropFirst("property ".count))
        return (try? ItemProperty.validatedKey(key, in: key)) == key
    }

    /// The restore operations as JSON text, for the `sync_conflict` table.
    var restoreJSON: String {
        var text: [UInt8] = []
        appendRestore(to: &text)
        return String(decoding: text, as: UTF8.self)
    }
}
