/// The `markdown` format, as people write it and other outliners export it: `-`, `*`, `+` and
/// numbered bullets, nested by indent (spaces or tabs); headings (`#` to `######`) as parents of
/// what follows; `[ ]`, `[x]` and `[X]` task markers and Workflowy's `[COMPLETE]`; lines that are
/// not bullets as the note of the item before; Logseq's `key:: value` property lines dropped;
/// fenced code kept whole in a note; blank lines and thematic breaks ignored. Backslash escapes
/// of ASCII punctuation are undone, so `MarkdownWriter`'s output reads back exactly.
public enum MarkdownReader {
    /// The items of a Markdown document.
    ///
    /// - Throws: `DocumentError` naming the line.
    public static func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        var nester = ItemNester()
        var headings: [Int] = []  // levels of the open headings
        var listLevels = IndentLevels()
        var noteLines: [String] = []
        var blanksBefore = 0
        var fence: Substring?

        func finishNote(line: Int) throws {
            guard !noteLines.isEmpty, var item = nester.last else {
                noteLines = []
                return
            }
            item.note = try checkedNote(noteLines.joined(separator: "\n"), line: line)
            nester.last = item
            noteLines = []
        }
        func add(_ item: ImportedItem, depth: Int, line: Int) throws {
            try finishNote(line: line - 1)
            try nester.add(try checked(item, line: line, emptyAllowed: true), depth: depth, line: line)
        }

        var lastLine = 0
        for (number, line) in try DocumentLines(bytes) {
            lastLine = number
            let (indent, rest) = line.splitIndent
            if let open = fence {
                noteLines.append(String(rest))
                if rest.hasPrefix(open) { fence = nil }
                continue
            }
            if line.isBlank {
                blanksBefore += 1
                continue
            }
            // Blank lines inside a note are kept, as many as there were; the one that
            // `MarkdownWriter` puts between an item and its note is not part of the note.
            let blanks = noteLines.isEmpty ? max(0, blanksBefore - 1) : blanksBefore
            defer { blanksBefore = 0 }
            if rest.hasPrefix("```") || rest.hasPrefix("~~~") {
                fence = rest.prefix(3)
                if nester.last != nil { noteLines += repeatElement("", count: blanks) }
                noteLines.append(String(rest))
                if nester.last == nil { try add(ImportedItem(title: String(rest)), depth: 1, line: number) }
                continue
            }
            if isThematicBreak(rest) { continue }
            if let (level, title) = heading(rest), indent.count < 4 {
                while let last = headings.last, last >= level { headings.removeLast() }
                headings.append(level)
                listLevels = IndentLevels()
                try add(ImportedItem(title: unescaped(title)), depth: headings.count, line: number)
                continue
            }
            if let content = bulletContent(rest) {
                let depth = headings.count + listLevels.depth(of: indent)
                try add(taskItem(content), depth: depth, line: number)
                continue
            }
            if isProperty(rest) { continue }
            if nester.last == nil {
                // Text before any item or heading: an item of its own.
                try add(ImportedItem(title: unescaped(rest)), depth: 1, line: number)
                continue
            }
            noteLines += repeatElement("", count: blanks)
            noteLines.append(unescaped(rest))
        }
        try finishNote(line: lastLine)
        return try nester.finish()
    }

    /// The item a list item's text stands for: its task marker read as a state.
    private static func taskItem(_ content: Substring) -> ImportedItem {
        for (marker, done) in [("[ ] ", false), ("[x] ", true), ("[X] ", true), ("[COMPLETE] ", true)] {
            if content.startsWith(ascii: marker) {
                return ImportedItem(title: unescaped(content.droppingASCII(marker.utf8.count)), isDone: done)
            }
        }
        for (marker, done) in [("[ ]", false), ("[x]", true), ("[X]", true)]
        where content.utf8.elementsEqual(marker.utf8) {
            return ImportedItem(title: "", isDone: done)
        }
        return ImportedItem(title: unescaped(content))
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
    private static func heading(_ line: Substring) -> (Int, Substring)? {
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
    private static func isThematicBreak(_ line: Substring) -> Bool {
        let marks = line.filter { $0 != " " && $0 != "\t" }
        guard marks.count >= 3, let first = marks.first, "-*_".contains(first) else { return false }
        return marks.allSatisfy { $0 == first }
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

    /// The text with CommonMark's backslash escapes of ASCII punctuation undone.
    static func unescaped(_ text: Substring) -> String {
        guard text.utf8.contains(0x5C) else { return String(text) }
        // Scalars, as CommonMark reads code points: `\&` with a combining mark after the `&` is
        // still an escape, though Swift sees the `&` and the mark as one character.
        var out = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                out.append(scalar)
                continue
            }
            guard let next = iterator.next() else {
                out.append(scalar)
                break
            }
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
