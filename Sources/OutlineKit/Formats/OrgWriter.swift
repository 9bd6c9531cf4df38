import Foundation

/// The `org` format: one headline an item, one `*` a level, `* KEYWORD [#A] title :tag1:tag2:`;
/// then the planning line (`SCHEDULED:`, `DEADLINE:`, `CLOSED:` from the done time, local, to
/// the minute), a `:PROPERTIES:` drawer (the last done time as `:LAST_REPEAT:`, as org records
/// it, then the properties), and the note, exactly (`OrgNoteText`). A workflow other than
/// `TODO | DONE` is the document's first line, `#+TODO: ...`.
///
/// Org has no escape character. Where a title would be read as something else (a keyword, a
/// priority, `COMMENT`, tags), a zero-width space (U+200B) is put where it breaks that reading,
/// as org-mode's manual suggests; outline's reader takes it out again. Inline markup (`*bold*`,
/// `[[links]]`) is written as it is: it is text to org, as the user typed it.
public struct OrgWriter: OutlineDocumentWriter {
    /// The document written so far and not yet taken.
    public var bytes: [UInt8] = []
    /// Whether plain items are written with the workflow's first open keyword.
    public let marksOpenTasks: Bool
    /// The outline's workflow: the `#+TODO:` line, and the keywords a title must not start with.
    public let workflow: Workflow
    /// The time zone of the done times.
    public let timeZone: TimeZone
    /// The first words org would read as a keyword: the workflow's, and org's own defaults.
    private let keywordWords: LeadingWords

    /// The character that breaks a reading org would otherwise make.
    static let breaker = String(OrgNoteText.breaker)
    /// The breaker, as the reader finds it: a scalar, since a mark after it joins its character.
    static let breakerScalar = OrgNoteText.breaker
    /// The breaker's UTF-8 bytes (E2 80 8B).
    static let breakerUTF8: [UInt8] = Array(breaker.utf8)

    /// A writer with nothing written yet, for an outline with `workflow`, writing done times on
    /// the clocks of `timeZone`.
    public init(workflow: Workflow = .standard, marksOpenTasks: Bool = false, timeZone: TimeZone = .current) {
        self.workflow = workflow
        self.marksOpenTasks = marksOpenTasks
        self.timeZone = timeZone
        keywordWords = LeadingWords(workflow.keywords + ["TODO", "DONE"])
    }

    /// The `#+TODO:` line, when the workflow is not org's default.
    public mutating func begin(title: String?) {
        if workflow != .standard { bytes.append("#+TODO: \(workflow.description)\n") }
    }

    /// The headline, the planning line, the property drawer, then the note.
    public mutating func enter(_ entry: TreeEntry) throws {
        try Title.requireWritable(entry.item.title, of: entry.id, in: "org")
        // The entry's own attributes, not a copy of them (`??` made one for every item).
        if let attributes = entry.attributes {
            write(entry, attributes)
        } else {
            write(entry, ItemAttributes())
        }
    }

    /// Writes the headline, the planning line and the property drawer of `attributes`, then
    /// the note.
    private mutating func write(_ entry: TreeEntry, _ attributes: borrowing ItemAttributes) {
        let item = entry.item
        for _ in 0..<entry.depth { bytes.append(UInt8(ascii: "*")) }
        bytes.append(UInt8(ascii: " "))
        let keyword =
            attributes.state ?? (item.isDone ? workflow.done[0] : marksOpenTasks ? workflow.open[0] : nil)
        if let keyword { bytes.append(keyword + " ") }
        if let priority = attributes.priority { bytes.append("[#\(priority.rawValue)] ") }
        appendTitle(item.title)
        if !attributes.tags.isEmpty { bytes.append(" :" + attributes.tags.joined(separator: ":") + ":") }
        bytes.append(UInt8(ascii: "\n"))
        let doneAt = item.isDone ? item.doneAt : nil
        if let planning = OrgPlanning.line(
            scheduled: attributes.scheduled, due: attributes.due, doneAt: doneAt, in: timeZone)
        {
            bytes.append(planning + "\n")
        }
        if attributes.lastDone != nil || !attributes.properties.isEmpty {
            bytes.append(":PROPERTIES:\n")
            if let lastDone = attributes.lastDone {
                bytes.append(":LAST_REPEAT: " + OrgTimestamp.inactive(lastDone, in: timeZone) + "\n")
            }
            for property in attributes.properties { bytes.append(":\(property.key): \(property.value)\n") }
            bytes.append(":END:\n")
        }
        guard let note = item.note else { return }
        for line in OrgNoteText.lines(of: note) {
            bytes.append(line)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// The title, a breaker before it where org would read its start as a keyword, a priority
    /// or `COMMENT`, and after it where org would read its end as tags (`:home:` alone too,
    /// whatever stands before it). A breaker the title holds itself at either end gets one
    /// more, since the reader takes one away.
    private mutating func appendTitle(_ title: String) {
        // The first word as org splits it: at a space, whatever mark follows it. Org 9.5 takes
        // `COMMENT` at a title's start even with letters after it (`COMMENTARY`). A title starts
        // with the breaker's scalar exactly when it starts with its bytes.
        // Each prefix is compared only when the first byte could start it, and the last scalar
        // read only when the last byte is the breaker's: the three comparisons of a `UTF8View`,
        // and the step back to the last scalar, for every title, were a twentieth of the export.
        let first = title.utf8.first
        if keywordWords.containsFirstWord(of: title)
            || first == UInt8(ascii: "C") && title.utf8.starts(with: "COMMENT".utf8)
            || first == UInt8(ascii: "[") && title.utf8.starts(with: "[#".utf8)
            || first == Self.breakerUTF8.first && title.utf8.starts(with: Self.breakerUTF8)
        {
            bytes.append(contentsOf: Self.breakerUTF8)
        }
        bytes.append(title)
        if OrgHeadline.endsAsTags(title)
            || title.utf8.last == Self.breakerUTF8.last && title.unicodeScalars.last == Self.breakerScalar
        {
            bytes.append(contentsOf: Self.breakerUTF8)
        }
    }

    /// Nothing closes an item.
    public mutating func leave(_ entry: TreeEntry) {}

    /// Nothing closes the document.
    public mutating func end() {}
}
