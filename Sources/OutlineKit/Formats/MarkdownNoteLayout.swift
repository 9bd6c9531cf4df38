/// How a note sits under its item in Markdown, shared by `MarkdownWriter` and `MarkdownReader` so
/// that the two agree line for line (SPEC, "Notes are kept exactly").
///
/// Each note line is written after the item's content column (`base`), its own leading white
/// space kept. A line that a reader would take for structure reaching beyond the note (a list
/// item, a heading, a `key:: value` or planning line, a fence that nothing closes) is protected
/// by a backslash, which CommonMark reads as an escape and `MarkdownReader` removes; a fenced
/// code block that is closed inside the note is written as it is, so that cmark-gfm and pandoc
/// still see the code exactly. A line indented four columns or more past `base` is never
/// structure to a CommonMark reader (it is code or continuation text), so it is left alone.
enum MarkdownNoteLayout {
    /// The columns the white space at the start of `text` spans, when it starts at `column`:
    /// tabs reach the next multiple of four, as CommonMark counts them.
    static func indentWidth(_ text: Substring, from column: Int = 0) -> Int {
        var at = column
        for scalar in text.unicodeScalars {
            if scalar == " " {
                at += 1
            } else if scalar == "\t" {
                at += 4 - at % 4
            } else {
                break
            }
        }
        return at - column
    }

    /// `line` without its first `columns` columns of white space (fewer where it has fewer); a
    /// tab that reaches past them leaves spaces for the columns beyond, as CommonMark does.
    static func dropping(columns: Int, from line: Substring) -> Substring {
        var at = 0
        var index = line.unicodeScalars.startIndex
        while at < columns, index < line.unicodeScalars.endIndex {
            let scalar = line.unicodeScalars[index]
            if scalar == " " {
                at += 1
            } else if scalar == "\t" {
                let next = at + 4 - at % 4
                if next > columns {
                    let rest = line.unicodeScalars[line.unicodeScalars.index(after: index)...]
                    return Substring(String(repeating: " ", count: next - columns) + String(Substring(rest)))
                }
                at = next
            } else {
                break
            }
            index = line.unicodeScalars.index(after: index)
        }
        return Substring(line.unicodeScalars[index...])
    }

    /// An opening code fence: three or more backticks or tildes (a backtick fence's info
    /// string holds no backtick).
    struct Fence {
        /// The fence character, `` ` `` or `~`.
        let mark: Unicode.Scalar
        /// How many of it open the fence.
        let length: Int

        /// The fence `text` (after its indent) opens, if it opens one.
        init?(opening text: Substring) {
            guard let first = text.unicodeScalars.first, first == "`" || first == "~" else { return nil }
            let run = text.unicodeScalars.prefix { $0 == first }.count
            guard run >= 3 else { return nil }
            if first == "`", text.unicodeScalars.dropFirst(run).contains("`") { return nil }
            mark = first
            length = run
        }

        /// Whether `text` (after an indent of less than four columns) closes this fence: as
        /// many of its character or more, then only white space.
        func isClosed(by text: Substring) -> Bool {
            let run = text.unicodeScalars.prefix { $0 == mark }.count
            return run >= length && text.unicodeScalars.dropFirst(run).allSatisfy { $0 == " " || $0 == "\t" }
        }
    }

    /// Whether a note line whose text after its indent is `text` would be read as more than a
    /// note line: a list item, an ATX heading, a fence, a `key:: value` line, a planning line.
    static func isStructure(_ text: Substring) -> Bool {
        MarkdownReader.bulletContent(text) != nil || isATXHeading(text) || Fence(opening: text) != nil
            || MarkdownReader.isProperty(text) || text.startsWith(ascii: "SCHEDULED:")
            || text.startsWith(ascii: "DEADLINE:")
    }

    /// `#` to `######`, then white space or the end of the line.
    static func isATXHeading(_ text: Substring) -> Bool {
        let hashes = text.unicodeScalars.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return false }
        let after = text.unicodeScalars.dropFirst(hashes).first
        return after == nil || after == " " || after == "\t"
    }

    /// The digits an ordered list marker starts with (one to nine), if `text` starts with them
    /// and then `then`.
    private static func markerDigits(_ text: Substring, then: (Unicode.Scalar) -> Bool) -> Int? {
        let digits = text.unicodeScalars.prefix { ("0"..."9").contains($0) }.count
        guard (1...9).contains(digits), let next = text.unicodeScalars.dropFirst(digits).first, then(next) else {
            return nil
        }
        return digits
    }

    /// The note line's text as written, protected where a reader would see structure (or where
    /// it already looks protected, so that `unprotected` gives it back): `\- item`, `\# heading`,
    /// `\key:: value`, and `1\. item`, whose backslash CommonMark hides too.
    static func protected(_ text: Substring) -> String {
        if let digits = markerDigits(text, then: { $0 == "\\" }) ?? orderedMarkerDigits(text) {
            let split = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: digits)
            return String(Substring(text.unicodeScalars[..<split])) + "\\"
                + String(Substring(text.unicodeScalars[split...]))
        }
        if text.unicodeScalars.first == "\\" || isStructure(text) { return "\\" + text }
        return String(text)
    }

    /// The digits of an ordered list item's marker (`12.` or `3)` then white space or the end).
    private static func orderedMarkerDigits(_ text: Substring) -> Int? {
        guard MarkdownReader.bulletContent(text) != nil else { return nil }
        return markerDigits(text) { $0 == "." || $0 == ")" }
    }

    /// The note line's text with `protected`'s backslash taken away.
    static func unprotected(_ text: Substring) -> Substring {
        if text.unicodeScalars.first == "\\" { return Substring(text.unicodeScalars.dropFirst()) }
        if let digits = markerDigits(text, then: { $0 == "\\" }) {
            let split = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: digits)
            return Substring(
                String(Substring(text.unicodeScalars[..<split]))
                    + String(Substring(text.unicodeScalars[text.unicodeScalars.index(after: split)...])))
        }
        return text
    }

    /// Appends `note`'s lines to `out`, each after `base` spaces (an empty line stays empty).
    static func append(_ note: String, base: Int, to out: inout [UInt8]) {
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
        func write(_ line: Substring, _ text: String? = nil) {
            if !line.isEmpty {
                out.appendSpaces(base)
                out.append(contentsOf: (text ?? String(line)).utf8)
            }
            out.append(UInt8(ascii: "\n"))
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let (indent, text) = line.splitIndent
            guard indentWidth(indent, from: base) < 4, !text.isEmpty else {
                write(line)
                index += 1
                continue
            }
            if let fence = Fence(opening: text),
                let close = lines[(index + 1)...].firstIndex(where: {
                    let (indent, text) = $0.splitIndent
                    return indentWidth(indent, from: base) < 4 && fence.isClosed(by: text)
                })
            {
                for line in lines[index...close] { write(line) }
                index = close + 1
                continue
            }
            write(line, String(indent) + protected(text))
            index += 1
        }
    }
}
