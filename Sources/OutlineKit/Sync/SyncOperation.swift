import Foundation

/// One change in the shared log, in terms of global ids: what every machine applies, in the log's
/// order, to reach the same outline. A machine's pending changes are worked out as operations when
/// it syncs (`SyncDiff`), so commands, undo and redo need not know about sync.
enum SyncOperation: Equatable, Sendable {
    /// An item made (or brought back by an undo) under `parent`, with its content.
    case create(uid: String, parent: String, key: String, title: String, doneAt: Double?, note: String?)
    /// An item moved under `parent`, or among its siblings, to the place `key` gives.
    case move(uid: String, parent: String, key: String)
    /// An item's new place among its siblings, if it is still under `parent` (a move to another
    /// list, made elsewhere, wins over a new place in the old one).
    case order(uid: String, parent: String, key: String)
    /// An item's new title.
    case setTitle(uid: String, title: String)
    /// An item's new state: done at a time, or open (nil).
    case setDone(uid: String, doneAt: Double?)
    /// An item's new note, or none.
    case setNote(uid: String, note: String?)
    /// An item removed. Its children that no operation removed move to its parent.
    case delete(uid: String)

    /// The item the operation is about.
    var uid: String {
        switch self {
        case .create(let uid, _, _, _, _, _), .move(let uid, _, _), .order(let uid, _, _), .setTitle(let uid, _),
            .setDone(let uid, _),
            .setNote(let uid, _), .delete(let uid):
            uid
        }
    }
}

/// The operations one sync round of one machine appended to the log: the content of one commit.
struct SyncBatch: Equatable, Sendable {
    /// The machine that wrote the batch.
    var replica: String
    /// The batch's number among those its machine wrote, from 1; nil in batches written before
    /// batches were numbered. With `replica`, it lets a machine know its own batches in the log
    /// whatever happened to the round that pushed them (`SyncTables.ownSequence`).
    var sequence: Int? = nil
    /// In the order they are applied.
    var operations: [SyncOperation]

    /// The version of the format below; a newer one is refused rather than misread.
    static let format = 1

    /// The batch as JSON: `{"format": 1, "replica": ..., "seq": N, "ops": [...]}`, one
    /// operation a line. Readers that predate `seq` pass over it.
    func encoded() -> Data {
        var text = Array("{\"format\": \(Self.format), \"replica\": ".utf8)
        JSONText.appendQuoted(replica, to: &text)
        if let sequence { text += ", \"seq\": \(sequence)".utf8 }
        text += ", \"ops\": [".utf8
        for (index, operation) in operations.enumerated() {
            text += (index == 0 ? "\n" : ",\n").utf8
            Self.append(operation, to: &text)
        }
        text += "\n]}\n".utf8
        return Data(text)
    }

    private static func append(_ operation: SyncOperation, to text: inout [UInt8]) {
        func field(_ name: String, _ value: String?) {
            text += ", \"\(name)\": ".utf8
            if let value { JSONText.appendQuoted(value, to: &text) } else { text += "null".utf8 }
        }
        // A time as text, in the shortest digits that Swift reads back as the same Double: a JSON
        // number would go through Foundation's parser, which does not promise the same bits.
        func number(_ name: String, _ value: Double?) {
            field(name, value.map { "\($0)" })
        }
        func start(_ op: String, _ uid: String) {
            text += "{\"op\": \"\(op)\"".utf8
            field("uid", uid)
        }
        switch operation {
        case .create(let uid, let parent, let key, let title, let doneAt, let note):
            start("create", uid)
            field("parent", parent)
            field("key", key)
            field("title", title)
            number("done", doneAt)
            field("note", note)
        case .move(let uid, let parent, let key):
            start("move", uid)
            field("parent", parent)
            field("key", key)
        case .order(let uid, let parent, let key):
            start("order", uid)
            field("parent", parent)
            field("key", key)
        case .setTitle(let uid, let title):
            start("title", uid)
            field("title", title)
        case .setDone(let uid, let doneAt):
            start("state", uid)
            number("done", doneAt)
        case .setNote(let uid, let note):
            start("note", uid)
            field("note", note)
        case .delete(let uid):
            start("delete", uid)
        }
        text.append(UInt8(ascii: "}"))
    }

    /// Checks the batch by the rules every reader holds to, by reading back what it writes: a
    /// batch the readers refuse must never reach the log, where it would stop every machine.
    ///
    /// - Throws: `SyncFailure.unsendable`, naming the rule.
    func requireReadable() throws {
        do {
            guard try Self.decoded(encoded()) == self else {
                throw SyncLogError("it reads back as another batch")
            }
        } catch let error as SyncLogError {
            throw SyncFailure.unsendable(reason: error.reason)
        }
    }

    /// Reads a batch; anything that is not one (another format, a missing field, a title or note
    /// outline would refuse) throws `SyncLogError` naming what was wrong.
    static func decoded(_ data: Data) throws -> SyncBatch {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SyncLogError("it is not a JSON object")
        }
        guard let format = object["format"] as? Int else { throw SyncLogError("it has no format") }
        guard format == Self.format else {
            throw SyncLogError(
                "it is in format \(format), and this outline reads format \(Self.format): upgrade outline")
        }
        guard let replica = object["replica"] as? String, !replica.isEmpty, let list = object["ops"] as? [Any] else {
            throw SyncLogError("it has no replica or no ops")
        }
        var sequence: Int?
        if let value = object["seq"] {
            guard let number = value as? Int, number > 0 else {
                throw SyncLogError("its seq is not a positive whole number")
            }
            sequence = number
        }
        var operations: [SyncOperation] = []
        operations.reserveCapacity(list.count)
        for (index, entry) in list.enumerated() {
            guard let fields = entry as? [String: Any] else {
                throw SyncLogError("operation \(index + 1) is not an object")
            }
            do {
                operations.append(try operation(fields))
            } catch let error as SyncLogError {
                throw SyncLogError("operation \(index + 1): \(error.reason)")
            }
        }
        return SyncBatch(replica: replica, sequence: sequence, operations: operations)
    }

    private static func operation(_ fields: [String: Any]) throws -> SyncOperation {
        func text(_ name: String) throws -> String {
            guard let value = fields[name] as? String, !value.isEmpty else { throw SyncLogError("no \(name)") }
            return value
        }
        func optionalText(_ name: String) throws -> String? {
            if fields[name] == nil || fields[name] is NSNull { return nil }
            guard let value = fields[name] as? String else { throw SyncLogError("\(name) is not text") }
            return value
        }
        func time(_ name: String) throws -> Double? {
            if fields[name] == nil || fields[name] is NSNull { return nil }
            guard let text = fields[name] as? String, let value = Double(text), value.isFinite else {
                throw SyncLogError("\(name) is not a time")
            }
            return value
        }
        func title() throws -> String {
            let raw = try text("title")
            do { return try Title.validated(raw) } catch { throw SyncLogError("a title outline refuses") }
        }
        func note() throws -> String? {
            do { return try Note.validated(try optionalText("note") ?? "") } catch let error as SyncLogError {
                throw error
            } catch { throw SyncLogError("a note outline refuses") }
        }
        let uid = try text("uid")
        guard uid != SyncTree.rootUID else { throw SyncLogError("an operation on the root") }
        let op = try text("op")
        switch op {
        case "create":
            return .create(
                uid: uid, parent: try text("parent"), key: try text("key"), title: try title(),
                doneAt: try time("done"),
                note: try note())
        case "move": return .move(uid: uid, parent: try text("parent"), key: try text("key"))
        case "order": return .order(uid: uid, parent: try text("parent"), key: try text("key"))
        case "title": return .setTitle(uid: uid, title: try title())
        case "state": return .setDone(uid: uid, doneAt: try time("done"))
        case "note": return .setNote(uid: uid, note: try note())
        case "delete": return .delete(uid: uid)
        default: throw SyncLogError("unknown operation \"\(op)\"")
        }
    }
}

/// A log entry that does not parse: why.
struct SyncLogError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
