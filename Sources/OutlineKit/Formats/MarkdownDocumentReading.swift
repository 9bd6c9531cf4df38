/// One Markdown document being read, a line at a time: what `MarkdownReader.read` keeps between
/// lines (the open items, the headings above them, the note being gathered, an open code fence).
struct MarkdownDocumentReading {
    private var nester = ItemNester()
    /// The levels of the open headings.
    private var headings: [Int] = []
    private var listLevels = IndentLevels()
    private let outline: Workflow
    /// The workflow the document's `<!-- workflow: ... -->` comment declares.
    private var declared: Workflow?
    private var markers: MarkdownItemLine
    private var report = ImportReport()
    /// The last item's note so far.
    private var noteLines: [String] = []
    /// Blank lines since the last line that was not, as they stand after the item's indent: kept
    /// in a note if more of the note follows.
    private var blanks: [String] = []
    /// The code fence open in the note, if one is.
    private var fence: MarkdownNoteLayout.Fence?
    /// The column the last item's text starts at, where its note lines start too.
    private var base = 0
    /// Whether the last item is a list item (not a heading, nor text before any list).
    private var lastIsListItem = false
    /// Whether the lines read since the last item's line are all its attribute lines.
    private var inAttributes = false
    /// Whether an item or heading has been read: before one, `key:: value` lines are the page's.
    private var started = false
    /// Whether the document opened with `---`, and its front matter is being passed over.
    private var inFrontMatter = false
    private var lastLine = 0

    /// Reading into an outline whose workflow is `outline`.
    init(outline: Workflow) {
        self.outline = outline
        markers = MarkdownItemLine(outline: outline, declared: nil)
    }

    private static let pageProperty = ImportReport.Kind.leftOut("page property", "page properties")
    private static let unreadableAttribute = ImportReport.Kind.kept(
        "attribute line outline cannot hold", "attribute lines outline cannot hold", "in notes")
    private static let logbook = ImportReport.Kind.kept("LOGBOOK drawer", "LOGBOOK drawers", "in notes")
    private static let thematicBreak = ImportReport.Kind.dropped("thematic break", "thematic breaks")

    /// Reads the line numbered `number`.
    ///
    /// - Throws: `DocumentError` for a title or note the outline refuses, a workflow comment it
    ///   cannot read, or nesting too deep.
    mutating func take(_ line: Substring, number: Int) throws {
        lastLine = number
        if number == 1, line.elementsEqual("---") {
            inFrontMatter = true
            return
        }
        if inFrontMatter {
            // YAML front matter: Obsidian's and Jekyll's page properties.
            if line.elementsEqual("---") || line.elementsEqual("...") {
                inFrontMatter = false
            } else if !line.isBlank {
                report.record(Self.pageProperty, line: number)
            }
            return
        }
        if let open = fence {
            if line.isBlank || MarkdownNoteLayout.indentWidth(line) >= base {
                let kept = MarkdownNoteLayout.dropping(columns: base, from: line)
                flushBlanks()
                noteLines.append(String(kept))
                let (indent, text) = kept.splitIndent
                if MarkdownNoteLayout.indentWidth(indent, from: base) < 4, open.isClosed(by: text) { fence = nil }
                return
            }
            // A line left of the item's text ends the code, and the item, as in CommonMark.
            fence = nil
        }
        if line.isBlank {
            blanks.append(String(MarkdownNoteLayout.dropping(columns: base, from: line)))
            inAttributes = false
            return
        }
        let (indent, rest) = line.splitIndent
        let width = MarkdownNoteLayout.indentWidth(indent)
        let hasItem = nester.last != nil
        if hasItem, lastIsListItem, width >= base + 4 {
            try addNoteLine(line, number: number, raw: true)
            return
        }
        if !started {
            if try readWorkflowComment(rest, number: number) { return }
            if MarkdownReader.isProperty(rest) {
                report.record(Self.pageProperty, line: number)
                return
            }
        }
        if MarkdownReader.isThematicBreak(rest) {
            if hasItem, lastIsListItem, width >= base {
                try addNoteLine(line, number: number)
            } else {
                report.record(Self.thematicBreak, line: number)
            }
            return
        }
        if let (level, title) = MarkdownReader.heading(rest), width < 4 {
            while let last = headings.last, last >= level { headings.removeLast() }
            headings.append(level)
            listLevels = IndentLevels()
            try add(ImportedItem(title: MarkdownReader.unescaped(title)), depth: headings.count, line: number)
            base = 0
            lastIsListItem = false
            return
        }
        if let content = MarkdownReader.bulletContent(rest) {
            let depth = headings.count + listLevels.depth(of: indent)
            try add(markers.item(content), depth: depth, line: number)
            base = width + Self.markerWidth(rest, content: content, from: width)
            lastIsListItem = true
            inAttributes = true
            return
        }
        if inAttributes, var item = nester.last {
            switch MarkdownAttributeLines.read(rest, into: &item) {
            case .read:
                nester.last = item
                return
            case .unreadable:
                report.record(Self.unreadableAttribute, line: number)
                try addNoteLine(line, number: number, raw: true)
                inAttributes = true
                return
            case .notAttribute:
                inAttributes = false
            }
        }
        guard hasItem else {
            // Text before any item or heading: an item of its own.
            try add(ImportedItem(title: MarkdownReader.unescaped(rest)), depth: 1, line: number)
            base = 0
            lastIsListItem = false
            return
        }
        try addNoteLine(line, number: number)
    }

    /// The items, the declared workflow and the report.
    ///
    /// - Throws: `DocumentError` for a note the outline refuses, or an item without a title
    ///   that holds others.
    mutating func finish() throws -> ImportedDocument {
        try finishNote(line: lastLine)
        let items = try nester.finish()
        report.add(nester.report, from: nil)
        return ImportedDocument(items: items, workflow: declared, report: report)
    }

    /// Reads `<!-- workflow: TODO NEXT | DONE -->`; false for any other line.
    private mutating func readWorkflowComment(_ text: Substring, number: Int) throws -> Bool {
        let opening = "<!-- workflow:"
        guard declared == nil, text.startsWith(ascii: opening), text.hasSuffix("-->") else { return false }
        let words = text.dropFirst(opening.count).dropLast(3)
        do {
            declared = try Workflow(parsing: String(words))
        } catch let error as OutlineError {
            throw DocumentError(line: number, error.message)
        }
        markers = MarkdownItemLine(outline: outline, declared: declared)
        return true
    }

    /// The columns from a list item's bullet to its text, as CommonMark counts them: the marker
    /// and one to four columns of space (one where there are more, or no text).
    private static func markerWidth(_ rest: Substring, content: Substring, from column: Int) -> Int {
        let first = rest.unicodeScalars.first
        let marker =
            first == "-" || first == "*" || first == "+"
            ? 1 : rest.unicodeScalars.prefix { ("0"..."9").contains($0) }.count + 1
        let gap = Substring(rest.unicodeScalars.dropFirst(marker))
        let space = MarkdownNoteLayout.indentWidth(gap, from: column + marker)
        return marker + (content.isEmpty || space > 4 ? 1 : space)
    }

    /// Adds a line under the last item to its note: after the item's indent, as it is where
    /// `raw` or inside code, else with `MarkdownNoteLayout`'s protection taken away.
    private mutating func addNoteLine(_ line: Substring, number: Int, raw: Bool = false) throws {
        let kept = MarkdownNoteLayout.dropping(columns: base, from: line)
        var text = String(kept)
        let (indent, rest) = kept.splitIndent
        if !raw, MarkdownNoteLayout.indentWidth(indent, from: base) < 4 {
            if let opened = MarkdownNoteLayout.Fence(opening: rest) {
                fence = opened
            } else {
                text = String(indent) + String(MarkdownNoteLayout.unprotected(rest))
            }
            if rest.elementsEqual(":LOGBOOK:") { report.record(Self.logbook, line: number) }
        }
        // The blank line `MarkdownWriter` puts between an item and its note is not the note's.
        if noteLines.isEmpty, !blanks.isEmpty { blanks.removeFirst() }
        flushBlanks()
        noteLines.append(text)
        inAttributes = false
    }

    private mutating func flushBlanks() {
        noteLines += blanks
        blanks = []
    }

    private mutating func add(_ item: ImportedItem, depth: Int, line: Int) throws {
        try finishNote(line: line - 1)
        try nester.add(try MarkdownReader.checked(item, line: line, emptyAllowed: true), depth: depth, line: line)
        started = true
        blanks = []
        inAttributes = false
        fence = nil
    }

    private mutating func finishNote(line: Int) throws {
        defer { noteLines = [] }
        guard !noteLines.isEmpty, var item = nester.last else { return }
        item.note = try MarkdownReader.checkedNote(noteLines.joined(separator: "\n"), line: line)
        nester.last = item
    }
}
