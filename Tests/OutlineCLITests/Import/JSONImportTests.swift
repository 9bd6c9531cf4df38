import Foundation
import Testing

/// `import` of JSON, end to end: a document with a value of the wrong type or a repeated key is
/// refused whole, naming the file and the place, and a big document takes about the memory that
/// the same items in Markdown take (SPEC, "Formats" and "Exit status and errors").
@Suite("import of JSON, end to end")
struct JSONImportTests {
    let outline = OutlineProcess()

    /// Each used to import as a plain item, with what was wrong dropped or the last key winning.
    @Test(arguments: [
        (
            "[{\"title\": \"fine\"},\n {\"title\": \"a\", \"children\": \"nope\"}]",
            #"line 2, column 29: "children" of item 2 is a string; it must be an array of items"#
        ),
        (
            "[{\"title\": \"fine\"},\n {\"title\": \"a\", \"done\": \"yes\"}]",
            #"line 2, column 25: "done" of item 2 is a string; it must be true or false"#
        ),
        (
            "[{\"title\": \"fine\"},\n {\"title\": \"a\", \"note\": 5}]",
            #"line 2, column 25: "note" of item 2 is a number; it must be text or null"#
        ),
        (
            "[{\"title\": \"fine\"},\n {\"title\": \"a\",\n  \"title\": \"b\"}]",
            #"line 3, column 3: item 2 has the key "title" twice; a key may appear once in an object"#
        ),
    ])
    func aWronglyTypedDocumentIsRefusedWholeAndNamed(document: String, message: String) throws {
        try outline.run(["add", "Keep"])
        let before = try outline.sqlite(".dump")
        let path = outline.directory + "/items.json"
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let result = try outline.run(["import", path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "error: \(path) \(message)\n")
        #expect(try outline.sqlite(".dump") == before)
    }

    /// A million `{"title": "w"}` items took 3 GB (215 times the file) through Foundation's object
    /// graphs, and a bigger file died without a word under a memory limit. Here a tenth of that,
    /// against the same items in Markdown.
    @Test func aJSONImportTakesAboutTheMemoryOfTheSameItemsInMarkdown() throws {
        let count = 100_000
        let json = outline.directory + "/items.json"
        let markdown = outline.directory + "/items.md"
        try Data(("[" + Array(repeating: #"{"title":"w"}"#, count: count).joined(separator: ",") + "]").utf8).write(
            to: URL(fileURLWithPath: json))
        try Data(String(repeating: "- w\n", count: count).utf8).write(to: URL(fileURLWithPath: markdown))
        try outline.createDatabase()
        let fromMarkdown = try PeakMemory.run(["--db", outline.database, "import", markdown])
        let fromJSON = try PeakMemory.run(["--db", outline.database, "import", json])
        #expect(fromMarkdown.status == 0 && fromJSON.status == 0 && fromMarkdown.peakKiB > 0)
        #expect(try outline.run(["ls", "--tsv"]).lines.count == 2 * count)
        #expect(
            fromJSON.peakKiB <= fromMarkdown.peakKiB * 5 / 4,
            "JSON \(fromJSON.peakKiB) KiB, Markdown \(fromMarkdown.peakKiB) KiB")
    }
}
