import Foundation
import Testing

/// Markdown, org and text saved in UTF-16 or UTF-32, as Windows editors and PowerShell's
/// redirections write them, import as their UTF-8 versions do, by name and from standard input;
/// before, they were refused for "a NUL byte", and JSON from standard input was taken for OPML.
/// The files are made by iconv, as another tool would write them.
@Suite("import of documents in UTF-16 and UTF-32")
struct UnicodeImportTests {
    let outline = OutlineProcess()

    /// Each format's document, with characters outside ASCII and outside the Basic Multilingual
    /// Plane (a surrogate pair in UTF-16), and its file extension.
    static let documents: [String: (extension: String, text: String)] = [
        "markdown": ("md", "- Zoë\n  - [x] 中文 🎉\n\n    a note\n- Last\n"),
        "org": ("org", "* Zoë\n** DONE 中文 🎉\na note\n* Last\n"),
        "text": ("txt", "Zoë\n  中文 🎉\nLast\n"),
        "json": (
            "json",
            #"[{"title": "Zoë", "children": [{"title": "中文 🎉", "done": true, "note": "a note"}]}, {"title": "Last"}]"#
        ),
    ]

    /// The file iconv writes from `text` in `encoding`.
    private func convert(_ text: String, to encoding: String, into path: String) throws {
        let converted = try OutlineProcess.run(
            ["sh", "-c", "iconv -f UTF-8 -t \(encoding) > '\(path)'"], input: Data(text.utf8), viaShell: true)
        #expect(converted.status == 0, "\(converted)")
    }

    @Test(arguments: ["markdown", "org", "text", "json"])
    func aDocumentInUTF16OrUTF32ImportsAsInUTF8(format: String) throws {
        let (fileExtension, text) = try #require(Self.documents[format])
        let reference = OutlineProcess()
        #expect(try reference.run(["import", "--format", format, "-"], input: text).status == 0)
        let encodings = ["UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "UTF-32LE", "UTF-32BE"]
        for encoding in encodings {
            let path = outline.directory + "/list-\(encoding).\(fileExtension)"
            try convert(text, to: encoding, into: path)
            let byName = try outline.run(["import", path])
            #expect(byName.status == 0, "\(encoding): \(byName)")
            // From standard input, the format is told from the decoded text.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let piped = try OutlineProcess.run(["--db", outline.database, "import"], input: bytes)
            #expect(piped.status == 0, "\(encoding), piped: \(piped)")
        }
        // Titles, states, notes and nesting as from UTF-8, twice an encoding (JSON's export
        // holds ids, which differ).
        let exported = format == "json" ? "markdown" : format
        let once = try reference.run(["export", "--format", exported]).stdout
        #expect(try outline.run(["export", "--format", exported]).stdout == String(repeating: once, count: 12))
    }

    /// UTF-16 that breaks (half a surrogate pair) is refused at its line, and nothing is added.
    @Test func brokenUTF16IsRefusedAtItsLine() throws {
        let path = outline.directory + "/broken.md"
        // "- a\n- " then a lone high surrogate, in UTF-16LE after its byte order mark.
        let bytes: [UInt8] = [0xFF, 0xFE, 0x2D, 0, 0x20, 0, 0x61, 0, 0x0A, 0, 0x2D, 0, 0x20, 0, 0x00, 0xD8, 0x0A, 0]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try outline.run(["import", path])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(path) line 2: the line is not valid UTF-16\n")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
    }
}
