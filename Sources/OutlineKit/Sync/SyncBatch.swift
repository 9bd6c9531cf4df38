import Foundation

/// The operations one sync round of one machine appended to the log: the content of one commit.
struct SyncBatch: Equatable, Sendable {
    /// The machine that wrote the batch.
    var replica: String
    /// The batch's number among those its machine wrote, from 1; nil in batches written before
    /// batches were numbered. With `replica`, it lets a machine know its own batches in the log
    /// whatever happened to the round that pushed them (`SyncTables.ownSequence`).
    var sequence: Int? = nil
    /// For the first batch of a machine that moved onto a log lacking its last rounds (`sync
    /// republish` elsewhere, or a copy of the remote the others went on with): the last commit
    /// of the old log it synced. It resends what it held through that commit, others' changes
    /// it only relayed too, so a machine that moves later knows those are in the new log already
    /// and does not send them again over what was changed since (`OutlineStore.moveOnto`).
    var carries: String? = nil
    /// In the order they are applied.
    var operations: [SyncOperation]

    /// The newest version of the format below; a newer one is refused rather than misread.
    /// Version 2 adds the attributes and the workflow; a batch without them is written as
    /// version 1, which machines that predate attributes still read.
    static let format = 2

    /// The format this batch is written in: the oldest that can say all it holds.
    var writtenFormat: Int { operations.allSatisfy(\.fitsFirstFormat) ? 1 : Self.format }

    /// The batch as JSON: `{"format": 1, "replica": ..., "seq": N, "ops": [...]}`, one
    /// operation a line. Readers that predate `seq` or `carries` pass over them.
    func encoded() -> Data {
        var text = Array("{\"format\": \(writtenFormat), \"replica\": ".utf8)
        JSONText.appendQuoted(replica, to: &text)
        if let sequence { text += ", \"seq\": \(sequence)".utf8 }
        if let carries {
            text += ", \"carries\": ".utf8
            JSONText.appendQuoted(carries, to: &text)
        }
        text += ", \"ops\": [".utf8
        for (index, operation) in operations.enumerated() {
            text += (index == 0 ? "\n" : ",\n").utf8
            Self.append(operation, to: &text)
        }
        text += "\n]}\n".utf8
        return Data(text)
    }

    /// Writes one operation as a JSON object.
    static func append(_ operation: SyncOperation, to text: inout [UInt8]) {
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
        case .create(let uid, let parent, let key, let title, let doneAt, let note, let attributes):
            start("create", uid)
            field("parent", parent)
            field("key", key)
            field("title", title)
            number("done", doneAt)
            field("note", note)
            if !attributes.isEmpty {
                text += ", \"attributes\": ".utf8
                attributes.appendJSON(to: &text)
            }
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
        case .setState(let uid, let keyword, let doneAt, let lastDone):
            start("state", uid)
            number("done", doneAt)
            if operation.fitsFirstFormat { break }
            field("keyword", keyword)
            number("last_done", lastDone)
        case .setNote(let uid, let note):
            start("note", uid)
            field("note", note)
        case .setDate(let uid, let which, let date):
            start(which.rawValue, uid)
            field("date", date?.stored)
            field("repeat", date?.repeater)
        case .setPriority(let uid, let priority):
            start("priority", uid)
            field("priority", priority)
        case .tag(let uid, let tag):
            start("tag", uid)
            field("tag", tag)
        case .untag(let uid, let tag):
            start("untag", uid)
            field("tag", tag)
        case .setProperty(let uid, let key, let value):
            start("property", uid)
            field("key", key)
            field("value", value)
        case .setWorkflow(let workflow):
            start("workflow", SyncTree.rootUID)
            field("workflow", workflow)
        case .delete(let uid):
            start("delete", uid)
        case .conflict(let conflict):
            start("conflict", conflict.uid)
            conflict.appendMembers(to: &text)
        case .resolve(let number):
            start("resolve", SyncTree.rootUID)
            text += ", \"n\": \(number)".utf8
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
        guard (1...Self.format).contains(format) else {
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
        var carries: String?
        if let value = object["carries"] {
            guard let commit = value as? String, SyncArgumentCheck.isHexadecimal(commit) else {
                throw SyncLogError("its carries is not a commit id")
            }
            carries = commit
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
        return SyncBatch(replica: replica, sequence: sequence, carries: carries, operations: operations)
    }

    /// Reads one operation from the members of its JSON object.
    static func operation(_ fields: [String: Any]) throws -> SyncOperation {
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
        let op = try text("op")
        if op == "resolve" {
            guard let number = fields["n"] as? Int, number > 0 else { throw SyncLogError("a resolve without its n") }
            return .resolve(number: number)
        }
        if op == "workflow" {
            let workflow = try text("workflow")
            guard (try? Workflow(parsing: workflow))?.description == workflow else {
                throw SyncLogError("a workflow outline refuses")
            }
            return .setWorkflow(workflow)
        }
        let uid = try text("uid")
        guard uid != SyncTree.rootUID else { throw SyncLogError("an operation on the root") }
        switch op {
        case "create":
            var attributes = SyncAttributes()
            if let object = fields["attributes"], !(object is NSNull) {
                guard let members = object as? [String: Any] else { throw SyncLogError("attributes are not an object") }
                attributes = try SyncAttributes(json: members)
            }
            return .create(
                uid: uid, parent: try text("parent"), key: try text("key"), title: try title(),
                doneAt: try time("done"), note: try note(), attributes: attributes)
        case "move": return .move(uid: uid, parent: try text("parent"), key: try text("key"))
        case "order": return .order(uid: uid, parent: try text("parent"), key: try text("key"))
        case "title": return .setTitle(uid: uid, title: try title())
        case "state":
            let keyword = try optionalText("keyword")
            if let keyword, !Workflow.canHold(keyword) { throw SyncLogError("a keyword outline refuses") }
            return .setState(uid: uid, keyword: keyword, doneAt: try time("done"), lastDone: try time("last_done"))
        case "note": return .setNote(uid: uid, note: try note())
        case "scheduled", "due":
            let field = SyncOperation.DateField(rawValue: op)!
            let date = try SyncAttributes.date(try optionalText("date"), try optionalText("repeat"), op)
            return .setDate(uid: uid, field: field, date: date)
        case "priority":
            let priority = try optionalText("priority")
            if let priority, Priority(rawValue: priority) == nil { throw SyncLogError("a priority outline refuses") }
            return .setPriority(uid: uid, priority: priority)
        case "tag", "untag":
            let tag = try text("tag")
            guard (try? Tag.validated(tag)) == tag else { throw SyncLogError("a tag outline refuses") }
            return op == "tag" ? .tag(uid: uid, tag: tag) : .untag(uid: uid, tag: tag)
        case "property":
            let key = try text("key")
            let value = try optionalText("value")
            try SyncAttributes.requireProperty(key, value)
            return .setProperty(uid: uid, key: key, value: value)
        case "delete": return .delete(uid: uid)
        case "conflict": return .conflict(try SyncConflict(uid: uid, fields: fields))
        default: throw SyncLogError("unknown operation \"\(op)\"")
        }
    }
}

/// A log entry that does not parse: why.
struct SyncLogError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
