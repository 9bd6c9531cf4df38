/// A text of `EditableText`'s form as the user saved it, read into item lines: what `EditPlan`
/// compares with the subtree.
struct EditedText {
    /// One item line.
    struct Line: Equatable {
        /// The line's number in the text, from 1, for errors.
        var number: Int
        /// 1 at no indent, 2 at one level, and so on.
        var depth: Int
        /// The `#ID` at the end of the line; nil for a new item.
        var id: ItemID?
        /// The title, unescaped and checked as `add` checks titles.
        var title: String
        /// The state before the title, as written; nil for none (a plain item). Which keyword
        /// it names is for the workflow to say (`EditPlan`).
        var marker: EditableText.Marker?
    }

    /// The item lines, in order.
    var lines: [Line] = []
    /// The base the text names, if it kept its base line.
    var base: EditableText.Base?

    /// Reads `bytes`.
    ///
    /// - Throws: `OutlineError.editRefused` naming the line: text that is not UTF-8, an indent
    ///   that is not whole levels, skips one or holds other white space, a damaged or repeated
    ///   base line, an id that looks damaged or has no title, a refused title.
    init(_ bytes: [UInt8]) throws {
        let document: DocumentLines
        do {
            document = try DocumentLines(bytes)
        } catch let error as DocumentError {
            throw OutlineError.editRefused(line: error.line, reason: error.reason)
        }
        var baseLine: Int?
        for (number, text) in document where !text.isBlank {
            let (indent, rest) = text.splitIndent
            if let first = rest.unicodeScalars.first, first.properties.isWhitespace {
                let code = String(first.value, radix: 16, uppercase: true)
                throw OutlineError.editRefused(
                    line: number,
                    reason: "the indent holds U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), "
                        + "which is not a space or a tab; indent with spaces (two a level)")
            }
            if rest.firstScalar == "#" {
                // A comment that ends with an id is a line commented out, or a title begun with an
                // unescaped `#`: which one only the user knows, and either way the item it names
                // must not go without a word.
                if let (_, digits) = Self.splitID(rest.trimmingWhiteSpaceAtEnd()) {
                    throw OutlineError.editRefused(
                        line: number,
                        reason: "the line starts with # (a comment) but ends with #\(digits): delete the line to "
                            + "remove the item, or write \\# at the start of a title that begins with #")
                }
                if Self.isBareID(rest) {
                    throw OutlineError.editRefused(
                        line: number,
                        reason: "\(rest) has no title; write the title before it, or delete the line to remove the item"
                    )
                }
                guard rest.startsWith(ascii: EditableText.baseMarker) else { continue }
                if let baseLine {
                    throw OutlineError.editRefused(
                        line: number, reason: "a second base line (the first is line \(baseLine)); keep one")
                }
                base = try Self.base(rest, line: number)
                baseLine = number
                continue
            }
            let depth = try Self.depth(of: indent, line: number)
            let previous = lines.last?.depth ?? 0
            if depth > previous + 1 {
                let above =
                    previous == 0
                    ? "the first item must be at no indent"
                    : "the item line above is indented \(Self.levels(previous - 1))"
                let tabs =
                    indent.contains("\t")
                    ? " (a tab reaches the next multiple of 8 columns: 4 levels; in vi, :set sw=2 et indents by two "
                        + "spaces)" : ""
                throw OutlineError.editRefused(
                    line: number,
                    reason: "the indent skips a level: this line is indented \(Self.levels(depth - 1)), \(above)\(tabs)"
                )
            }
            lines.append(try Self.line(rest, number: number, depth: depth))
        }
    }

    /// `1 level`, `2 levels`.
    private static func levels(_ count: Int) -> String { count == 1 ? "1 level" : "\(count) levels" }

    /// The depth an indent stands for: two columns a level, as the editor shows it, with a tab
    /// reaching the next multiple of 8 columns. Counting a tab as one level instead would read a
    /// line that vim (with `shiftwidth=2`) shows 8 columns in as one level deep: a structure
    /// other than the one on the screen, applied without a word.
    private static func depth(of indent: Substring, line: Int) throws -> Int {
        var columns = 0
        for character in indent {
            columns = character == "\t" ? (columns / 8 + 1) * 8 : columns + 1
        }
        guard columns % 2 == 0 else {
            throw OutlineError.editRefused(
                line: line, reason: "an indent of \(columns) columns is not a whole level (two spaces a level)")
        }
        return 1 + columns / 2
    }

    /// The item line whose text after the indent is `rest`.
    private static func line(_ rest: Substring, number: Int, depth: Int) throws -> Line {
        var text = rest.trimmingWhiteSpaceAtEnd()
        var marker: EditableText.Marker?
        if let (read, after) = EditableText.Marker.read(text) {
            // `[x] [ ] Milk`: a mark typed before the one the text had. Taken as a title that
            // starts with `[ ]`, the item would be done with that title; the writer escapes a
            // title's own `[`, so two are a mistake to point out.
            if let (second, _) = EditableText.Marker.read(after) {
                throw OutlineError.editRefused(
                    line: number,
                    reason: "the line has two states, \(Self.shown(read)) and \(Self.shown(second)); keep one "
                        + "(for a title that starts with [, write \\[)")
            }
            marker = read
            text = after
        }
        // `[x]  #4`: the state and the id, with no title between them.
        if isBareID(text.droppingSpacesAndTabs) {
            throw OutlineError.editRefused(line: number, reason: OutlineError.emptyTitle.message)
        }
        var id: ItemID?
        if let (title, digits) = splitID(text) {
            guard let parsed = ItemID(digits) else {
                throw OutlineError.editRefused(line: number, reason: "#\(digits) is not an item")
            }
            id = parsed
            text = title
        }
        try refuseDamagedID(text, line: number, keeping: id)
        do {
            let title = try Title.validated(EditableText.unescaped(text))
            return Line(number: number, depth: depth, id: id, title: title, marker: marker)
        } catch let error as OutlineError {
            throw OutlineError.editRefused(line: number, reason: error.message)
        }
    }

    /// A marker as an error shows it: as written, with what a terminal would act on escaped.
    static func shown(_ marker: EditableText.Marker) -> String {
        TitleSanitizer.forTerminal(marker.text)
    }

    /// The text before a line's `#ID`, and the id's digits: a `#` and digits at the end, after two
    /// or more spaces or a tab. A title's own `#` and digits at its end are escaped (`\#12`); with
    /// one space or none before them they are neither an id nor a title (`refuseDamagedID`).
    private static func splitID(_ text: Substring) -> (title: Substring, digits: Substring)? {
        let scalars = text.unicodeScalars
        guard let hash = scalars.lastIndex(of: "#"),
            let like = EditableText.idLike(Array(scalars), at: scalars.distance(from: scalars.startIndex, to: hash)),
            like.isPlain, like.isAtEnd, like.followsGap
        else { return nil }
        return (text[..<hash].trimmingWhiteSpaceAtEnd(), text[scalars.index(after: hash)...])
    }

    /// Whether `text` is an id and nothing else: `#` and ASCII digits.
    private static func isBareID(_ text: Substring) -> Bool {
        let scalars = text.unicodeScalars
        return scalars.count > 1 && scalars.first == "#" && scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// Refuses a line whose id looks damaged, rather than read it as a new item and remove the
    /// item it named. `text` is the line without its indent, state and id (`kept`, if it had
    /// one). The text escapes every `#` of a title that reads like an id (`EditableText.idLike`),
    /// so an unescaped one is not a title's: an id with one space or none before it, text after
    /// an id (vim's `A` appends after it), two lines joined (vim's `J`), or an id mistyped (`# 8`,
    /// `#-8`, a full-width `＃８`).
    private static func refuseDamagedID(_ text: Substring, line: Int, keeping kept: ItemID?) throws {
        let characters = Array(text.unicodeScalars)
        for (index, character) in characters.enumerated() where character == "#" || character == "＃" {
            if index > 0, characters[index - 1] == "\\" { continue }
            guard let like = EditableText.idLike(characters, at: index) else { continue }
            let reason: String
            if let kept, like.isPlain {
                reason = "the line holds two ids, \(like.shown) and #\(kept): one item a line (lines joined?)"
            } else if !like.isPlain {
                reason =
                    "\"\(like.shown)\" looks like a mistyped id (an id is # and ASCII digits, as #4); "
                    + "for a title that ends so, write \\\(like.shown)"
            } else if like.isAtEnd {
                reason =
                    "\(like.shown) at the end needs two spaces before it if it is an item's id; for a "
                    + "title that ends so, write \\\(like.shown)"
            } else {
                reason =
                    "text follows \(like.shown); an item's id must end its line (for a title that holds "
                    + "it, write \\\(like.shown))"
            }
            throw OutlineError.editRefused(line: line, reason: reason)
        }
    }

    /// The base named by a base line.
    private static func base(_ text: Substring, line: Int) throws -> EditableText.Base {
        let fields = text.dropFirst(EditableText.baseMarker.count).split(separator: " ")
        guard fields.count == 2, let root = ItemID(fields[0]), fields[1].count == 16,
            let fingerprint = UInt64(fields[1], radix: 16)
        else {
            throw OutlineError.editRefused(
                line: line,
                reason: "the base line is damaged; delete it to apply the text over the outline as it is now")
        }
        return EditableText.Base(root: root, fingerprint: fingerprint)
    }
}

extension Substring {
    /// The text without spaces and tabs at its end.
    fileprivate func trimmingWhiteSpaceAtEnd() -> Substring {
        var end = endIndex
        while end > startIndex {
            let before = index(before: end)
            guard self[before] == " " || self[before] == "\t" else { break }
            end = before
        }
        return self[startIndex..<end]
    }
}
