import Foundation
import Testing

@testable import OutlineCommands

@Suite("The JSON writer")
struct JSONWriterTests {
    @Test func placesCommasAndClosesWhatItOpens() throws {
        var json = JSONWriter()
        json.openArray()
        json.openObject()
        json.field("id", 1 as Int64)
        json.field("title", "a \"quoted\"\ttitle\u{202E}")
        json.key("children")
        json.openArray()
        json.closeArray()
        json.field("note", nil as String?)
        json.closeObject()
        json.value(true)
        json.value([1, 2] as [Int64]?)
        json.closeArray()
        #expect(json.isComplete)
        #expect(
            json.text == #"[{"id":1,"title":"a \"quoted\"\ttitle\u202e","children":[],"note":null},true,[1,2]]"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [Any]
        #expect((parsed?.first as? [String: Any])?["title"] as? String == "a \"quoted\"\ttitle\u{202E}")
    }

    @Test func streamsWhatItHasWritten() {
        var json = JSONWriter()
        json.openArray()
        json.value(1 as Int?)
        let first = json.takeBytes()
        json.value(2 as Int?)
        json.closeArray()
        #expect(String(decoding: first + json.takeBytes(), as: UTF8.self) == "[1,2]")
        #expect(json.isComplete)
    }
}
