import Foundation
import OutlineKit
import Testing

/// The JSON reader on its own: what `ls --json` and `export --format json` write reads back, and
/// a value of the wrong type, a repeated key or broken JSON is refused at its line and column
/// instead of being read as something else (SPEC, "Formats": json).
@Suite("JSON documents: read as written, refused where wrong")
struct JSONDocumentReaderTests {
    /// Everything `ls --json` writes: ids and positions (ignored), a null note, a list that
    /// `--depth` cut (null, with `hidden`), and keys this reader does not know, which a newer
    /// outline may write.
    @Test func whatLsJSONWritesIsRead() throws {
        let listing = """
            [{"id": 7, "title": "Groceries", "position": 1, "done": false, "note": null, "children": [
                {"id":8,"title":"Milk \\u00e9\\ud83c\\udf89 \\"2%\\"","position":1,"done":true,"note":"line\\nline\\ttab",
                 "children":[]},
                {"id":9,"title":"Eggs","position":2,"done":false,"note":null,"children":null,"hidden":3}]},
             {"title": "Work", "state": "NEXT", "extra": ["a", {"b": [1, 2.5e-3, -0, true, null]}], "children": []}
            ]\r\n
            """
        #expect(
            try JSONDocuments.read(listing) == [
                ImportedItem(
                    title: "Groceries",
                    children: [
                        ImportedItem(title: "Milk é🎉 \"2%\"", isDone: true, note: "line\nline\ttab"),
                        ImportedItem(title: "Eggs"),
                    ]),
                ImportedItem(title: "Work", attributes: ItemAttributes(state: "NEXT")),
            ])
        // A byte order mark before UTF-8, and `done` given as null (no state), are read as before.
        #expect(
            try JSONDocumentReader.read([0xEF, 0xBB, 0xBF] + Array("[{\"title\":\"a\",\"done\":null}]".utf8)) == [
                ImportedItem(title: "a")
            ])
        #expect(try JSONDocuments.read("[]") == [])
    }

    /// Each value of the wrong type used to be read as if it were missing: the item imported as a
    /// plain one, its children or note silently gone.
    @Test(arguments: [
        (
            #"[{"title": "a", "children": "nope"}]"#,
            #"line 1, column 29: "children" of item 1 is a string; it must be an array of items"#
        ),
        (
            #"[{"title": "a", "done": "yes"}]"#,
            #"line 1, column 25: "done" of item 1 is a string; it must be true or false"#
        ),
        (
            #"[{"title": "a", "done": 1}]"#,
            #"line 1, column 25: "done" of item 1 is a number; it must be true or false"#
        ),
        (#"[{"title": "a", "note": 5}]"#, #"line 1, column 25: "note" of item 1 is a number; it must be text or null"#),
        (
            "[{\"title\": \"a\",\n  \"children\": [{\"title\": \"b\"}, {\"title\": \"c\", \"note\": [\"x\"]}]}]",
            #"line 2, column 55: "note" of item 3 is an array; it must be text or null"#
        ),
        (#"[{"title": 5}]"#, #"line 1, column 12: "title" of item 1 is a number; it must be text"#),
        (#"[{"title": null}]"#, #"line 1, column 12: "title" of item 1 is null; it must be text"#),
        (#"[{"note": "n"}]"#, #"line 1, column 2: item 1 has no "title" text"#),
        (#"[{"title": "a"}, "b"]"#, #"line 1, column 18: item 2 is a string; it must be an object with a "title""#),
        (#"{"title": "a"}"#, #"line 1, column 1: the JSON is not an array of items, as 'ls --json' writes"#),
    ])
    func aValueOfTheWrongTypeIsRefusedWhereItIs(document: String, message: String) {
        #expect(JSONDocuments.refusal(document) == message)
    }

    /// A key given twice is ambiguous (readers disagree on which one wins): refused at the second.
    @Test func aRepeatedKeyIsRefused() {
        #expect(
            JSONDocuments.refusal(#"[{"title": "a", "title": "b"}]"#)
                == #"line 1, column 17: item 1 has the key "title" twice; a key may appear once in an object"#)
        #expect(
            JSONDocuments.refusal(#"[{"title": "a", "done": false, "children": [], "done": true}]"#)
                == #"line 1, column 48: item 1 has the key "done" twice; a key may appear once in an object"#)
        #expect(
            JSONDocuments.refusal(#"[{"title": "a", "x": 1, "x": 2}]"#)
                == #"line 1, column 25: item 1 has the key "x" twice; a key may appear once in an object"#)
        // Escapes do not hide a repeat: "\u0074itle" is "title".
        #expect(
            JSONDocuments.refusal(#"[{"title": "a", "\u0074itle": "b"}]"#)
                == #"line 1, column 17: item 1 has the key "title" twice; a key may appear once in an object"#)
    }

    /// Broken JSON is named at the place where it breaks.
    @Test(arguments: [
        ("", "line 1: the file is not JSON: it holds nothing"),
        ("[", "line 1, column 2: the file is not JSON: it ends where an item or \"]\" should be"),
        (#"[{"title": "a"},]"#, "line 1, column 17: the file is not JSON: an item should follow \",\""),
        (
            #"[{"title": "a"} {"title": "b"}]"#,
            "line 1, column 17: the file is not JSON: \",\" or \"]\" should follow an item"
        ),
        (#"[{"title": "a",}]"#, "line 1, column 16: the file is not JSON: a key in double quotes should be here"),
        (#"[{"title" "a"}]"#, "line 1, column 11: the file is not JSON: \":\" should follow a key"),
        (#"[{"title": "a"}] x"#, "line 1, column 18: the file is not JSON: something follows the array of items"),
        (
            "[{\"title\": \"a\tb\"}]",
            "line 1, column 14: the file is not JSON: a control character in a string must be escaped"
        ),
        (#"[{"title": "\ud800"}]"#, "line 1, column 13: the file is not JSON: \\ud800 is half of a surrogate pair"),
        (#"[{"title": "\q"}]"#, "line 1, column 13: the file is not JSON: \\q is not an escape"),
        (#"[{"title": "a", "id": 01}]"#, "line 1, column 23: the file is not JSON: a number has a leading zero"),
        (#"[{"title": "a", "id": tru}]"#, "line 1, column 23: the file is not JSON: a value should be here"),
        (#"[{"title": "a", "x": [1, {"y": }]}]"#, "line 1, column 32: the file is not JSON: a value should be here"),
        (#"[{"title": "a", "x": [1 2]}]"#, "line 1, column 25: the file is not JSON: \",\" or \"]\" should be here"),
    ])
    func brokenJSONIsRefusedWhereItBreaks(document: String, message: String) {
        #expect(JSONDocuments.refusal(document) == message)
    }

    /// Bytes that are not UTF-8 inside a string are refused at the byte.
    @Test func bytesThatAreNotUTF8AreRefusedAtTheByte() {
        let bytes = Array("[{\"title\": \"ab".utf8) + [0xC3, 0x28] + Array("\"}]".utf8)
        #expect(throws: DocumentError(line: 1, column: 15, "the file is not JSON: its bytes are not UTF-8")) {
            try JSONDocumentReader.read(bytes)
        }
    }

    /// Items nest as deep as the outline holds them, so that every export of an outline reads
    /// back; one level more is refused (Foundation's reader stopped at 255 items).
    @Test func itemsNestAsDeepAsTheOutlineHoldsThem() throws {
        #expect(JSONDocumentReader.maximumDepth == OutlineStore.maximumDepth)
        func chain(_ depth: Int) -> String {
            String(repeating: "[{\"title\":\"x\",\"children\":", count: depth) + "[]"
                + String(repeating: "}]", count: depth)
        }
        var items = try JSONDocuments.read(chain(OutlineStore.maximumDepth))
        var depth = 0
        while let first = items.first {
            depth += 1
            items = first.children
        }
        #expect(depth == OutlineStore.maximumDepth)
        #expect(
            JSONDocuments.refusal(chain(OutlineStore.maximumDepth + 1))
                == "line 1, column \(25 * OutlineStore.maximumDepth + 2): items nest more than \(OutlineStore.maximumDepth) levels deep"
        )
    }

    /// JSON in UTF-16 and UTF-32, with or without a byte order mark, as Foundation's reader took it.
    @Test(arguments: [
        String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian, .utf32, .utf32LittleEndian, .utf32BigEndian,
    ])
    func jsonInUTF16AndUTF32IsRead(encoding: String.Encoding) throws {
        let text = "[{\"title\": \"Zoë 🎉\", \"note\": \"n\"}]"
        let bytes = try #require(text.data(using: encoding))
        #expect(try JSONDocumentReader.read(Array(bytes)) == [ImportedItem(title: "Zoë 🎉", note: "n")])
    }
}
