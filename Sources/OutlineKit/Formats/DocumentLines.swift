/// A document's lines, as the line-based readers take them: UTF-16 and UTF-32 read as UTF-8 is
/// (`UnicodeDocument`), UTF-8 checked, a byte order mark dropped, `\r\n` read as a line end, and
/// each line numbered from 1.
struct DocumentLines: Sequence {
    let lines: [Substring]

    /// - Throws: `DocumentError` for bytes that are not UTF-8 (or broken UTF-16 or UTF-32) or a
    ///   NUL byte, naming the line.
    init(_ document: [UInt8]) throws {
        let bytes = try UnicodeDocument.utf8(document)
        var start = 0
        var lines: [Substring] = []
        var lineNumber = 1
        while start <= bytes.count {
            var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            let slice = bytes[start..<end]
            if slice.contains(0) { throw DocumentError(line: lineNumber, "the file holds a NUL byte") }
            guard let line = String(validating: slice, as: UTF8.self) else {
                throw DocumentError(line: lineNumber, "the line is not valid UTF-8")
            }
            lines.append(Substring(line))
            lineNumber += 1
            start = next
            if next > bytes.count { break }
        }
        // A final line end does not start a line.
        if lines.last == "" && bytes.last == 0x0A { lines.removeLast() }
        self.lines = lines
    }

    func makeIterator() -> some IteratorProtocol<(number: Int, text: Substring)> {
        lines.enumerated().lazy.map { (number: $0.offset + 1, text: $0.element) }.makeIterator()
    }
}

/// The readers of line-based formats look at scalars, not characters, wherever they look for
/// syntax: a space, `#`, `-` or `[` that a combining mark (or a joiner, or a variation
/// selector) follows is one `Character` with it, and a title that begins with such a mark lost
/// its bullet, its state or its indent on the way back in.
extension Substring {
    /// The line's indent (spaces and tabs at its start) and the rest.
    var splitIndent: (indent: Substring, rest: Substring) {
        let rest = droppingSpacesAndTabs
        return (self[startIndex..<rest.startIndex], rest)
    }

    /// Whether the line holds nothing but white space.
    var isBlank: Bool { unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }

    /// The text after the spaces and tabs at its start.
    var droppingSpacesAndTabs: Substring { Substring(unicodeScalars.drop { $0 == " " || $0 == "\t" }) }

    /// Whether the text starts with `prefix`, which is ASCII, scalar for scalar.
    func startsWith(ascii prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }

    /// The text after its first `count` scalars, which are ASCII.
    func droppingASCII(_ count: Int) -> Substring { Substring(unicodeScalars.dropFirst(count)) }

    /// The first scalar, if any.
    var firstScalar: Unicode.Scalar? { unicodeScalars.first }
}

/// Turns indents into depths for documents nested by indentation alone: a line indented further
/// than an open line (its indent starts with that line's) is nested under it, one indented as an
/// open line is its sibling. Any consistent indent works, spaces or tabs; the first line's
/// indent is the top level's, whatever it is.
struct IndentLevels {
    /// The indents of the open levels, the top level's first.
    private var indents: [Substring] = []

    /// The depth (1 for the top level) of a line indented by `indent`.
    mutating func depth(of indent: Substring) -> Int {
        while let last = indents.last {
            if indent == last { return indents.count }
            if indent.hasPrefix(last) {
                indents.append(indent)
                return indents.count
            }
            indents.removeLast()
        }
        indents.append(indent)
        return 1
    }
}

/// The `text` format: one title a line, nested by indent.
public enum TextReader {
    /// The items of a text document.
    ///
    /// - Throws: `DocumentError` naming the line.
    public static func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        var levels = IndentLevels()
        var nester = ItemNester()
        for (number, line) in try DocumentLines(bytes) where !line.isBlank {
            let (indent, title) = line.splitIndent
            // Checked here, not left to the store, so that a refusal names the line.
            let item = try MarkdownReader.checked(ImportedItem(title: String(title)), line: number)
            try nester.add(item, depth: levels.depth(of: indent), line: number)
        }
        return try nester.finish()
    }
}
