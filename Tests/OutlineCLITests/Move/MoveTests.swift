import Foundation
import Testing

/// `mv` on lists that outline did not write itself.
@Suite("mv, end to end")
struct MoveTests {
    let outline = OutlineProcess()

    @Test func movesWorkOnAListWithAGapLeftByAnOutsideEdit() throws {
        try outline.run(["add", "A", "B", "C"])
        try outline.sqlite("DELETE FROM item WHERE id = 2")
        #expect(try outline.run(["mv", "1", "--after", "3"]).status == 0)
        #expect(try outline.tsv() == ["3\t0\t1\t1\tC\t0", "1\t0\t2\t1\tA\t0"])
        #expect(try outline.run(["check"]).status == 0)
    }
}
