import Foundation
import Testing

/// An item whose parent an outside edit removed is named as cut off, not as a missing id.
@Suite("Items cut off from the root")
struct CutOffItemTests {
    let outline = OutlineProcess()

    @Test func anItemCutOffFromTheRootIsNamedAsSuch() throws {
        try outline.run(["add", "A"])
        try outline.run(["add", "a1", "--under", "1"])
        try outline.sqlite("UPDATE item SET parent_id = 999 WHERE id = 1")
        // Not "no item with id 999": the user never named 999.
        for arguments in [["show", "2"], ["find", "a1", "--under", "1"], ["add", "x", "--under", "2"]] {
            let result = try outline.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr == "error: item 1 is cut off from the root: its parent 999 is missing "
                    + "(the file was edited outside outline); run 'outline check'\n", "\(arguments)")
        }
        // A search of the whole outline leaves the cut-off items out, as ls does.
        #expect(try outline.run(["find", "a1"]).stdout == "")
    }
}
