import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The snapshot reader (`SyncSnapshot.decoded`), which reads the items a piece at a time: it
/// reads back every tree the writer writes, agrees with Foundation's JSON reader on the bytes,
/// and refuses in one line what is not a snapshot.
@Suite struct SyncSnapshotReadingTests {
    /// Titles and notes with what JSON escapes: quotes, backslashes, line ends and tabs in
    /// notes, text outside the basic plane.
    static let titles = ["Plain", "Say \"hi\"", "C:\\temp\\new", "买牛奶", "Emoji 🎉 and é", "a/b\\/c"]

    static func randomTree(seed: UInt64) -> SyncTree {
        var random = SeededGenerator(seed: seed)
        var nodes: [String: SyncTree.Node] = [:]
        var live: [String] = [SyncTree.rootUID]
        for index in 0..<200 {
            let uid = String(format: "%016llx", random.next() ^ UInt64(index))
            let isLive = random.next() % 7 != 0
            var node = SyncTree.Node(
                parent: live[Int(random.next() % UInt64(live.count))], key: "k\(random.next() % 50)",
                title: titles[Int(random.next() % UInt64(titles.count))] + " \(index)",
                doneAt: random.next() % 4 == 0 ? 1_700_000_000.25 + Double(index) : nil,
                note: random.next() % 3 == 0 ? "line one\nline \"two\"\n\n\tthree \\ \(index)" : nil,
                isLive: isLive)
            if random.next() % 5 == 0 {
                node.attributes = SyncAttributes(state: "NEXT", tags: ["home", "été"], priority: "B")
            }
            nodes[uid] = node
            if isLive { live.append(uid) }
        }
        var tree = SyncTree(nodes: nodes, workflow: "TODO NEXT | DONE")
        tree.conflictCount = 3
        tree.conflicts = [
            SyncConflict(
                number: 2, uid: live[1], what: "title", kept: "Kept \"one\"", setAside: "Set aside\nsecond",
                restore: [.setTitle(uid: live[1], title: "Set aside")], path: ["Top", "Kept \"one\""])
        ]
        return tree
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyTreeTheWriterWritesReadsBackTheSame(seed: UInt64) throws {
        let tree = Self.randomTree(seed: seed)
        let read = try SyncSnapshot.decoded(SyncSnapshot.encoded(tree))
        #expect(Set(read.uids) == Set(tree.uids))
        for uid in tree.uids { #expect(read[uid] == tree[uid], "item \(uid)") }
        #expect(read.workflow == tree.workflow)
        #expect(read.conflictCount == 3 && read.conflicts == tree.conflicts)
    }

    /// Foundation's reader, which outline's reader replaced, finds the same titles, notes and
    /// parents in the same bytes.
    @Test func foundationsReaderFindsTheSameValues() throws {
        let tree = Self.randomTree(seed: 9)
        let data = SyncSnapshot.encoded(tree)
        let read = try SyncSnapshot.decoded(data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(object["snapshot"] as? [[String: Any]])
        #expect(items.count == tree.uids.count)
        for fields in items {
            let uid = try #require(fields["uid"] as? String)
            let node = try #require(read[uid])
            #expect(fields["title"] as? String == node.title)
            #expect(fields["note"] as? String == node.note)
            #expect(fields["parent"] as? String == node.parent)
            #expect(fields["live"] as? Bool == node.isLive)
        }
    }

    @Test(arguments: [
        ("[]", "its snapshot is not a JSON object"),
        (#"{"format": 1, "snapshot": []"#, "its snapshot is not a JSON object"),
        (#"{"format": 1, "snapshot": []} trailing"#, "its snapshot is not a JSON object"),
        (#"{"format": 1, "snapshot": [{"uid": "a", "title": "x"}]}"#, "snapshot item 1 lacks a field"),
        (#"{"format": 99, "snapshot": []}"#, "its snapshot is not in a format up to 2: upgrade outline"),
        (#"{"format": 1}"#, "its snapshot has no items"),
        (#"{"format": 2, "workflow": 3, "snapshot": []}"#, "its snapshot has a workflow outline refuses"),
        (
            #"{"format": 1, "snapshot": [{"uid": "a", "parent": "root", "key": "m", "title": "x", "live": true}, {"uid": "a", "parent": "root", "key": "n", "title": "y", "live": true}]}"#,
            "snapshot item 2 repeats an item"
        ),
        (
            #"{"format": 2, "snapshot": [{"uid": "a", "parent": "root", "key": "m", "title": "x", "live": true, "attributes": [1]}]}"#,
            "snapshot item 1 has attributes outline refuses: not an object"
        ),
        (
            #"{"format": 1, "snapshot": [{"uid": "a", "parent": "root", "key": "m", "title": "x\ny", "live": true}]}"#,
            "snapshot item 1 has a title outline refuses"
        ),
    ])
    func whatIsNotASnapshotIsRefusedInOneLine(text: String, reason: String) {
        #expect {
            _ = try SyncSnapshot.decoded(Data(text.utf8))
        } throws: { error in
            (error as? SyncLogError)?.reason == reason
        }
    }

    /// Members a later version may add are passed over, in the snapshot and in its items.
    @Test func membersItDoesNotKnowArePassedOver() throws {
        let text = #"""
            {"format": 1, "later": {"deep": [1, {"x": null}]}, "snapshot": [
            {"uid": "a", "parent": "root", "key": "m", "title": "T\u00e9", "done": null, "note": null, "live": true, "new": [true]}
            ]}
            """#
        let read = try SyncSnapshot.decoded(Data(text.utf8))
        #expect(read["a"]?.title == "Té" && read["a"]?.isLive == true && read["a"]?.doneAt == nil)
    }
}
