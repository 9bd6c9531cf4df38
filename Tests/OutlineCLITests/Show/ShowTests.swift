import Foundation
import Testing

/// `show REF`, as SPEC words it, and an item that an outside edit put below a cycle.
@Suite("show, end to end")
struct ShowTests {
    let outline = OutlineProcess()

    @Test func showSaysEverythingAboutOneItem() throws {
        try outline.makeMilkTitles()
        let human = try outline.run(["show", "Groceries/Oat milk"])
        #expect(
            human.stdout == """
                id:          3
                title:       Oat milk
                path:        /Groceries/Oat milk
                parent:      1  /Groceries
                position:    2 of 3
                depth:       2
                state:       open
                children:    0
                descendants: 0
                note:        none

                """)
        let top = try outline.run(["show", "groceries", "--json"])
        #expect(
            top.stdout
                == #"{"id":1,"uid":null,"title":"Groceries","path":"/Groceries","parent":0,"position":1,"depth":1,"#
                + #""done":false,"done_at":null,"# + OutlineProcess.noAttributesJSON
                + #","note":null,"children":3,"descendants":3}"# + "\n")
        #expect(try outline.run(["show", "1"]).stdout.contains("parent:      0 (the root)\n"))
        let refused = try outline.run(["show", "root"])
        #expect(refused.status == 1 && refused.stderr.hasPrefix("error: the root (0) cannot be shown as an item"))
    }

    @Test func showRefusesAnItemBelowACycle() throws {
        try outline.run(["add", "A"])
        try outline.run(["add", "A1", "--under", "1"])
        try outline.run(["add", "A1a", "--under", "2"])
        try outline.sqlite("UPDATE item SET parent_id = 3 WHERE id = 1")
        for id in ["1", "3"] {
            let result = try outline.run(["show", id, "--json"])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(
                result.stderr.hasSuffix(
                    "is its own ancestor (the file was edited outside outline); run 'outline check'\n"))
        }
    }
}
