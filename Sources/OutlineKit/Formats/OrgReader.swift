import Foundation

/// The `org` format, read as org-mode reads it: one item a headline, `*` a level; the keywords
/// of the file's own `#+TODO:` lines (org's `TODO | DONE` without one) as states, the priority,
/// the tags, the planning line (`CLOSED` the done time), the property drawer (`:LAST_REPEAT:`
/// the last done time), and everything else under a headline (lists, blocks, tables, other
/// drawers) as its note, exactly. Before the first headline, `#+` settings other than the
/// keyword lines are dropped and counted, and lines of text or bullets are items.
///
/// What the outline cannot hold is kept in the note or the title where it can be, and counted
/// in the report either way (`ImportReport`).
public enum OrgReader {
    /// The items of an org document, the workflow it declares and what could not be carried.
    ///
    /// - Throws: `DocumentError` naming the line.
    public static func read(_ bytes: [UInt8], context: DocumentReadingContext = DocumentReadingContext()) throws
        -> ImportedDocument
    {
        let lines = try DocumentLines(bytes).lines
        var reader = OrgDocumentReader(lines: lines, keywords: try OrgTodoKeywords(lines), zone: context.timeZone)
        return try reader.read()
    }
}

/// Reads an org document's lines from the first to the last, one headline's section at a time.
struct OrgDocumentReader {
    /// The document's lines.
    let lines: [Substring]
    /// The keywords headlines may start with.
    let keywords: OrgTodoKeywords
    /// The time zone of the timestamps.
    let zone: TimeZone
    /// The items so far.
    private var nester = ItemNester()
    /// What could not be carried.
    private var report = ImportReport()
    /// The indents of the bullets before the first headline.
    private var preambleLevels = IndentLevels()
    /// Whether a file property drawer was looked for: only the first `:PROPERTIES:` line can
    /// open one.
    private var lookedForFileProperties = false

    /// A drawer line whose key is reserved, malformed or given twice, or whose value is empty:
    /// kept as it was at the start of the note, where the user can find it.
    static let keptProperty = ImportReport.Kind.kept(
        "property outline cannot hold", "properties outline cannot hold", "in notes")
    /// A planning line with a day that does not exist or text org would not write there.
    static let keptPlanning = ImportReport.Kind.kept(
        "planning line outline cannot read", "planning lines outline cannot read", "in notes")
    /// A `CLOSED` time on an open item: the outline keeps done times for done items only.
    static let droppedClosed = ImportReport.Kind.dropped("CLOSED time of an open item", "CLOSED times of open items")
    /// The property drawer before the first headline, which belongs to no item.
    static let droppedFileProperties = ImportReport.Kind.dropped("file property drawer", "file property drawers")

    /// A reader of `lines`, headlines starting with `keywords`, timestamps in `zone`.
    init(lines: [Substring], keywords: OrgTodoKeywords, zone: TimeZone) {
        self.lines = lines
        self.keywords = keywords
        self.zone = zone
    }

    /// The document.
    mutating func read() throws -> ImportedDocument {
        var index = 0
        // The keyword lines' settings are counted as the walk passes their lines, so that the
        // report keeps the document's order.
        var settings = keywords.droppedSettings[...]
        while index < lines.count {
            if let headline = OrgHeadline(lines[index], keywords: keywords) {
                index = try readSection(headline, at: index)
            } else {
                index = try readPreamble(at: index)
            }
            while let first = settings.first, first.line <= index {
                report.record(OrgTodoKeywords.droppedSetting, line: first.line, count: first.count)
                settings.removeFirst()
            }
        }
        let items = try nester.finish()
        report.add(nester.report, from: nil)
        return ImportedDocument(items: items, workflow: keywords.workflow, report: report)
    }

    /// The index of the next headline after `index`, or the end.
    private func nextHeadline(after index: Int) -> Int {
        var next = index + 1
        while next < lines.count, !OrgNoteText.isHeadline(lines[next]) { next += 1 }
        return next
    }

    /// The index of the `:END:` that closes a drawer opened at `index`, before `limit`.
    private func drawerEnd(after index: Int, before limit: Int) -> Int? {
        (index + 1..<limit).first { Self.isDrawerEnd(lines[$0]) }
    }

    /// Reads the headline at `index` and what stands under it up to the next headline; returns
    /// the index of that headline.
    private mutating func readSection(_ headline: OrgHeadline, at index: Int) throws -> Int {
        let number = index + 1
        for kind in headline.notes { report.record(kind, line: number) }
        var item = ImportedItem(title: headline.title, isDone: headline.keyword?.isDone ?? false)
        var attributes = ItemAttributes(
            state: headline.keyword?.word, tags: headline.tags, priority: headline.priority)
        let end = nextHeadline(after: index)
        var next = index + 1
        if next < end, OrgPlanning.looksLikePlanning(lines[next]) {
            if let planning = OrgPlanning(lines[next]) {
                attributes.scheduled = planning.scheduled
                attributes.due = planning.deadline
                for loss in planning.losses { report.record(loss.kind, line: next + 1) }
                if let closed = planning.closed {
                    if item.isDone {
                        item.doneAt = OrgTimestamp.moment(closed.day, minute: closed.minuteOfDay ?? 0, in: zone)
                    } else {
                        report.record(Self.droppedClosed, line: next + 1)
                    }
                }
                next += 1
            } else {
                report.record(Self.keptPlanning, line: next + 1)
            }
        }
        var keptLines: [Substring] = []
        if next < end, lines[next].droppingSpacesAndTabs.uppercased().trimmingWhiteSpace() == ":PROPERTIES:",
            let drawerEnd = drawerEnd(after: next, before: end)
        {
            keptLines = readProperties(next + 1..<drawerEnd, into: &attributes)
            next = drawerEnd + 1
        }
        let body = keptLines + lines[next..<end]
        countDrawers(in: next..<end)
        item.attributes = attributes
        item.note = try MarkdownReader.checkedNote(OrgNoteText.note(Array(body)), line: end)
        try nester.add(
            try MarkdownReader.checked(item, line: number, emptyAllowed: true), depth: headline.level, line: number)
        return end
    }

    /// Reads a property drawer's lines into `attributes`; returns the lines it cannot hold
    /// (a reserved or malformed key, an empty value, a key given twice), for the note.
    private mutating func readProperties(_ range: Range<Int>, into attributes: inout ItemAttributes) -> [Substring] {
        var kept: [Substring] = []
        var keys = Set<String>()
        for index in range {
            let line = lines[index]
            let text = line.droppingSpacesAndTabs
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].isEmpty else {
                kept.append(line)
                report.record(Self.keptProperty, line: index + 1)
                continue
            }
            let key = String(parts[1])
            let value = String(parts[2]).trimmingWhiteSpace()
            if key.uppercased() == "LAST_REPEAT", attributes.lastDone == nil, let moment = Self.moment(value, zone) {
                attributes.lastDone = moment
                continue
            }
            guard (try? ItemProperty.validatedKey(key, in: key)) == key, !value.isEmpty,
                ItemProperty.isOneLine(value), keys.insert(key.lowercased()).inserted
            else {
                kept.append(line)
                report.record(Self.keptProperty, line: index + 1)
                continue
            }
            attributes.properties.append(ItemProperty(key: key, value: value))
        }
        return kept
    }

    /// `[2026-11-20 Fri 09:12]` as a moment on the clocks of `zone`; nil for other text.
    static func moment(_ text: String, _ zone: TimeZone) -> Date? {
        guard let (reading, rest) = OrgTimestamp.read(Substring(text)), rest.isEmpty, reading.losses.isEmpty,
            reading.date.repeater == nil, let minute = reading.date.minuteOfDay
        else { return nil }
        return OrgTimestamp.moment(reading.date.day, minute: minute, in: zone)
    }

    /// Counts the drawers (`:LOGBOOK:` to `:END:`) in a section's body, which stay in its note.
    private mutating func countDrawers(in range: Range<Int>) {
        let body = Array(lines[range])
        let verbatim = OrgNoteText.verbatimContent(body, endsAtHeadlines: true)
        // The next `:END:` at or after each line, found in one pass from the end.
        var nextEnd = [Int?](repeating: nil, count: body.count + 1)
        for index in body.indices.reversed() {
            nextEnd[index] = Self.isDrawerEnd(body[index]) ? index : nextEnd[index + 1]
        }
        var index = 0
        while index < body.count {
            defer { index += 1 }
            guard !verbatim[index], let name = Self.drawerName(body[index]), let end = nextEnd[index + 1] else {
                continue
            }
            report.record(.kept("\(name) drawer", "\(name) drawers", "in notes"), line: range.lowerBound + index + 1)
            index = end
        }
    }

    /// Whether `line` is `:END:`, which closes a drawer.
    static func isDrawerEnd(_ line: Substring) -> Bool {
        line.droppingSpacesAndTabs.uppercased().trimmingWhiteSpace() == ":END:"
    }

    /// The name of the drawer `line` opens (`:LOGBOOK:`), or nil.
    static func drawerName(_ line: Substring) -> String? {
        let text = String(line).trimmingWhiteSpace()
        guard text.count >= 3, text.hasPrefix(":"), text.hasSuffix(":") else { return nil }
        let name = text.dropFirst().dropLast()
        guard name.uppercased() != "END", name.unicodeScalars.allSatisfy(isDrawerNameScalar) else { return nil }
        return String(name)
    }

    /// Letters, digits, `_` and `-`: what a drawer's name is made of.
    private static func isDrawerNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber || scalar == "_"
            || scalar == "-"
    }

    /// Reads a line before the first headline: a setting is dropped and counted (but the keyword
    /// lines, read already), a bullet or a line of text is an item. Returns the next index.
    private mutating func readPreamble(at index: Int) throws -> Int {
        let line = lines[index]
        let number = index + 1
        let text = line.droppingSpacesAndTabs
        if text.uppercased().trimmingWhiteSpace() == ":PROPERTIES:", nester.last == nil, !lookedForFileProperties,
            let end = drawerEnd(after: index, before: nextHeadline(after: index))
        {
            report.record(Self.droppedFileProperties, line: number)
            return end + 1
        }
        if !text.isEmpty { lookedForFileProperties = true }
        if let key = OrgNoteText.settingKey(line)?.uppercased() {
            if !OrgTodoKeywords.settingKeys.contains(key) {
                report.record(.dropped("#+\(key) line", "#+\(key) lines"), line: number)
            }
            return index + 1
        }
        if text.isEmpty || text.hasPrefix("#+") { return index + 1 }
        var title = text
        var done = false
        var depth = 1
        if let content = MarkdownReader.bulletContent(text), !content.isEmpty {
            title = content
            for (box, isDone) in [("[ ] ", false), ("[-] ", false), ("[X] ", true), ("[x] ", true)]
            where title.startsWith(ascii: box) {
                title = title.droppingASCII(box.utf8.count)
                done = isDone
            }
            depth = preambleLevels.depth(of: line[..<text.startIndex])
        }
        try nester.add(
            try MarkdownReader.checked(ImportedItem(title: String(title), isDone: done), line: number),
            depth: depth, line: number)
        return index + 1
    }
}
