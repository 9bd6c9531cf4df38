/// A note as the body of an org headline, kept exactly: every line as it is, leading white
/// space included, but for the lines org would read as structure that reaches beyond the note.
///
/// Outside verbatim blocks such a line gets a zero-width space (U+200B) at its start, as
/// org-mode's manual suggests, which the reader takes away again: a headline, an in-buffer
/// setting (`#+TODO:`, `#+TITLE:`; not a block's `#+BEGIN_SRC`, nor the settings that belong to
/// the element under them: `#+NAME:`, `#+TBLFM:`, `#+ATTR_HTML:`...), and at the note's start a
/// planning line, a property drawer or a blank line. Inside a source, example, export or comment
/// block, org's own escape is used instead (a comma before a line's `*` or `#+`), which org
/// itself takes away when it reads the block, so that the block's text is exactly the note's.
enum OrgNoteText {
    /// The zero-width space that breaks a reading org would otherwise make.
    static let breaker: Unicode.Scalar = "\u{200B}"

    /// Blocks whose content org reads as text, escaping `*` and `#+` with a comma.
    static let verbatimBlocks: Set<String> = ["SRC", "EXAMPLE", "EXPORT", "COMMENT"]

    /// `#+KEY:` lines that belong to the element under them, not to the document.
    static let localSettings: Set<String> = [
        "BEGIN", "END", "TBLFM", "NAME", "CAPTION", "RESULTS", "HEADER", "PLOT", "CALL",
    ]

    /// The lines to write for `note`: protected where org would read more than the note.
    static func lines(of note: String) -> [String] {
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
        let verbatim = verbatimContent(lines, endsAtHeadlines: false)
        return lines.indices.map { index in
            let line = lines[index]
            if verbatim[index] { return escapedInBlock(line) }
            let atStart =
                index == 0
                && (line.droppingSpacesAndTabs.isEmpty || OrgPlanning.looksLikePlanning(line)
                    || line.droppingSpacesAndTabs.uppercased().hasPrefix(":PROPERTIES:"))
            let protects =
                atStart || line.firstScalar == breaker || isHeadlineLike(line) || isDocumentSetting(line)
            return protects ? String(breaker) + line : String(line)
        }
    }

    /// The note that the body `lines` of a headline hold: the protections taken away again.
    /// Blank lines at its start and end, which org files put around text, are not part of it.
    static func note(_ lines: [Substring]) -> String {
        var start = lines.startIndex
        var end = lines.endIndex
        while start < end, lines[start].droppingSpacesAndTabs.isEmpty { start += 1 }
        while end > start, lines[end - 1].droppingSpacesAndTabs.isEmpty { end -= 1 }
        let body = Array(lines[start..<end])
        let verbatim = verbatimContent(body, endsAtHeadlines: true)
        return body.indices.map { index in
            let line = body[index]
            if verbatim[index] { return unescapedInBlock(line) }
            return line.firstScalar == breaker ? String(line.unicodeScalars.dropFirst()) : String(line)
        }.joined(separator: "\n")
    }

    /// Whether org would read `line` as a headline, were it not for the protection: stars at
    /// its very start, then a space, a tab or nothing.
    static func isHeadlineLike(_ line: Substring) -> Bool {
        let stars = line.unicodeScalars.prefix { $0 == "*" }
        guard !stars.isEmpty else { return false }
        guard stars.endIndex < line.unicodeScalars.endIndex else { return true }
        let next = line.unicodeScalars[stars.endIndex]
        return next == " " || next == "\t"
    }

    /// The `KEY` of a `#+KEY:` line (after white space), or nil for any other line.
    static func settingKey(_ line: Substring) -> Substring? {
        let text = line.droppingSpacesAndTabs
        guard text.startsWith(ascii: "#+") else { return nil }
        let rest = text.droppingASCII(2)
        guard let colon = rest.unicodeScalars.firstIndex(of: ":") else { return nil }
        let key = Substring(rest.unicodeScalars[..<colon])
        guard !key.isEmpty, !key.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
        return key
    }

    /// Whether `line` is a setting that reaches beyond its place: `#+TODO:`, `#+TITLE:`,
    /// `#+STARTUP:` and any other but the settings of the element under them.
    static func isDocumentSetting(_ line: Substring) -> Bool {
        guard let key = settingKey(line)?.uppercased() else { return false }
        return !localSettings.contains(key) && !key.hasPrefix("ATTR_")
    }

    /// The name of the block `line` begins (`#+BEGIN_SRC python` begins `SRC`), upper-cased.
    private static func blockName(_ line: Substring, opening: Bool) -> String? {
        let text = line.droppingSpacesAndTabs
        let marker = opening ? "#+BEGIN_" : "#+END_"
        guard text.uppercased().hasPrefix(marker) else { return nil }
        let name = text.droppingASCII(marker.utf8.count).prefix { $0 != " " && $0 != "\t" }
        guard !name.isEmpty else { return nil }
        if !opening, !text.droppingASCII(marker.utf8.count + name.unicodeScalars.count).droppingSpacesAndTabs.isEmpty {
            return nil
        }
        return name.uppercased()
    }

    /// For each line, whether it lies inside a verbatim block that a later `#+END_` line
    /// closes (a block never closed is text to org). With `endsAtHeadlines`, a headline ends
    /// the search for the closing line, as it ends a section in a file.
    static func verbatimContent(_ lines: [Substring], endsAtHeadlines: Bool) -> [Bool] {
        // Where each name's `#+END_` lines and the headlines stand, found once, so that many
        // blocks never closed cost no more than one pass.
        var ends: [String: [Int]] = [:]
        var nextHeadline = [Int](repeating: lines.count, count: lines.count + 1)
        for index in lines.indices.reversed() {
            nextHeadline[index] = endsAtHeadlines && isHeadlineLike(lines[index]) ? index : nextHeadline[index + 1]
        }
        for index in lines.indices {
            if let name = blockName(lines[index], opening: false) { ends[name, default: []].append(index) }
        }
        var inside = [Bool](repeating: false, count: lines.count)
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let name = blockName(lines[index], opening: true), verbatimBlocks.contains(name),
                let candidates = ends[name]
            else { continue }
            var low = 0
            var high = candidates.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[middle] <= index { low = middle + 1 } else { high = middle }
            }
            guard low < candidates.count, candidates[low] < nextHeadline[index + 1] else { continue }
            let end = candidates[low]
            for content in (index + 1)..<end { inside[content] = true }
            index = end
        }
        return inside
    }

    /// The white space at the start of `line`, and the rest.
    private static func splitIndent(_ line: Substring) -> (indent: Substring, rest: Substring) {
        let rest = line.droppingSpacesAndTabs
        return (line[..<rest.startIndex], rest)
    }

    /// Whether `text` (after its indent) is commas, then `*` or `#+`: what org escapes in a block.
    private static func needsEscape(_ text: Substring) -> Bool {
        let afterCommas = text.drop { $0 == "," }
        return afterCommas.hasPrefix("*") || afterCommas.hasPrefix("#+")
    }

    /// `line` as org writes it inside a verbatim block: a comma before `*` or `#+` (and before
    /// the commas that already stand there).
    static func escapedInBlock(_ line: Substring) -> String {
        let (indent, rest) = splitIndent(line)
        return needsEscape(rest) ? String(indent) + "," + rest : String(line)
    }

    /// `line` as org reads it inside a verbatim block: one comma fewer before `*` or `#+`.
    static func unescapedInBlock(_ line: Substring) -> String {
        let (indent, rest) = splitIndent(line)
        guard rest.first == ",", needsEscape(rest) else { return String(line) }
        return String(indent) + rest.dropFirst()
    }
}

extension OrgNoteText {
    /// Whether org reads `line` as a headline: stars at its very start, then a space.
    static func isHeadline(_ line: Substring) -> Bool {
        let stars = line.unicodeScalars.prefix { $0 == "*" }
        return !stars.isEmpty && stars.endIndex < line.unicodeScalars.endIndex
            && line.unicodeScalars[stars.endIndex] == " "
    }
}
