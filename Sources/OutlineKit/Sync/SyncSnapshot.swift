import Foundation

/// The whole outline as the log made it, tombstones included, as a snapshot commit holds it:
/// `{"format": 1, "snapshot": [{"uid", "parent", "key", "title", "done", "note", "live"}, ...]}`,
/// one item a line, sorted by global id so that two machines write the same bytes. Format 2
/// adds each item's `"attributes"` (as batches write them) and the outline's `"workflow"`; a
/// snapshot without either is written in format 1, as batches are.
enum SyncSnapshot {
    static func encoded(_ tree: SyncTree) -> Data {
        let plain =
            tree.workflow == nil && tree.conflictCount == 0 && tree.uids.allSatisfy { tree[$0]!.attributes.isEmpty }
        var text = Array("{\"format\": \(plain ? 1 : SyncBatch.format), ".utf8)
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
    static func decoded(_ data: Data) throws -> SyncTree {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SyncLogError("its snapshot is not a JSON object")
        }
        guard let format = object["format"] as? Int, (1...SyncBatch.format).contains(format) else {
            throw SyncLogError("its snapshot is not in a format up to \(SyncBatch.format): upgrade outline")
        }
        var workflow: String?
        if let value = object["workflow"] {
            guard let text = value as? String, (try? Workflow(parsing: text))?.description == text else {
                throw SyncLogError("its snapshot has a workflow outline refuses")
            }
            workflow = text
        }
        guard let list = object["snapshot"] as? [[String: Any]] else { throw SyncLogError("its snapshot has no items") }
        var nodes: [String: SyncTree.Node] = [:]
        for (index, fields) in list.enumerated() {
            guard let uid = fields["uid"] as? String, !uid.isEmpty, uid != SyncTree.rootUID,
                let parent = fields["parent"] as? String, let key = fields["key"] as? String,
                let title = fields["title"] as? String, let live = fields["live"] as? Bool
            else { throw SyncLogError("snapshot item \(index + 1) lacks a field") }
            var doneAt: Double?
            if let text = fields["done"] as? String {
                guard let value = Double(text), value.isFinite else {
                    throw SyncLogError("snapshot item \(index + 1) has a done time that is not one")
                }
                doneAt = value
            }
            guard (try? Title.validated(title)) == title else {
                throw SyncLogError("snapshot item \(index + 1) has a title outline refuses")
            }
            let note = fields["note"] as? String
            if let note, (try? Note.validated(note)) != note {
                throw SyncLogError("snapshot item \(index + 1) has a note outline refuses")
            }
            guard !parent.isEmpty, !key.isEmpty else {
                throw SyncLogError("snapshot item \(index + 1) has an empty parent or key")
            }
            guard nodes[uid] == nil else { throw SyncLogError("snapshot item \(index + 1) repeats an item") }
            var attributes = SyncAttributes()
            if let members = fields["attributes"] {
                do {
                    guard let members = members as? [String: Any] else { throw SyncLogError("not an object") }
                    attributes = try SyncAttributes(json: members)
                } catch let error as SyncLogError {
                    throw SyncLogError("snapshot item \(index + 1) has attributes outline refuses: \(error.reason)")
                }
            }
            nodes[uid] = SyncTree.Node(
                parent: parent, key: key, title: title, doneAt: doneAt, note: note, isLive: live, attributes: attributes
            )
        }
        try requireTree(nodes)
        var tree = SyncTree(nodes: nodes, workflow: workflow)
        try readConflicts(object, into: &tree)
        return tree
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
