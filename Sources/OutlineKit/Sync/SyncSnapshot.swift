import Foundation

/// The whole outline as the log made it, tombstones included, as a snapshot commit holds it:
/// `{"format": 1, "snapshot": [{"uid", "parent", "key", "title", "done", "note", "live"}, ...]}`,
/// one item a line, sorted by global id so that two machines write the same bytes. Format 2
/// adds each item's `"attributes"` (as batches write them) and the outline's `"workflow"`; a
/// snapshot without either is written in format 1, as batches are.
enum SyncSnapshot {
    /// The snapshot's bytes.
    ///
    /// - Parameter republishedAfter: for the snapshot that starts a lost log again, the commit it
    ///   is written on, which it names (`"republished_after"`, which readers pass over): its
    ///   file then always differs from that commit's, even when that is a snapshot of the same
    ///   outline, and a commit that changes no file is refused by every reader.
    static func encoded(_ tree: SyncTree, republishedAfter: String? = nil) -> Data {
        let plain =
            tree.workflow == nil && tree.conflictCount == 0 && tree.uids.allSatisfy { tree[$0]!.attributes.isEmpty }
        var text = Array("{\"format\": \(plain ? 1 : SyncBatch.format), ".utf8)
        if let republishedAfter {
            text += "\"republished_after\": ".utf8
            JSONText.appendQuoted(republishedAfter, to: &text)
            text += ", ".utf8
        }
        if let workflow = tree.workflow {
            text += "\"workflow\": ".utf8
            JSONText.appendQuoted(workflow, to: &text)
            text += ", ".utf8
        }
        if tree.conflictCount > 0 {
            text += "\"conflict_count\": \(tree.conflictCount), \"conflicts\": [".utf8
            for (index, conflict) in tree.conflicts.enumerated() {
                text +=
                    (index == 0
                    ? "\n{\"n\": \(conflict.number), \"uid\": " : ",\n{\"n\": \(conflict.number), \"uid\": ").utf8
                JSONText.appendQuoted(conflict.uid, to: &text)
                conflict.appendMembers(to: &text)
                text += "}".utf8
            }
            text += "], ".utf8
        }
        text += "\"snapshot\": [".utf8
        for (index, uid) in tree.uids.sorted().enumerated() {
            let node = tree[uid]!
            text += (index == 0 ? "\n" : ",\n").utf8
            text += "{\"uid\": ".utf8
            JSONText.appendQuoted(uid, to: &text)
            for (name, value) in [
                ("parent", node.parent), ("key", node.key), ("title", node.title),
                ("done", node.doneAt.map { "\($0)" }),
                ("note", node.note),
            ] {
                text += ", \"\(name)\": ".utf8
                if let value { JSONText.appendQuoted(value, to: &text) } else { text += "null".utf8 }
            }
            text += ", \"live\": \(node.isLive)".utf8
            if !node.attributes.isEmpty {
                text += ", \"attributes\": ".utf8
                node.attributes.appendJSON(to: &text)
            }
            text += "}".utf8
        }
        text += "\n]}\n".utf8
        return Data(text)
    }

    /// Reads a snapshot; anything else throws `SyncLogError`.
    ///
    /// Its items are read with `JSONScanner`, a piece at a time: through Foundation's
    /// `JSONSerialization`, the values of a hundred thousand items were built as dictionaries
    /// of `Any` first, and reading them back was most of the cost of a machine joining. The
    /// few members that are not an item's plain fields (an item's attributes, the conflicts)
    /// are still read by `JSONSerialization`, from their own bytes.
    static func decoded(_ data: Data) throws -> SyncTree {
        var scanner = JSONScanner([UInt8](data))
        do {
            return try decoded(&scanner)
        } catch is DocumentError {
            throw SyncLogError("its snapshot is not a JSON object")
        }
    }

    /// Reads a snapshot from the scanner's text; `DocumentError` where it is not JSON.
    private static func decoded(_ scanner: inout JSONScanner) throws -> SyncTree {
        var format: Int?
        var workflow: String?
        var nodes: [String: SyncTree.Node]?
        var conflictMembers: [String: Any] = [:]
        try readObject(&scanner) { name, scanner in
            switch name {
            case "format": format = Int(try rawText(&scanner))
            case "workflow":
                guard scanner.peek() == UInt8(ascii: "\"") else {
                    throw SyncLogError("its snapshot has a workflow outline refuses")
                }
                workflow = try scanner.readString()
            case "snapshot": nodes = try readItems(&scanner)
            case "conflict_count", "conflicts": conflictMembers[name] = try rawValue(&scanner)
            default: try scanner.skipValue()
            }
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.notJSON("text follows the snapshot") }
        guard let format, (1...SyncBatch.format).contains(format) else {
            throw SyncLogError("its snapshot is not in a format up to \(SyncBatch.format): upgrade outline")
        }
        if let workflow, (try? Workflow(parsing: workflow))?.description != workflow {
            throw SyncLogError("its snapshot has a workflow outline refuses")
        }
        guard let nodes else { throw SyncLogError("its snapshot has no items") }
        try requireTree(nodes)
        var tree = SyncTree(nodes: nodes, workflow: workflow)
        try readConflicts(conflictMembers, into: &tree)
        return tree
    }

    /// Reads a JSON object, handing each member's name to `member`, which reads its value.
    private static func readObject(
        _ scanner: inout JSONScanner, _ member: (String, inout JSONScanner) throws -> Void
    ) throws {
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: "{"), "an object")
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "}")) { return }
        repeat {
            scanner.skipWhitespace()
            let name = try scanner.readString()
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"), "\":\"", after: "a key")
            scanner.skipWhitespace()
            try member(name, &scanner)
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), #""," or "}""#)
    }

    /// The snapshot's items, by global id.
    private static func readItems(_ scanner: inout JSONScanner) throws -> [String: SyncTree.Node] {
        var nodes: [String: SyncTree.Node] = [:]
        try scanner.expect(UInt8(ascii: "["), "an array")
        scanner.skipWhitespace()
        if scanner.take(UInt8(ascii: "]")) { return nodes }
        var index = 0
        repeat {
            index += 1
            let (uid, node) = try readItem(&scanner, index: index)
            guard nodes.updateValue(node, forKey: uid) == nil else {
                throw SyncLogError("snapshot item \(index) repeats an item")
            }
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), #""," or "]""#)
        return nodes
    }

    /// One item of the snapshot, the `index`th, checked as `add` and `note` check what they
    /// take.
    private static func readItem(_ scanner: inout JSONScanner, index: Int) throws -> (String, SyncTree.Node) {
        var uid: String?
        var parent: String?
        var key: String?
        var title: String?
        var done: String?
        var note: String?
        var live: Bool?
        var attributes: Any?
        /// A string member's value; nil for null or a value of another kind, which the checks
        /// below refuse as a missing field where the field is needed.
        func text(_ scanner: inout JSONScanner) throws -> String? {
            if scanner.peek() == UInt8(ascii: "\"") { return try scanner.readString() }
            try scanner.skipValue()
            return nil
        }
        scanner.skipWhitespace()
        try readObject(&scanner) { name, scanner in
            switch name {
            case "uid": uid = try text(&scanner)
            case "parent": parent = try text(&scanner)
            case "key": key = try text(&scanner)
            case "title": title = try text(&scanner)
            case "done": done = try text(&scanner)
            case "note": note = try text(&scanner)
            case "live":
                live = scanner.take(literal: "true") ? true : scanner.take(literal: "false") ? false : nil
                if live == nil { try scanner.skipValue() }
            case "attributes": attributes = try rawValue(&scanner)
            default: try scanner.skipValue()
            }
        }
        guard let uid, !uid.isEmpty, uid != SyncTree.rootUID, let parent, let key, let title, let live else {
            throw SyncLogError("snapshot item \(index) lacks a field")
        }
        var doneAt: Double?
        if let done {
            guard let value = Double(done), value.isFinite else {
                throw SyncLogError("snapshot item \(index) has a done time that is not one")
            }
            doneAt = value
        }
        guard (try? Title.validated(title)) == title else {
            throw SyncLogError("snapshot item \(index) has a title outline refuses")
        }
        if let note, (try? Note.validated(note)) != note {
            throw SyncLogError("snapshot item \(index) has a note outline refuses")
        }
        guard !parent.isEmpty, !key.isEmpty else {
            throw SyncLogError("snapshot item \(index) has an empty parent or key")
        }
        var itemAttributes = SyncAttributes()
        if let attributes {
            do {
                guard let members = attributes as? [String: Any] else { throw SyncLogError("not an object") }
                itemAttributes = try SyncAttributes(json: members)
            } catch let error as SyncLogError {
                throw SyncLogError("snapshot item \(index) has attributes outline refuses: \(error.reason)")
            }
        }
        return (
            uid,
            SyncTree.Node(
                parent: parent, key: key, title: title, doneAt: doneAt, note: note, isLive: live,
                attributes: itemAttributes)
        )
    }

    /// The bytes of the value at the scanner, checked, as text.
    private static func rawText(_ scanner: inout JSONScanner) throws -> String {
        let start = scanner.offset
        try scanner.skipValue()
        return String(decoding: scanner.bytes[start..<scanner.offset], as: UTF8.self)
    }

    /// The value at the scanner as `JSONSerialization` reads it.
    private static func rawValue(_ scanner: inout JSONScanner) throws -> Any {
        let start = scanner.offset
        try scanner.skipValue()
        guard
            let value = try? JSONSerialization.jsonObject(
                with: Data(scanner.bytes[start..<scanner.offset]), options: .fragmentsAllowed)
        else { throw scanner.notJSON("a value does not read") }
        return value
    }

    /// Reads the open conflicts and their count, which every later number follows from.
    private static func readConflicts(_ object: [String: Any], into tree: inout SyncTree) throws {
        guard let count = object["conflict_count"] else { return }
        guard let count = count as? Int, count >= 0, let list = object["conflicts"] as? [[String: Any]] else {
            throw SyncLogError("its snapshot's conflicts do not read")
        }
        tree.conflictCount = count
        var last = 0
        for fields in list {
            guard let number = fields["n"] as? Int, number > last, number <= count,
                let uid = fields["uid"] as? String, !uid.isEmpty
            else { throw SyncLogError("its snapshot's conflicts are not numbered in order") }
            tree.conflicts.append(try SyncConflict(uid: uid, number: number, fields: fields))
            last = number
        }
    }

    /// Checks that the live items of a snapshot form one tree under the root, as every batch
    /// leaves them: each one's parent is the root or a live item of the snapshot, and no item
    /// lies inside itself. A hand-made snapshot that breaks this would be taken as it is.
    private static func requireTree(_ nodes: [String: SyncTree.Node]) throws {
        // Items known to hang from the root, found walking up from each live item.
        var rooted: Set<String> = [SyncTree.rootUID]
        for (uid, node) in nodes where node.isLive && !rooted.contains(uid) {
            var path: [String] = []
            var onPath: Set<String> = []
            var current = uid
            while !rooted.contains(current) {
                guard let node = nodes[current] else {
                    throw SyncLogError("its snapshot names a parent it does not hold, of '\(path.last ?? uid)'")
                }
                guard node.isLive else {
                    throw SyncLogError("its snapshot holds a live item under a removed one, '\(path.last ?? uid)'")
                }
                guard onPath.insert(current).inserted else {
                    throw SyncLogError("its snapshot holds a cycle through '\(current)'")
                }
                path.append(current)
                current = node.parent
            }
            rooted.formUnion(path)
        }
    }

    /// Checks a snapshot against the log's outline before it, for a machine that has that
    /// outline: a snapshot writes down the log as it stands, so every item live before it is
    /// live in it. One that leaves a live item out would remove it without anyone's word.
    ///
    /// - Throws: `SyncFailure.badLog`, naming the commit and how many items it leaves out.
    static func requireKeeps(_ before: SyncTree, _ snapshot: SyncTree, commit: String) throws {
        var missing = 0
        var first: String?
        for uid in before.uids where before.isLive(uid) && !snapshot.isLive(uid) {
            missing += 1
            if first == nil || uid < first! { first = uid }
        }
        guard let first else { return }
        let title = before[first].map { "\"\(TitleSanitizer.forTerminal($0.title))\"" } ?? first
        throw SyncFailure.badLog(
            commit: commit,
            reason: "its snapshot leaves out \(missing) live item\(missing == 1 ? "" : "s") of the log before it, "
                + "\(title) among them")
    }
}
