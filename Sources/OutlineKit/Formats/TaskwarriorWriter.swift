import Foundation

/// The `taskwarrior` format, written: a JSON array that `task import` reads, one task a line.
///
/// A done item is a `completed` task (its done time the `end`), any other item a `pending` one,
/// but a plain item with children is not a task: its title is part of the `project` of the
/// items below it (the titles of an item's plain ancestors joined by `.`). A task under a task
/// keeps that task's uuid in `outline_parent`. The due date's repeater is `recur`; the scheduled
/// date's, which taskwarrior has no place for, `scheduled_repeat`. The properties follow as
/// fields, `uuid` among them: an item without one gets a uuid made from its id and the
/// outline's identity, the same at every export. taskwarrior keeps fields it does not know
/// (`outline_parent`, a property) as they are, and gives them back in `task export`. An open
/// item that repeats is the pending instance of a template written after the items
/// (`TaskwarriorTemplates`); a done one is written without the links to a template
/// (`TaskwarriorFieldCheck.recurrenceLinks`). What taskwarrior cannot carry is counted in
/// `notCarried` (`TaskwarriorLosses`).
public struct TaskwarriorWriter: OutlineDocumentWriter {
    /// The document written so far and not yet taken.
    public var bytes: [UInt8] = []
    /// The zone of the outline's local dates and of the notes' stamps.
    private let timeZone: TimeZone
    /// When the export runs, to the minute: the time of a note's lines that have no stamp.
    private let now: Date
    /// The items entered and not yet left: what the items below them need of them.
    private var ancestors: [Ancestor] = []
    /// The plain item entered last, while no child has followed it: whether it is a task or a
    /// project depends on whether one does. A task is written at `leave`, from the entry `leave`
    /// is given, which is the one `enter` was: keeping the whole entry here, one more copy of it
    /// for each item, was about 6% of the export's instructions.
    private var waiting: Waiting?
    /// Whether a task has been written, so the next one needs a comma before it.
    private var wroteTask = false
    /// The item each uuid written so far was written for.
    private var uuidOwners = TaskwarriorUUIDOwners()
    /// The templates of the open items that repeat, written after the items.
    private var templates = TaskwarriorTemplates()
    /// What the export could not carry.
    private var losses = TaskwarriorLosses()
    /// The fields of the task being written, while it is an open one that repeats.
    private var record: TaskwarriorFieldRecord?
    /// What the seeds of the uuids made for items without one share, the outline's identity
    /// among it, which tells this outline's items from another's (`TaskwarriorUUID.ItemSeeds`).
    private let uuidSeeds: TaskwarriorUUID.ItemSeeds

    /// What the items under an ancestor need to know of it and of the items above it, made
    /// once when the walk enters it rather than for each task below it.
    private struct Ancestor {
        /// The `project` of the tasks below: the titles of the plain items down to this one,
        /// joined by `.`, escaped as JSON (without quotes); nil with no plain item among them.
        var project: [UInt8]?
        /// The uuid of the nearest task at or above it: the `outline_parent` of the tasks below.
        var parentTask: TaskwarriorUUID?
    }

    /// What a plain item waiting for a child needs to become a project.
    private struct Waiting {
        /// Its title: part of the project of the tasks below it.
        var title: String
        /// Whether it has a note or attributes, which a project loses.
        var hasNoteOrAttributes: Bool
    }

    /// A writer for an outline whose dates are local to `timeZone`, exporting at `now`;
    /// `outlinePath`, the outline file's, tells its items from another outline's in the uuids
    /// made for items that have none (by its full path, links resolved, so that however the file
    /// is named it is the same outline).
    public init(timeZone: TimeZone = .current, now: Date = Date(), outlinePath: String? = nil) {
        self.timeZone = timeZone
        let outlineIdentity =
            outlinePath.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path } ?? ""
        self.now = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
        uuidSeeds = TaskwarriorUUID.ItemSeeds(outlineIdentity: outlineIdentity)
    }

    /// Opens the array; the title is not written (taskwarrior has no place for it).
    public mutating func begin(title: String?) throws {
        bytes.append("[")
    }

    /// Writes a task, or holds a plain item until it is known whether children follow.
    ///
    /// - Throws: `OutlineError.invalidProperty` for a property named as one of taskwarrior's
    ///   fields that does not hold what that field holds (`TaskwarriorFieldCheck`).
    public mutating func enter(_ entry: TreeEntry) throws {
        // Checked before it is known whether a plain item is a task, since a task written at
        // `leave` can no longer refuse.
        if let attributes = entry.attributes, !attributes.properties.isEmpty {
            try refuseUnwritableProperties(of: entry.item, attributes)
        }
        if let parent = waiting.take() {
            // A child follows: the plain item is a project.
            enterProject(parent)
        }
        if entry.attributes?.state == nil, !entry.item.isDone {
            waiting = Waiting(
                title: entry.item.title,
                hasNoteOrAttributes: entry.item.note != nil || entry.attributes?.isEmpty == false)
            return
        }
        let uuid = write(entry)
        ancestors.append(Ancestor(project: ancestors.last?.project, parentTask: uuid))
    }

    /// Refuses an item whose properties taskwarrior cannot take: `TaskwarriorFieldCheck`'s
    /// problems, and a uuid a task written before has.
    private mutating func refuseUnwritableProperties(of item: Item, _ attributes: ItemAttributes) throws {
        for property in attributes.properties {
            if let problem = TaskwarriorFieldCheck.problem(
                key: property.key, value: property.value, item: item, attributes: attributes)
            {
                throw OutlineError.invalidProperty(
                    property.key + "=" + property.value,
                    reason: "item \(item.id) cannot be exported to taskwarrior: \(problem)")
            }
        }
        // taskwarrior keeps one task a uuid: a second would overwrite the first in `task
        // import`. Checked here, since a task written at `leave` can no longer refuse; a plain
        // item that turns out to be a project is checked too, which asks no more than removing
        // a copied uuid.
        if let uuid = Self.propertyUUID(attributes), let owner = uuidOwners.owner(of: TaskwarriorUUID(valid: uuid)) {
            throw OutlineError.invalidProperty(
                "uuid=" + uuid,
                reason: "items \(owner) and \(item.id) both have it, and taskwarrior keeps one task a uuid; "
                    + "remove it from the copy: outline set \(item.id) --property uuid=")
        }
    }

    /// Enters a plain item with children: its title joins the project of the tasks below it.
    private mutating func enterProject(_ parent: Waiting) {
        losses.project(titled: parent.title, hasNoteOrAttributes: parent.hasNoteOrAttributes)
        let above = ancestors.last
        var project: [UInt8] = []
        if let outer = above?.project {
            project = outer
            project.append(UInt8(ascii: "."))
        }
        JSONText.appendContents(parent.title, to: &project)
        ancestors.append(Ancestor(project: project, parentTask: above?.parentTask))
    }

    /// Ends an item: a plain item without children is written as a task now.
    public mutating func leave(_ entry: TreeEntry) {
        if waiting.take() != nil {
            _ = write(entry)
            return
        }
        ancestors.removeLast()
    }

    /// What the export could not carry (a project's note and attributes, keywords other than
    /// TODO and DONE...), counted by kind, for the line `export` writes on standard error.
    public var notCarried: ImportReport { losses.report }

    /// Writes the templates of the tasks that repeat, and closes the array.
    public mutating func end() {
        bytes.append(templates.text)
        bytes.append(wroteTask ? "\n]\n" : "]\n")
    }

    /// Writes `entry` as one task's line, and returns its uuid. The fields go straight into the
    /// document as bytes: built as strings first and joined, they were most of the export's time
    /// (Docs/performance.md, "Export at a million items").
    private mutating func write(_ entry: TreeEntry) -> TaskwarriorUUID {
        // The entry's own attributes, not a copy of them (`??` made one for every task).
        if let attributes = entry.attributes { return write(entry, attributes) }
        return write(entry, ItemAttributes())
    }

    /// Writes `entry`, whose attributes are `attributes`, as `write(_:)` says.
    private mutating func write(_ entry: TreeEntry, _ attributes: borrowing ItemAttributes) -> TaskwarriorUUID {
        losses.task(entry, attributes)
        let item = entry.item
        let uuid =
            Self.propertyUUID(attributes).map(TaskwarriorUUID.init(valid:))
            ?? TaskwarriorUUID(madeFor: item, from: uuidSeeds)
        uuidOwners.note(uuid, writtenFor: item.id)
        let recurs = TaskwarriorFieldCheck.recurs(attributes)
        record = recurs && !item.isDone ? TaskwarriorFieldRecord() : nil
        appendLiteral(wroteTask ? ",\n{" : "\n{")
        wroteTask = true
        startField(#""description":"#)
        JSONText.appendQuoted(item.title, to: &bytes)
        startField(#","status":"#)
        appendLiteral(item.isDone ? #""completed""# : #""pending""#)
        startField(#","uuid":"#)
        uuid.appendQuoted(to: &bytes)
        if let doneAt = item.doneAt { add(#","end":"#, TaskwarriorTime.text(doneAt)) }
        if let project = ancestors.last?.project {
            startField(#","project":"#)
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: project)
            bytes.append(UInt8(ascii: "\""))
        }
        if !attributes.tags.isEmpty { addTags(attributes.tags) }
        if let priority = attributes.priority { add(#","priority":"#, Self.level(of: priority)) }
        if attributes.due != nil || attributes.scheduled != nil { addDates(attributes) }
        if let parent = ancestors.last?.parentTask {
            startField(#","outline_parent":"#)
            parent.appendQuoted(to: &bytes)
        }
        if let note = item.note {
            startField(#","annotations":"#)
            bytes.append(annotations(note))
        }
        if !attributes.properties.isEmpty { addProperties(of: item, attributes, recurs: recurs) }
        if var fields = record.take() {
            fields.finish(bytes)
            let links = templates.links(
                for: fields.fields, uuid: uuid.text, attributes: attributes, taken: &uuidOwners)
            for link in links {
                bytes.append(UInt8(ascii: ","))
                JSONText.appendQuoted(link.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                bytes.append(link.value)
            }
        }
        bytes.append(UInt8(ascii: "}"))
        return uuid
    }

    /// The properties, but for those the item itself says.
    private mutating func addProperties(of item: Item, _ attributes: ItemAttributes, recurs: Bool) {
        for property in attributes.properties where !TaskwarriorFieldCheck.written.contains(property.key.lowercased()) {
            let key = property.key.lowercased()
            // The links to a template: an open repeating item's are written from its template
            // below; a done one's, or those of an item that no longer repeats, not at all.
            if key == "end" && item.doneAt != nil || TaskwarriorFieldCheck.recurrenceLinks.contains(key) {
                continue
            }
            record?.finish(bytes)
            bytes.append(UInt8(ascii: ","))
            JSONText.appendQuoted(property.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            record?.start(property.key, valueAt: bytes.count)
            JSONText.appendQuoted(property.value, to: &bytes)
        }
    }

    /// The tags, as an array of strings.
    private mutating func addTags(_ tags: [String]) {
        startField(#","tags":"#)
        bytes.append(UInt8(ascii: "["))
        for (index, tag) in tags.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(tag, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The due date with its repeater as `recur`, and the scheduled date with its own.
    private mutating func addDates(_ attributes: ItemAttributes) {
        if let due = attributes.due {
            add(#","due":"#, TaskwarriorTime.text(TaskwarriorTime.moment(of: due, in: timeZone)))
            if let repeater = due.repeater { add(#","recur":"#, TaskwarriorRecurrence.period(repeater)) }
        }
        if let scheduled = attributes.scheduled {
            add(#","scheduled":"#, TaskwarriorTime.text(TaskwarriorTime.moment(of: scheduled, in: timeZone)))
            if let repeater = scheduled.repeater { add(#","scheduled_repeat":"#, repeater.description) }
        }
    }

    /// Starts a field: `field` is its text up to the value, `,"key":` (or `"key":` for the
    /// first), appended as one run. The keys are the writer's own, ASCII with nothing to escape.
    /// A task that repeats also notes the field in `record`, its key read back from `field`.
    private mutating func startField(_ field: StaticString) {
        guard record != nil else { return appendLiteral(field) }
        record?.finish(bytes)
        appendLiteral(field)
        let key = field.withUTF8Buffer { text in
            String(decoding: text.drop { $0 != UInt8(ascii: "\"") }.dropFirst().dropLast(2), as: UTF8.self)
        }
        record?.start(key, valueAt: bytes.count)
    }

    /// Appends the writer's own text, straight from the program's constant bytes.
    private mutating func appendLiteral(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes a field whose value is a string.
    private mutating func add(_ field: StaticString, _ value: String) {
        startField(field)
        JSONText.appendQuoted(value, to: &bytes)
    }

    /// taskwarrior's priority for `priority`: H, M or L.
    private static func level(of priority: Priority) -> String {
        switch priority {
        case .a: "H"
        case .b: "M"
        case .c: "L"
        }
    }

    /// The uuid an item's `uuid` property gives, as `validUUID` reads it; nil when it has none.
    /// Most items have no properties at all: that test comes first.
    private static func propertyUUID(_ attributes: ItemAttributes) -> String? {
        guard !attributes.properties.isEmpty else { return nil }
        return attributes.property("uuid").flatMap(validUUID)
    }
    /// The note as annotations: a line that starts with a stamp (`2026-12-01 14:30 `) starts
    /// one at that time, the lines after it that have none go on with it, and lines before the
    /// first stamp make one at the time of the export. taskwarrior tells annotations apart by
    /// their second, so one that shares another's is moved a second later.
    private func annotations(_ note: String) -> String {
        var entries: [(moment: Date, text: String)] = []
        for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
            if let stamped = TaskwarriorTime.stamped(line, in: timeZone) {
                entries.append((stamped.moment, String(stamped.text)))
            } else if entries.isEmpty {
                entries.append((now, String(line)))
            } else {
                entries[entries.count - 1].text += "\n" + line
            }
        }
        var used = Set<Date>()
        let objects = entries.map { entry -> String in
            var moment = entry.moment
            while !used.insert(moment).inserted { moment += 1 }
            return
                "{\"entry\":\(JSONText.quote(TaskwarriorTime.text(moment))),\"description\":\(JSONText.quote(entry.text))}"
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    /// `text` if it is a uuid as taskwarrior writes one (8-4-4-4-12 hex digits), lower-cased.
    static func validUUID(_ text: String) -> String? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12], groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) }) else {
            return nil
        }
        return text.lowercased()
    }

    /// A uuid made from `seed` (two FNV-1a hashes), marked as RFC 9562's version 8, made by its
    /// own rule, as text.
    static func uuid(seed: String) -> String {
        TaskwarriorUUID(seed: seed).text
    }
}
