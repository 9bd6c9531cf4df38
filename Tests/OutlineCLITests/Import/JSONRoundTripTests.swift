import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// `export --format json` of an outline whose items hold every attribute, imported by the
/// binary into an empty outline and exported again, gives the same bytes but for the ids
/// (SPEC, "Formats": Round trip); the import is one step that undo takes back whole, workflow
/// included.
@Suite("JSON round trip with every attribute, end to end")
struct JSONRoundTripTests {
    /// The export without its ids, which import does not keep.
    static func withoutIDs(_ json: String) -> String {
        json.replacing(/"id":[0-9]+,/, with: "")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func exportImportExportGivesTheSameBytesButTheIDs(seed: UInt64) throws {
        let original = OutlineProcess()
        let store = try OutlineStore(path: original.database)
        try AttributedOutline.make(store, seed: seed, count: 30)
        try store.close()
        let exported = try original.run(["export", "--format", "json"])
        #expect(exported.status == 0, "\(exported)")
        // The outline made holds what the round trip must carry.
        for field in [#""state":"NEXT""#, #""repeat":"+"#, #""last_done":"2"#, #""properties":{""#] {
            #expect(exported.stdout.contains(field), "seed \(seed) has no \(field)")
        }

        let copy = OutlineProcess()
        let path = copy.directory + "/outline.json"
        try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: path))
        let imported = try copy.run(["import", path])
        #expect(imported.status == 0, "\(imported)")
        let again = try copy.run(["export", "--format", "json"])
        #expect(Self.withoutIDs(again.stdout) == Self.withoutIDs(exported.stdout), "seed \(seed)")
        // The keywords are added in the order the document first uses them.
        let workflow = try Workflow(parsing: try copy.run(["workflow"]).stdout)
        #expect(Set(workflow.open) == ["TODO", "NEXT", "WAITING"] && Set(workflow.done) == ["DONE", "CANCELLED"])

        // One step: undo leaves the outline and its workflow as they were, redo as imported.
        #expect(try copy.run(["undo"]).status == 0)
        #expect(try copy.run(["export", "--format", "json"]).stdout == "[]\n")
        #expect(try copy.run(["workflow"]).stdout == "TODO | DONE\n")
        #expect(try copy.run(["redo"]).status == 0)
        #expect(try copy.run(["export", "--format", "json"]).stdout == again.stdout)
    }

    /// A bad value is refused with the file, line and column, and nothing is added.
    @Test func aBadAttributeIsRefusedWholeAndNamed() throws {
        let outline = OutlineProcess()
        try outline.run(["add", "Keep"])
        let before = try outline.sqlite(".dump")
        let path = outline.directory + "/items.json"
        try Data(
            "[{\"title\": \"fine\", \"tags\": [\"a\"]},\n {\"title\": \"b\", \"due\": {\"date\": \"2026-02-30\"}}]".utf8
        )
        .write(to: URL(fileURLWithPath: path))
        let result = try outline.run(["import", path])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr
                == "error: \(path) line 2, column 33: \"2026-02-30\" is not a day that exists, as YYYY-MM-DD\n")
        #expect(try outline.sqlite(".dump") == before)
    }

    /// A done item whose keyword the workflow has as open is refused, naming the item.
    @Test func aKeywordOfTheOtherKindIsRefused() throws {
        let outline = OutlineProcess()
        try outline.run(["add", "Keep"])
        let path = outline.directory + "/items.json"
        try Data(#"[{"title": "Late", "done": true, "state": "TODO"}]"#.utf8).write(to: URL(fileURLWithPath: path))
        let result = try outline.run(["import", path])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr
                == "error: cannot import \"Late\": it is done with TODO, which the workflow (or an earlier item) has as an open keyword\n"
        )
        #expect(try outline.tsv().count == 1)
    }
}
