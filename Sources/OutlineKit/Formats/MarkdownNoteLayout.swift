/// How a note sits under its item in Markdown, shared by `MarkdownWriter` and `MarkdownReader` so
/// that the two agree line for line (SPEC, "Notes are kept exactly").
///
/// Each note line is written after the item's content column (`base`), its own leading white
/// space kept. A line that a reader would take for structure reaching beyond the note (a list
/// item, a heading, a `key:: value` or planning line, a fence that nothing closes) is protected
/// by a backslash, which CommonMark reads as an escape (it goes before the line's first
/// punctuation, after a leading word) and `MarkdownReader` removes; a fenced
/// code block that is closed inside the note is written as it is, so that cmark-gfm and pandoc
/// still see the code exactly. A line indented four columns or more past `base` is never
/// structure to a CommonMark reader (it is code or continuation text), so it is left alone.
/// An HTML block that would run on past the note is kept from it (`MarkdownNoteHTML`): one
/// that ends only at a marker the note lacks is protected as text, and a note that may end
/// inside one that ends at a blank line is followed by one.
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

    /// How many scalars of a word (letters, digits, `_`, `-`) `text` starts with: where the
    /// backslash goes that protects a `key:: value` line, a planning line or an ordered list
    /// item, since CommonMark hides a backslash before punctuation and shows one before a letter.
    private static func leadingWord(_ text: Substring) -> Int {
        text.unicodeScalars.prefix {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-"
        }.count
    }

    /// The note line's text as written, protected where a reader would see structure, or where
    /// it already looks protected (so that `unprotected` gives it back): `\- item`,
    /// `\# heading`, `\``` `, and after the first word `key\:: value`, `SCHEDULED\: <...>`,
    /// `1\. item`.
    static func protected(_ text: Substring) -> String {
        let first = text.unicodeScalars.first
        let word = leadingWord(text)
        let afterWord = text.unicodeScalars.dropFirst(word).first
        let protectsWord =
            word > 0
            && (afterWord == "\\" || MarkdownReader.isProperty(text) || text.startsWith(ascii: "SCHEDULED:")
                || text.startsWith(ascii: "DEADLINE:")
                || (("0"..."9").contains(first!) && MarkdownReader.bulletContent(text) != nil))
        if protectsWord {
            let split = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: word)
            return String(Substring(text.unicodeScalars[..<split])) + "\\"
                + String(Substring(text.unicodeScalars[split...]))
        }
        if first == "\\" || isStructure(text) { return "\\" + text }
        return String(text)
    }

    /// The note line's text with `protected`'s backslash taken away.
    static func unprotected(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        if scalars.first == "\\" { return Substring(scalars.dropFirst()) }
        let word = leadingWord(text)
        guard word > 0, scalars.dropFirst(word).first == "\\" else { return text }
        let split = scalars.index(scalars.startIndex, offsetBy: word)
        return Substring(
            String(Substring(scalars[..<split])) + String(Substring(scalars[scalars.index(after: split)...])))
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
        // The shortest fence of each character that nothing closes from some line on: no longer
        // one opened later is closed either, so a note of many open fences is searched once.
        var unclosable: [Unicode.Scalar: Int] = [:]
        // Whether an HTML block that ends at a blank line may be open (`MarkdownNoteHTML`).
        var htmlMayBeOpen = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let (indent, text) = line.splitIndent
            if text.isEmpty { htmlMayBeOpen = false }
            guard indentWidth(indent, from: base) < 4, !text.isEmpty else {
                write(line)
                index += 1
                continue
            }
            if MarkdownNoteHTML.mayOpenBlankEndedBlock(text) { htmlMayBeOpen = true }
            if let fence = Fence(opening: text), fence.length < unclosable[fence.mark, default: .max] {
                let close = lines[(index + 1)...].firstIndex {
                    let (indent, text) = $0.splitIndent
                    return indentWidth(indent, from: base) < 4 && fence.isClosed(by: text)
                }
                if let close {
                    for line in lines[index...close] {
                        if line.allSatisfy({ $0 == " " || $0 == "\t" }) { htmlMayBeOpen = false }
                        write(line)
                    }
                    index = close + 1
                    continue
                }
                unclosable[fence.mark] = fence.length
            }
            if MarkdownNoteHTML.opensUnclosedBlock(text, later: lines[(index + 1)...]) {
                // A backslash makes the `<` text; `unprotected` takes it away.
                write(line, String(indent) + "\\" + text)
            } else {
                write(line, String(indent) + protected(text))
            }
            index += 1
        }
        // The blank line ends the block before the next item; import drops it, as it drops
        // blank lines between items.
        if htmlMayBeOpen { out.append(UInt8(ascii: "\n")) }
    }
}
