/// The web addresses in a title (`http://`, `https://`, `ftp://` or `www.` up to the next white
/// space or `<`), and which of their characters `MarkdownEscaping` may write without its
/// backslash.
///
/// GitHub's autolinks (cmark-gfm's autolink extension) take an address as it stands in the
/// source, backslashes and all: `Foo\_(bar)` links to `Foo%5C_(bar)` and shows the backslash.
/// So inside an address a character is escaped only where a reader that does not link it
/// (CommonMark, pandoc's own Markdown) could read markup: where it could open a pair that a
/// later character of an address closes. Outside addresses every such character is escaped,
/// and an escaped character neither opens nor closes, so only the addresses' own characters can
/// pair. What stays bare reads as itself whether or not a reader links the address.
///
/// An `http://`, `https://` or `ftp://` address that would still need a backslash (`/_b_/`, a
/// pair of its own) is written as CommonMark's autolink instead, `<https://example.com/_b_/x>`:
/// every reader links it and shows it as it stands, escapes and all, so no backslash is needed.
/// Only the part GitHub would link goes inside; what it leaves out (`.` at the end, or an
/// entity-like `&amp;`) follows, escaped. A `www.` address has no such form, and keeps its
/// backslashes.
enum MarkdownURLRuns {
    /// How a line's addresses are written: the UTF-8 offsets of the characters that need no
    /// backslash, and the UTF-8 ranges to write as they are between `<` and `>`.
    struct Layout {
        /// The offsets of the characters written bare outside autolinks.
        var bare: Set<Int> = []
        /// The ranges written as autolinks, in order.
        var angled: [Range<Int>] = []
    }

    /// The UTF-8 offsets in `line` of the characters in its addresses that need no backslash.
    static func bareOffsets(in line: String) -> Set<Int> { layout(in: line).bare }

    /// How `line`'s addresses are written.
    static func layout(in line: String) -> Layout {
        let scalars = Array(line.unicodeScalars)
        let runs = addressRuns(in: scalars)
        guard !runs.isEmpty else { return Layout() }
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        let marks = Marks(scalars, runs: runs)
        var bare = Set<Int>()
        for run in runs {
            // GitHub's autolink leaves the trailing `?!.,:;*_~)` of an address out of the link,
            // but a backslash before them stays in it, and the character it escaped is then read
            // bare. Once one of them is escaped, so is every later one that could pair, as
            // before addresses were written bare: only the last can lose its backslash.
            let trailing = run.reversed().prefix { ",.:;?!*_~)".unicodeScalars.contains(scalars[$0]) }.last
            var escapedInTrailing = false
            for index in run {
                let pairable = (trailing.map { index >= $0 } ?? false) && "*_~".unicodeScalars.contains(scalars[index])
                if pairable, escapedInTrailing { continue }
                if marks.needsNoEscape(at: index) {
                    bare.insert(offsets[index])
                } else if pairable {
                    escapedInTrailing = true
                }
            }
        }
        var layout = Layout(bare: bare)
        for run in runs {
            guard let linked = autolinkable(run, scalars) else { continue }
            // Any backslash inside the address, even in what GitHub leaves out of the link, ends
            // up in the link or on the screen; so does the one before a `<` right after it.
            let needsEscape =
                run.upperBound < scalars.count && scalars[run.upperBound] == "<"
                || run.contains { index in
                    "\\`*_[]<>&~|^$".unicodeScalars.contains(scalars[index]) && !bare.contains(offsets[index])
                }
            guard needsEscape else { continue }
            // What follows the autolink is escaped whole: nothing of the address is left to pair.
            for index in run { layout.bare.remove(offsets[index]) }
            let end = linked.upperBound < offsets.count ? offsets[linked.upperBound] : offset
            layout.angled.append(offsets[linked.lowerBound]..<end)
        }
        return layout
    }

    /// The part of the address `run` that GitHub links, when it can be written as an autolink:
    /// it starts with `http://`, `https://` or `ftp://` (not `www.`), holds no `>` (which would
    /// end it), and no `&` that starts an entity (which some readers decode inside one and some
    /// do not).
    private static func autolinkable(_ run: Range<Int>, _ scalars: [Unicode.Scalar]) -> Range<Int>? {
        guard lowercasedASCII(scalars[run.lowerBound]) != "w" else { return nil }
        var end = run.upperBound
        // GitHub's rule for an address's end: trailing `?!.,:*_~` are not part of it, nor a `)`
        // without its `(`, nor a `;` with what makes it the end of an entity, `&` and ASCII
        // letters (`&amp;`, real or not), or else alone. Written after the autolink and
        // escaped, such an entity is text in every reader; inside the address GitHub took
        // the backslash before its `&` into the link.
        while end > run.lowerBound {
            let last = scalars[end - 1]
            if "?!.,:*_~".unicodeScalars.contains(last) {
                end -= 1
            } else if last == ";" {
                var letters = end - 1
                while letters > run.lowerBound, isASCIILetter(scalars[letters - 1]) { letters -= 1 }
                let isEntity = letters < end - 1 && letters > run.lowerBound && scalars[letters - 1] == "&"
                end = isEntity ? letters - 1 : end - 1
            } else if last == ")",
                scalars[run.lowerBound..<end].filter({ $0 == ")" }).count
                    > scalars[run.lowerBound..<end].filter({ $0 == "(" }).count
            {
                end -= 1
            } else {
                break
            }
        }
        let linked = run.lowerBound..<end
        guard !linked.isEmpty, !linked.contains(where: { scalars[$0] == ">" }),
            !linked.contains(where: { scalars[$0] == "&" && startsEntity(scalars[($0 + 1)...]) })
        else { return nil }
        return linked
    }

    /// The scalar ranges of the addresses: each starts at `http://`, `https://`, `ftp://` or
    /// `www.` (in any case) that does not follow a letter or digit, as cmark-gfm finds them.
    private static func addressRuns(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            let follows = index > 0 && isASCIILetterOrDigit(scalars[index - 1])
            guard !follows, startsAddress(scalars, at: index) else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, !scalars[end].properties.isWhitespace, scalars[end] != "<" { end += 1 }
            runs.append(index..<end)
            index = end
        }
        return runs
    }

    private static func startsAddress(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        ["http://", "https://", "ftp://", "www."].contains { prefix in
            let prefix = Array(prefix.unicodeScalars)
            guard index + prefix.count <= scalars.count else { return false }
            return zip(scalars[index...], prefix).allSatisfy { lowercasedASCII($0) == $1 }
        }
    }

    /// The line's characters, with where the last of each character that can close a pair
    /// stands: what decides whether one in an address must be escaped.
    private struct Marks {
        let scalars: [Unicode.Scalar]
        /// The last index, inside an address, of each `]`, `*`, `_`, `~`, `^` and `$`.
        var lastInAddresses: [Unicode.Scalar: Int] = [:]
        /// The last index of a backtick anywhere in the line.
        let lastBacktick: Int

        init(_ scalars: [Unicode.Scalar], runs: [Range<Int>]) {
            self.scalars = scalars
            for run in runs {
                for index in run where "]*_~^$".unicodeScalars.contains(scalars[index]) {
                    lastInAddresses[scalars[index]] = index
                }
            }
            lastBacktick = scalars.lastIndex(of: "`") ?? -1
        }

        /// Whether the character at `index`, inside an address, reads as itself without a
        /// backslash in every reader.
        func needsNoEscape(at index: Int) -> Bool {
            switch scalars[index] {
            // Closers with nothing bare to close (`<` is always escaped), and a table's cell
            // separator, which needs a delimiter row on the next line: a title's line is the
            // first of its paragraph, and what follows it (an attribute line, a blank line, an
            // item) is never one.
            case ">", "]", "|":
                return true
            case "[":
                return lastInAddresses["]", default: -1] < index
            case "&":
                return !MarkdownURLRuns.startsEntity(scalars[(index + 1)...])
            case "`":
                // A code span closes at any later backtick string, escaped or not.
                return lastBacktick == index
            case "*", "_", "~", "^", "$":
                return !opensAPair(at: index)
            default:
                return false
            }
        }

        /// Whether the run of `*`, `_`, `~`, `^` or `$` that holds `index` could open emphasis,
        /// strikethrough, a superscript, a subscript or math that a later run of the same
        /// character in an address closes. A run can open when a character that is not white
        /// space follows it (for `*`, `~`, `^` and `$` in pandoc's Markdown, looser than
        /// CommonMark's left-flanking rule); an `_` run after a letter or digit cannot, in
        /// CommonMark (an `_` inside a word opens nothing) nor in pandoc's Markdown
        /// (intraword underscores), when it is a single one.
        private func opensAPair(at index: Int) -> Bool {
            let mark = scalars[index]
            var start = index
            while start > 0, scalars[start - 1] == mark { start -= 1 }
            var end = index + 1
            while end < scalars.count, scalars[end] == mark { end += 1 }
            guard end < scalars.count, !scalars[end].properties.isWhitespace else { return false }
            // pandoc may open with the second `_` of `b__/`: only a lone one is held by the letter.
            if mark == "_", end - start == 1, start > 0, MarkdownURLRuns.isLetterOrDigit(scalars[start - 1]) {
                return false
            }
            return lastInAddresses[mark, default: -1] >= end
        }
    }

    /// Whether `rest` starts like an entity or character reference (`amp;`, `#38;`, `#x26;`),
    /// which would make the `&` before it a character other than itself.
    fileprivate static func startsEntity(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        let name = rest.dropFirst(rest.first == "#" ? 1 : 0).prefix(while: isASCIILetterOrDigit)
        return !name.isEmpty && name.endIndex < rest.endIndex && rest[name.endIndex] == ";"
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isASCIILetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// A letter or a number, as pandoc's intraword test and CommonMark's word characters both
    /// count one.
    fileprivate static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            true
        default: false
        }
    }

    private static func lowercasedASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
}
