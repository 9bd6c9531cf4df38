import Foundation

/// What a reader could not carry as an item's attributes, or carried otherwise (a LOGBOOK drawer
/// kept in a note, a deleted task left out), counted by kind: what `import` says on standard
/// error, and what `import --strict` refuses.
public struct ImportReport: Equatable, Sendable {
    /// One kind of thing a reader met, and what it did with it.
    public struct Kind: Hashable, Sendable {
        /// `kept`, `dropped`, `left out`: what happened, as the report says it.
        public let verb: String
        /// The thing, one of it: `LOGBOOK drawer`.
        public let singular: String
        /// The thing, more than one: `LOGBOOK drawers`.
        public let plural: String
        /// What follows the count and the thing, if anything: `in notes`.
        public let tail: String?
        /// Whether the thing is lost to the outline (not kept anywhere the user can get it
        /// back): what `--strict` refuses.
        public let loses: Bool

        /// A kind of thing that is kept in another form (`kept 3 LOGBOOK drawers in notes`).
        public static func kept(_ singular: String, _ plural: String, _ tail: String? = nil) -> Kind {
            Kind(verb: "kept", singular: singular, plural: plural, tail: tail, loses: false)
        }

        /// A kind of thing that is not carried into the outline (`dropped 2 page properties`).
        public static func dropped(_ singular: String, _ plural: String, _ tail: String? = nil) -> Kind {
            Kind(verb: "dropped", singular: singular, plural: plural, tail: tail, loses: true)
        }

        /// A kind of thing the document itself marks as gone, left out on purpose but lost all
        /// the same (`left out 4 deleted tasks`).
        public static func leftOut(_ singular: String, _ plural: String, _ tail: String? = nil) -> Kind {
            Kind(verb: "left out", singular: singular, plural: plural, tail: tail, loses: true)
        }

        /// `kept 3 LOGBOOK drawers in notes`.
        public func phrase(count: Int) -> String {
            "\(verb) \(count) \(count == 1 ? singular : plural)" + (tail.map { " " + $0 } ?? "")
        }
    }

    /// How often one kind was met, and where first.
    public struct Entry: Equatable, Sendable {
        /// The kind.
        public let kind: Kind
        /// How many times.
        public var count: Int
        /// The first place: the document's name (nil until the command names it) and line.
        public var firstDocument: String?
        /// The line of the first place, from 1: the earliest the document met it on.
        public var firstLine: Int
        /// Which document added to the report first met it (0 for one the report itself met),
        /// so that the earliest place of all is the earliest line of the first document.
        var documentOrder = 0
    }

    /// The kinds met, in the order first met.
    public private(set) var entries: [Entry] = []
    /// How many named documents have been added.
    private var documentsAdded = 0

    /// An empty report.
    public init() {}

    /// Counts one `kind` (or `count` of them) met at `line`.
    public mutating func record(_ kind: Kind, line: Int, count: Int = 1) {
        guard count > 0 else { return }
        if let index = entries.firstIndex(where: { $0.kind == kind }) {
            entries[index].count += count
            // A reader may meet a kind out of the document's order (taskwarrior's templates are
            // judged after every task is read).
            if entries[index].documentOrder == 0 { entries[index].firstLine = min(entries[index].firstLine, line) }
        } else {
            entries.append(Entry(kind: kind, count: count, firstDocument: nil, firstLine: line))
        }
    }

    /// Adds `other`'s counts, read from the document named `document` (nil while a reader
    /// gathers the counts of its parts, before the command names the document), to this
    /// report's.
    public mutating func add(_ other: ImportReport, from document: String?) {
        if document != nil { documentsAdded += 1 }
        for entry in other.entries {
            if let index = entries.firstIndex(where: { $0.kind == entry.kind }) {
                entries[index].count += entry.count
                // Parts of one document (none named yet): the earliest line of either.
                if document == nil, entries[index].documentOrder == entry.documentOrder {
                    entries[index].firstLine = min(entries[index].firstLine, entry.firstLine)
                }
            } else {
                var named = entry
                if document != nil, named.firstDocument == nil {
                    named.firstDocument = document
                    named.documentOrder = documentsAdded
                }
                entries.append(named)
            }
        }
    }

    /// The loss met earliest (the first document's earliest line that loses anything), for
    /// `--strict`; nil when nothing is lost.
    public var firstLoss: Entry? {
        entries.filter(\.kind.loses).min { ($0.documentOrder, $0.firstLine) < ($1.documentOrder, $1.firstLine) }
    }

    /// One phrase a kind, in the order met: `kept 3 LOGBOOK drawers in notes`.
    public var phrases: [String] { entries.map { $0.kind.phrase(count: $0.count) } }
}

/// Where a document is read: what a reader needs to know of the outline it is read into.
public struct DocumentReadingContext: Sendable {
    /// The outline's workflow: the keywords a reader takes for states where the document does not
    /// declare its own (an upper-case word after a Markdown task marker is a keyword only when
    /// the workflow names it).
    public var workflow: Workflow
    /// The time zone of the document's local dates and times (org's timestamps, taskwarrior's
    /// UTC moments made local dates).
    public var timeZone: TimeZone

    /// A context with `workflow` (default `TODO | DONE`) and `timeZone` (default the current one).
    public init(workflow: Workflow = .standard, timeZone: TimeZone = .current) {
        self.workflow = workflow
        self.timeZone = timeZone
    }
}

/// A document as a reader gives it: its items, the keywords it declares, and what it could not
/// carry.
public struct ImportedDocument: Sendable {
    /// The top-level items, with everything nested under them.
    public var items: [ImportedItem]
    /// The workflow the document declares (org's `#+TODO:` line, the Markdown writer's
    /// `<!-- workflow: ... -->` comment), whose keywords the import adds to the outline's; nil
    /// when it declares none.
    public var workflow: Workflow?
    /// What the reader could not carry as attributes, or carried otherwise.
    public var report: ImportReport

    /// A document of `items`, declaring `workflow`, with `report`.
    public init(items: [ImportedItem], workflow: Workflow? = nil, report: ImportReport = ImportReport()) {
        self.items = items
        self.workflow = workflow
        self.report = report
    }
}
