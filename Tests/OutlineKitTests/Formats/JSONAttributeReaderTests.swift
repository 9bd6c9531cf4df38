import Foundation
import OutlineKit
import Testing

/// The attributes of `ls --json` read back (SPEC, "Formats": json carries everything), and a
/// value the outline would refuse refused at its line and column, as the rest of the document's
/// errors are.
@Suite("JSON documents: every attribute read, bad values refused where they are")
struct JSONAttributeReaderTests {
    @Test func everyAttributeOfAnLsJSONObjectIsRead() throws {
        let listing = """
            [{"id":1,"title":"Pay rent","position":1,"done":true,"note":null,
              "done_at":"2026-11-27T09:10:51Z","last_done":"2026-10-01T08:00:00.5Z","state":"PAID",
              "tags":["home","Bills","@phone"],"scheduled":{"date":"2026-12-03","time":"14:30","repeat":".+1w"},
              "due":{"date":"2026-12-01","time":null,"repeat":null},"priority":"B",
              "properties":{"who":"me","Account-2":"12 34"},"children":[]}]
            """
        let item = try #require(try JSONDocuments.read(listing).first)
        #expect(item.isDone)
        #expect(item.doneAt == Date(timeIntervalSince1970: 1_795_770_651))
        #expect(
            item.attributes
                == ItemAttributes(
                    state: "PAID", lastDone: Date(timeIntervalSince1970: 1_790_841_600.5),
                    tags: ["home", "Bills", "@phone"],
                    scheduled: TaskDate(
                        day: CalendarDay(year: 2026, month: 12, day: 3)!, minuteOfDay: 14 * 60 + 30,
                        repeater: Repeater(".+1w")),
                    due: TaskDate(day: CalendarDay(year: 2026, month: 12, day: 1)!), priority: .b,
                    properties: [ItemProperty(key: "who", value: "me"), ItemProperty(key: "Account-2", value: "12 34")])
        )
    }

    /// null, empty arrays and objects are what `ls --json` writes for an item without them.
    @Test func nullsAndEmptiesAreNoAttributes() throws {
        let listing = """
            [{"title":"a","done_at":null,"last_done":null,"state":null,"tags":[],"scheduled":null,"due":null,
              "priority":null,"properties":{}}]
            """
        #expect(try JSONDocuments.read(listing) == [ImportedItem(title: "a")])
    }

    @Test(arguments: [
        (
            #"[{"title": "a", "state": "todo"}]"#,
            #"line 1, column 26: "todo" is not a keyword: upper-case letters, digits, _ and -, starting with a letter"#
        ),
        (
            #"[{"title": "a", "state": "NONE"}]"#,
            #"line 1, column 26: "NONE" is not a keyword: upper-case letters, digits, _ and -, starting with a letter"#
        ),
        (
            #"[{"title": "a", "state": true}]"#,
            #"line 1, column 26: "state" of item 1 is true; it must be a keyword or null"#
        ),
        (
            #"[{"title": "a", "tags": ["ok", "two words"]}]"#,
            #"line 1, column 32: "two words" is not a tag: a tag is one word of letters, digits, _ and @"#
        ),
        (#"[{"title": "a", "tags": ["ok", "OK"]}]"#, #"line 1, column 32: the tag "OK" is given twice"#),
        (
            #"[{"title": "a", "tags": "ok"}]"#,
            #"line 1, column 25: "tags" of item 1 is a string; it must be an array of tags"#
        ),
        (
            #"[{"title": "a", "due": {"date": "2026-02-30"}}]"#,
            #"line 1, column 33: "2026-02-30" is not a day that exists, as YYYY-MM-DD"#
        ),
        (
            #"[{"title": "a", "due": {"date": "2026-02-03", "time": "24:00"}}]"#,
            #"line 1, column 55: "24:00" is not a time of day, as HH:MM"#
        ),
        (
            #"[{"title": "a", "scheduled": {"date": "2026-02-03", "repeat": "+0d"}}]"#,
            #"line 1, column 63: "+0d" is not a repeater: +Nu, ++Nu or .+Nu, u one of d w m y"#
        ),
        (#"[{"title": "a", "due": {"time": "10:00"}}]"#, #"line 1, column 24: "due" has no "date""#),
        (
            #"[{"title": "a", "due": "2026-02-03"}]"#,
            #"line 1, column 24: "due" of item 1 is a string; it must be an object {"date", "time", "repeat"} or null"#
        ),
        (#"[{"title": "a", "priority": "H"}]"#, #"line 1, column 29: "H" is not a priority: expected A, B or C"#),
        (
            #"[{"title": "a", "properties": {"due": "x"}}]"#,
            #"line 1, column 32: cannot use the property "due": due is reserved; use --due instead"#
        ),
        (
            #"[{"title": "a", "properties": {"a b": "x"}}]"#,
            #"line 1, column 32: cannot use the property "a b": a key is one word of letters, digits, _ and -"#
        ),
        (
            #"[{"title": "a", "properties": {"k": "x", "K": "y"}}]"#,
            #"line 1, column 42: the property "K" is given twice"#
        ),
        (
            #"[{"title": "a", "properties": {"k": "two\nlines"}}]"#,
            #"line 1, column 37: the value of "k" must be one line of text, not empty"#
        ),
        (
            #"[{"title": "a", "done_at": "2026-11-27 09:10:51"}]"#,
            #"line 1, column 28: "2026-11-27 09:10:51" is not a moment in UTC, as YYYY-MM-DDTHH:MM:SSZ"#
        ),
        (
            #"[{"title": "a", "last_done": "2026-02-30T09:10:51Z"}]"#,
            #"line 1, column 30: "2026-02-30T09:10:51Z" is not a moment in UTC, as YYYY-MM-DDTHH:MM:SSZ"#
        ),
        (
            #"[{"title": "a", "state": "TODO", "state": "DONE"}]"#,
            #"line 1, column 34: item 1 has the key "state" twice; a key may appear once in an object"#
        ),
        (#"[{"title": "a", "tags": ["a",]}]"#, "line 1, column 30: the file is not JSON: a value should be here"),
    ])
    func aBadValueIsRefusedWhereItIs(document: String, message: String) {
        #expect(JSONDocuments.refusal(document) == message)
    }

    /// The document is all or nothing: a bad value in the last item refuses the whole of it.
    @Test func aBadValueLateInTheDocumentRefusesAllOfIt() {
        let items = (1...50).map { #"{"title": "item \#($0)", "tags": ["t\#($0)"]}"# }
        let document = "[" + items.joined(separator: ",\n") + ",\n" + #"{"title": "last", "priority": "D"}]"#
        #expect(JSONDocuments.refusal(document) == #"line 51, column 31: "D" is not a priority: expected A, B or C"#)
    }
}
