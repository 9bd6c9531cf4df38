import Foundation
import Testing

extension ReferenceTests {
    /// Only digits make an id (Int64's own parser would take "+1"): anything else is a title.
    @Test func aSignedNumberIsATitleNotAnID() throws {
        try outline.run(["add", "Milk"])
        let plus = try outline.run(["ls", "+1"])
        #expect(plus.status == 1)
        #expect(plus.stderr == "error: no item titled \"+1\"\n")
        try outline.run(["add", "--", "+1"])
        #expect(try outline.run(["show", "+1", "--json"]).stdout.contains(#""id":2,"uid":null,"title":"+1""#))
    }
}
