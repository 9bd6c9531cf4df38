import Foundation

/// The whole outline as the log made it, tombstones included, as a snapshot commit holds it:
/// `{"format": 1, "snapshot": [{"uid", "parent", "key", "title", "done", "note", "live"}, ...]}`,
/// one item a line, sorted by global id so that two machines write the same bytes.
enum SyncSnapshot {
    static func encoded(_ tree: SyncTree) -> Data {
        var text = Array("{\"format\": \(SyncBatch.format), \"snapshot\": [".utf8)
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
            text += ", \"live\": \(node.isLive)}".utf8
        }
        text += "\n]}\n".utf8
        return Data(text)
    }

    /// Reads a snapshot; anything else throws `SyncLogError`.
    static func decoded(_ data: Data) throws -> SyncTree {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SyncLogError("its snapshot is not a JSON object")
        }
        guard let format = object["format"] as? Int, format == SyncBatch.format else {
            throw SyncLogError("its snapshot is not in format \(SyncBatch.format): upgrade outline")
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
            nodes[uid] = SyncTree.Node(parent: parent, key: key, title: title, doneAt: doneAt, note: note, isLive: live)
        }
        return SyncTree(nodes: nodes)
    }
}
