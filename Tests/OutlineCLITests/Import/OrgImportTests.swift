import Foundation
import OutlineTestSupport
import Testing

/// An org file that Emacs wrote with org-mode's own commands (`Tests/Fixtures/import/
/// emacs-tasks.org`, made by `emacs-tasks.el` beside it), imported end to end: every attribute,
/// what the import says, and the file written again as org-mode reads the original.
@Suite("import of an org file org-mode wrote")
struct OrgImportTests {
    let outline = OutlineProcess()
    /// The zone the fixture was written in: its timestamps are local times there.
    static let zone = ["TZ": "Europe/Berlin"]
    static let path = OutlineProcess.fixtureFile("import/emacs-tasks.org")

    /// What `ls --json` must say, checked by hand against the fixture; `Old idea` was cancelled
    /// without a CLOSED line, so it is done at the import's own time.
    static let expected = """
        [{"title":"Plan the trip","done":false,"note":"Book the train first.","done_at":null,"last_done":null,\
        "state":"NEXT","tags":["travel","@home"],"scheduled":{"date":"2026-12-04","time":"14:30","repeat":"+1w"},\
        "due":{"date":"2026-12-10","time":null,"repeat":null},"priority":"A","properties":{"ID":"trip-1","Effort":"2:00"},\
        "children":[{"title":"Book flights","done":true,"note":":LOGBOOK:\\n- State \\"DONE\\"       from \\"TODO\\"       \
        [2026-11-27 Fri 11:49]\\n:END:","done_at":"2026-11-27T10:49:00Z","last_done":null,"state":"DONE","tags":[],\
        "scheduled":null,"due":null,"priority":null,"properties":{},"children":[]},{"title":"Pack","done":false,\
        "note":"- passport\\n- [X] charger","done_at":null,"last_done":null,"state":null,"tags":["home"],\
        "scheduled":null,"due":null,"priority":null,"properties":{},"children":[]}]},{"title":"Water the plants",\
        "done":false,"note":":LOGBOOK:\\n- State \\"DONE\\"       from \\"TODO\\"       [2026-11-27 Fri 11:49]\\n:END:",\
        "done_at":null,"last_done":"2026-11-27T10:49:00Z","state":"TODO","tags":[],\
        "scheduled":{"date":"2026-11-30","time":null,"repeat":".+3d"},"due":null,"priority":null,"properties":{},\
        "children":[]},{"title":"Fix the build","done":false,"note":"#+BEGIN_SRC sh\\n  make clean\\n  make -j2\\n\
        #+END_SRC\\n| step  | minutes |\\n|-------+---------|\\n| build |       4 |","done_at":null,"last_done":null,\
        "state":"WAITING","tags":[],"scheduled":null,"due":null,"priority":"C","properties":{},"children":[]},\
        {"title":"Old idea","done":true,"note":null,"done_at":"(time)","last_done":null,"state":"CANCELLED",\
        "tags":[],"scheduled":null,"due":null,"priority":null,"properties":{},"children":[]},{"title":"Notes",\
        "done":false,"note":"Plain text, no keyword.","done_at":null,"last_done":null,"state":null,"tags":[],\
        "scheduled":null,"due":null,"priority":null,"properties":{},"children":[]}]
        """

    /// `ls --json` without ids and positions, and the done time of `Old idea` as `(time)`.
    private func listing() throws -> String {
        try outline.run(["ls", "--json"], environment: Self.zone).stdout
            .replacing(/"id":\d+,/, with: "").replacing(/"position":\d+,/, with: "")
            .replacing(/"done_at":"[^"]*","last_done":null,"state":"CANCELLED"/) { _ in
                #""done_at":"(time)","last_done":null,"state":"CANCELLED""#
            }
            .trimmingCharacters(in: .newlines)
    }

    @Test func everyAttributeIsImportedAndTheReportSaysWhatIsNot() throws {
        let result = try outline.run(["import", Self.path], environment: Self.zone)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr
                == "imported 7 items from emacs-tasks.org; dropped 1 #+TITLE line; dropped 1 #+STARTUP line; "
                + "dropped 5 fast-access keys and logging settings of #+TODO keywords; "
                + "kept 2 LOGBOOK drawers in notes; added NEXT, WAITING, CANCELLED to the workflow\n")
        #expect(try outline.run(["workflow"]).stdout == "TODO NEXT WAITING | DONE CANCELLED\n")
        #expect(try listing() == Self.expected)
        // The settings it drops are what --strict refuses.
        let strict = OutlineProcess()
        let refused = try strict.run(["import", "--strict", Self.path], environment: Self.zone)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("emacs-tasks.org line 1"), "\(refused)")
    }

    /// A `#+TODO:` line's `(w@/!)` is all a file may lose: `--strict` refuses it at its line,
    /// and a plain import says it.
    @Test func strictRefusesTheKeywordLinesFastAccessKeysAndLoggingSettings() throws {
        let document = "# plans\n#+TODO: TODO NEXT(n) WAITING(w@/!) | DONE(d!) CANCELLED(c@)\n* NEXT a\n"
        let refused = try outline.run(["import", "--strict", "--format", "org", "-"], input: document)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "line 2: dropped 4 fast-access keys and logging settings of #+TODO keywords"), "\(refused)")
        #expect(try outline.run(["ls"]).stdout.isEmpty)
        let result = try outline.run(["import", "--format", "org", "-"], input: document)
        #expect(result.status == 0)
        #expect(result.stderr.contains("; dropped 4 fast-access keys and logging settings of #+TODO keywords;"))
    }

    @Test func theFileWrittenAgainIsReadByOrgModeAsTheOriginal() throws {
        try outline.run(["import", Self.path], environment: Self.zone)
        let exported = try outline.run(["export", "--format", "org"], environment: Self.zone)
        #expect(exported.status == 0)
        let original = try OrgElementDump.read(try String(contentsOfFile: Self.path, encoding: .utf8))
        let again = try OrgElementDump.read(exported.stdout)
        #expect(again["keywords"] as? [String] == original["keywords"] as? [String])
        var headlines = try #require(again["headlines"] as? [[String: Any]])
        let originals = try #require(original["headlines"] as? [[String: Any]])
        try #require(headlines.count == originals.count)
        // Old idea: the original has no CLOSED line, the outline's copy the import's time.
        #expect(headlines[5]["title"] as? String == "Old idea" && headlines[5]["closed"] is [String: Any])
        headlines[5]["closed"] = originals[5]["closed"]
        for (mine, theirs) in zip(headlines, originals) {
            #expect(NSDictionary(dictionary: mine) == NSDictionary(dictionary: theirs), "\(mine)\n\(theirs)")
        }
        // And the round trip from there on gives the same bytes.
        let copy = OutlineProcess()
        try copy.run(["import", "--format", "org", "-"], input: exported.stdout, environment: Self.zone)
        #expect(try copy.run(["export", "--format", "org"], environment: Self.zone).stdout == exported.stdout)
    }
}
