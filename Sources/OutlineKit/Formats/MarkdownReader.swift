/// The `markdown` format, as people write it and other outliners export it: `-`, `*`, `+` and
/// numbered bullets, nested by indent (spaces or tabs); headings (`#` to `######`) as parents of
/// what follows; task markers, keywords, Logseq's markers and `[#A]` priorities
/// (`MarkdownItemLine`); the attribute lines right under an item (`MarkdownAttributeLines`);
/// other lines under an item as its note, exactly (`MarkdownNoteLayout`); blank lines and
/// thematic breaks between items ignored. Backslash escapes of ASCII punctuation in titles are
/// undone, so `MarkdownWriter`'s output reads back exactly. What it cannot carry (page
/// properties, front matter) it counts in the document's report.
public enum MarkdownReader {
    /// The items of a Markdown document, read into an outline with the default workflow.
    ///
    /// - Throws: `DocumentError` naming the line.
    public static func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        try read(bytes, context: DocumentReadingContext()).items
    }

    /// The items, declared workflow and report of a Markdown document, read into an outline
    /// whose workflow is `context.workflow`.
    ///
    /// - Throws: `DocumentError` naming the line.
    public static func read(_ bytes: [UInt8], context: DocumentReadingContext) throws -> ImportedDocument {
        var reading = MarkdownDocumentReading(outline: context.workflow)
        for (number, line) in try DocumentLines(bytes) { try reading.take(line, number: number) }
        return try reading.finish()
    }

    /// The text after a bullet (`- `, `* `, `+ `, `1. `, `1) `), or nil for a line that is none.
    static func bulletContent(_ line: Substring) -> Substring? {
        let scalars = line.unicodeScalars
        guard let first = scalars.first else { return nil }
        var marker = scalars.startIndex
        if first == "-" || first == "*" || first == "+" {
            marker = scalars.index(after: marker)
        } else {
            let digits = scalars.prefix { ("0"..."9").contains($0) }
            guard (1...9).contains(digits.count), digits.endIndex < scalars.endIndex,
                scalars[digits.endIndex] == "." || scalars[digits.endIndex] == ")"
            else { return nil }
            marker = scalars.index(after: digits.endIndex)
        }
        if marker == scalars.endIndex { return line[marker...] }
        guard scalars[marker] == " " || scalars[marker] == "\t" else { return nil }
        return line[marker...].droppingSpacesAndTabs
    }

    /// An ATX heading's level and text, without a closing sequence of `#`.
    static func heading(_ line: Substring) -> (Int, Substring)? {
        let hashes = line.unicodeScalars.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count) else { return nil }
        let rest = line[hashes.endIndex...]
        guard rest.isEmpty || rest.firstScalar == " " || rest.firstScalar == "\t" else { return nil }
        var text = rest.droppingSpacesAndTabs
        // A closing sequence: white space, then only #s, unless escaped.
        let trimmed = text.reversed().drop { $0 == " " || $0 == "\t" }
        let closing = trimmed.prefix { $0 == "#" }
        if !closing.isEmpty {
            let beforeClosing = trimmed.dropFirst(closing.count)
            if beforeClosing.isEmpty || beforeClosing.first == " " || beforeClosing.first == "\t" {
                text = text.prefix(beforeClosing.count)
                text = Substring(text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            }
        }
        return (hashes.count, text)
    }

    /// `***`, `- - -`, `___`: a line of three or more of one of those, and spaces.
    static func isThematicBreak(_ line: Substring) -> Bool {
        // Byte by byte, stopping at the first byte that rules it out: a filtered copy of the
        // line's characters took 16 bytes a character, 800 MB for a line of 50 MB.
        var mark: UInt8?
        var count = 0
        for byte in line.utf8 where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
            if let mark {
                guard byte == mark else { return false }
            } else {
                guard byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") else {
                    return false
                }
                mark = byte
            }
            count += 1
        }
        return count >= 3
    }

    /// Logseq's `key:: value` lines, which are properties of the block above, not text.
    static func isProperty(_ line: Substring) -> Bool {
        guard
            let colons = line.firstRange(of: ":: ")
                ?? (line.hasSuffix("::") ? line.index(line.endIndex, offsetBy: -2)..<line.endIndex : nil)
        else { return false }
        let key = line[..<colons.lowerBound]
        return !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// The text with CommonMark's backslash escapes of ASCII punctuation undone, and its URI
    /// autolinks (`<https://example.com/_b_/>`) as the address they show.
    static func unescaped(_ text: Substring) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x3C }) else { return String(text) }
        // Scalars, as CommonMark reads code points: `\&` with a combining mark after the `&` is
        // still an escape, though Swift sees the `&` and the mark as one character.
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var iterator = scalars.makeIterator()
        var index = 0
        while let scalar = iterator.next() {
            index += 1
            if scalar == "<", let end = MarkdownAutolink.end(in: scalars, from: index - 1) {
                out.append(contentsOf: scalars[index..<end - 1])
                while index < end {
                    _ = iterator.next()
                    index += 1
                }
                continue
            }
            guard scalar == "\\" else {
                out.append(scalar)
                continue
            }
            guard let next = iterator.next() else {
                out.append(scalar)
                break
            }
            index += 1
            if !asciiPunctuation.unicodeScalars.contains(next) { out.append(scalar) }
            out.append(next)
        }
        return String(out)
    }

    /// What CommonMark calls ASCII punctuation: the characters a backslash escapes.
    static let asciiPunctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

    /// A note checked as the outline checks notes, the line named.
    static func checkedNote(_ note: String, line: Int) throws -> String? {
        do {
            return try Note.validated(note)
        } catch let error as OutlineError {
            throw DocumentError(line: line, error.message)
        }
    }

    /// The item with its title checked as the outline checks titles, the line named. With
    /// `emptyAllowed`, a title that is empty (or only white space) comes back as "": the readers
    /// that nest items through `ItemNester` leave such an item out if nothing is under it.
    static func checked(_ item: ImportedItem, line: Int, emptyAllowed: Bool = false) throws -> ImportedItem {
        var item = item
        do {
            item.title = try Title.validated(item.title)
        } catch OutlineError.emptyTitle where emptyAllowed {
            item.title = ""
        } catch let error as OutlineError {
            throw DocumentError(line: line, error.message)
        }
        return item
    }
}
