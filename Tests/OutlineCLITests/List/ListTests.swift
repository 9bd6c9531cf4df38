import Foundation
import Testing

/// `ls`: one item's subtree, depth limits and what they hide, sections, and a walk that meets a
/// cycle.
@Suite("ls, end to end")
struct ListTests {
    let outline = OutlineProcess()

    @Test func lsOfOneItemWithDepthAndJSON() throws {
        try outline.run(["add", "a", "b"])
        try outline.run(["add", "a1", "a2", "--under", "1"])
        try outline.run(["add", "deep", "--under", "3"])
        #expect(
            try outline.run(["ls", "1", "--tsv"]).lines == [
                "3\t1\t1\t1\ta1\t0", "5\t3\t1\t2\tdeep\t0", "4\t1\t2\t1\ta2\t0",
            ])
        #expect(try outline.run(["ls", "--depth", "1", "--tsv"]).lines == ["1\t0\t1\t1\ta\t0", "2\t0\t2\t1\tb\t0"])
        let json = try outline.run(["ls", "1", "--json"]).stdout
        #expect(
            json == """
                [{"id":3,"title":"a1","position":1,"done":false,"note":null,\(OutlineProcess.openListingJSON),\
                "children":[{"id":5,"title":"deep",\
                "position":1,"done":false,"note":null,\(OutlineProcess.openListingJSON),"children":[]}]},\
                {"id":4,"title":"a2","position":2,"done":false,"note":null,\(OutlineProcess.openListingJSON),"children":[]}]

                """)
        let parsed = try JSONSerialization.jsonObject(with: Data(try outline.run(["ls", "--json"]).stdout.utf8))
        #expect((parsed as? [[String: Any]])?.count == 2)
        #expect(try outline.run(["ls", "root", "--tsv"]).lines.count == 5)
    }

    /// A depth limit never reads as "no children": the tree counts what it hides, the JSON
    /// gives null and the count.
    @Test func depthSaysHowManyItHides() throws {
        try outline.run(["add", "Groceries", "Work"])
        try outline.run(["add", "Milk", "Eggs", "--under", "1"])
        try outline.run(["add", "Oat milk", "--under", "3"])
        #expect(try outline.run(["ls", "--depth", "1"]).stdout == "1  Groceries (+3)\n2  Work\n")
        #expect(
            try outline.run(["ls", "--depth", "2"]).stdout == "1  Groceries\n3  ├─ Milk (+1)\n4  └─ Eggs\n2  Work\n")
        #expect(
            try outline.run(["ls", "--depth", "1", "--json"]).stdout
                == #"[{"id":1,"title":"Groceries","position":1,"done":false,"note":null,"#
                + OutlineProcess.openListingJSON
                + #","children":null,"hidden":3},"#
                + #"{"id":2,"title":"Work","position":2,"done":false,"note":null,"# + OutlineProcess.openListingJSON
                + #","children":[]}]"# + "\n")
        let json = try outline.run(["ls", "1", "--depth", "1", "--json"]).stdout
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["children"] is NSNull)
        #expect(parsed?.first?["hidden"] as? Int == 1)
        #expect(parsed?.last?["children"] as? [Any] != nil)
        #expect(parsed?.last?["hidden"] == nil)
    }

    @Test func sectionsFileNamesAsAnEnglishContactsListDoes() throws {
        try outline.run(["add", "Contacts"])
        try outline.run(["add", "Яна", "Юлия", "Харитон", "Жанна", "さくら", "张伟", "אברהם", "Kate", "--under", "1"])
        let sections = try outline.run(["ls", "1", "--sections", "initial", "--tsv"]).lines.map {
            $0.split(separator: "\t").map(String.init)
        }
        #expect(
            sections.map { $0[0] + " " + $0[5] } == [
                "A אברהם", "K Kate", "K Харитон", "S さくら", "Y Яна", "Y Юлия", "Z 张伟", "Z Жанна",
            ])
    }

    @Test func aCycleStopsTheWalkWithAnError() throws {
        try outline.run(["add", "A"])
        try outline.run(["add", "A1", "--under", "1"])
        try outline.run(["add", "A1a", "--under", "2"])
        try outline.sqlite("UPDATE item SET parent_id = 3, position = 1 WHERE id = 1")
        let result = try outline.run(["ls", "2"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: item 2 is its own ancestor (the file was edited outside outline); run 'outline check'\n")
    }
}
