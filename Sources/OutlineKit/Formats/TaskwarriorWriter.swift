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
    /// A plain item entered but not written: whether it is a task depends on whether children
    /// follow it.
    private var waiting: TreeEntry?
    /// Whether a task has been written, so the next one needs a comma before it.
    private var wroteTask = false
    /// The item each uuid written so far was written for.
    private var uuidOwners: [String: Int64] = [:]
    /// The templates of the open items that repeat, written after the items.
    private var templates = TaskwarriorTemplates()
    /// What the export could not carry.
    private var losses = TaskwarriorLosses()
    /// What tells this outline's items from another's in the uuids made for items without one.
    private let outlineIdentity: String

    /// What an item under an ancestor needs to know of it.
    private struct Ancestor {
        /// The title, for a plain item: part of its descendants' project.
        var projectTitle: String?
        /// The uuid, for a task: its children's `outline_parent`.
        var uuid: String?
    }

    /// A writer for an outline whose dates are local to `timeZone`, exporting at `now`;
    /// `outlinePath`, the outline file's, tells its items from another outline's in the uuids
    /// made for items that have none (by its full path, links resolved, so that however the file
    /// is named it is the same outline).
    public init(timeZone: TimeZone = .current, now: Date = Date(), outlinePath: String? = nil) {
        self.timeZone = timeZone
        self.outlineIdentity =
            outlinePath.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path } ?? ""
        self.now = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
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
        let attributes = entry.attributes ?? ItemAttributes()
        for property in attributes.properties {
            if let problem = TaskwarriorFieldCheck.problem(
                key: property.key, value: property.value, item: entry.item, attributes: attributes)
            {
                throw OutlineError.invalidProperty(
                    property.key + "=" + property.value,
                    reason: "item \(entry.item.id) cannot be exported to taskwarrior: \(problem)")
            }
        }
        // taskwarrior keeps one task a uuid: a second would overwrite the first in `task
        // import`. Checked here, since a task written at `leave` can no longer refuse; a plain
        // item that turns out to be a project is checked too, which asks no more than removing
        // a copied uuid.
        if let uuid = attributes.property("uuid").flatMap(Self.validUUID), let owner = uuidOwners[uuid] {
            throw OutlineError.invalidProperty(
                "uuid=" + uuid,
                reason: "items \(owner) and \(entry.item.id) both have it, and taskwarrior keeps one task a uuid; "
                    + "remove it from the copy: outline set \(entry.item.id) --property uuid=")
        }
        if let parent = waiting {
            // A child follows: the plain item is a project.
            waiting = nil
            losses.project(parent)
            ancestors.append(Ancestor(projectTitle: parent.item.title, uuid: nil))
        }
        if entry.attributes?.state == nil, !entry.item.isDone {
            waiting = entry
            return
        }
        let uuid = write(entry)
        ancestors.append(Ancestor(projectTitle: nil, uuid: uuid))
    }

    /// Ends an item: a plain item without children is written as a task now.
    public mutating func leave(_ entry: TreeEntry) {
        if let leaf = waiting {
            waiting = nil
            _ = write(leaf)
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

    /// Writes `entry` as one task's line, and returns its uuid.
    private mutating func write(_ entry: TreeEntry) -> String {
        losses.task(entry)
        let item = entry.item
        let attributes = entry.attributes ?? ItemAttributes()
        let uuid = attributes.property("uuid").flatMap(Self.validUUID) ?? Self.uuid(for: item, in: outlineIdentity)
        if uuidOwners[uuid] == nil { uuidOwners[uuid] = item.id }
        var fields: [(key: String, value: String)] = [
            ("description", JSONText.quote(item.title)), ("status", item.isDone ? "\"completed\"" : "\"pending\""),
            ("uuid", JSONText.quote(uuid)),
        ]
        func add(_ key: String, _ text: String) { fields.append((key, JSONText.quote(text))) }
        if let doneAt = item.doneAt { add("end", TaskwarriorTime.text(doneAt)) }
        let project = ancestors.compactMap(\.projectTitle)
        if !project.isEmpty { add("project", project.joined(separator: ".")) }
        if !attributes.tags.isEmpty {
            fields.append(("tags", "[" + attributes.tags.map(JSONText.quote).joined(separator: ",") + "]"))
        }
        if let priority = attributes.priority { add("priority", ["A": "H", "B": "M", "C": "L"][priority.rawValue]!) }
        if let due = attributes.due {
            add("due", TaskwarriorTime.text(TaskwarriorTime.moment(of: due, in: timeZone)))
            if let repeater = due.repeater { add("recur", TaskwarriorRecurrence.period(repeater)) }
        }
        if let scheduled = attributes.scheduled {
            add("scheduled", TaskwarriorTime.text(TaskwarriorTime.moment(of: scheduled, in: timeZone)))
            if let repeater = scheduled.repeater { add("scheduled_repeat", repeater.description) }
        }
        if let parent = ancestors.last(where: { $0.uuid != nil })?.uuid { add("outline_parent", parent) }
        if let note = item.note { fields.append(("annotations", annotations(note))) }
        // The properties, but for those the item itself says.
        let recurs = TaskwarriorFieldCheck.recurs(attributes)
        for property in attributes.properties where !TaskwarriorFieldCheck.written.contains(property.key.lowercased()) {
            let key = property.key.lowercased()
            // The links to a template: an open repeating item's are written from its template
            // below; a done one's, or those of an item that no longer repeats, not at all.
            if key == "end" && item.doneAt != nil || TaskwarriorFieldCheck.recurrenceLinks.contains(key) {
                continue
            }
            add(property.key, property.value)
        }
        if recurs, !item.isDone {
            fields += templates.links(for: fields, uuid: uuid, attributes: attributes, taken: uuidOwners)
        }
        bytes.append(wroteTask ? ",\n{" : "\n{")
        wroteTask = true
        bytes.append(fields.map { JSONText.quote($0.key) + ":" + $0.value }.joined(separator: ","))
        bytes.append("}")
        return uuid
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

    /// A uuid for an item that has none: made from its id and the outline's identity, which a
    /// rename or a move changes neither of, so that exporting again updates the same tasks,
    /// and items of two outlines rarely share one.
    static func uuid(for item: Item, in outlineIdentity: String) -> String {
        uuid(seed: "outline item \(item.id) of \(outlineIdentity)")
    }

    /// A uuid made from `seed` (two FNV-1a hashes), marked as RFC 9562's version 8, made by its
    /// own rule.
    static func uuid(seed: String) -> String {
        let bytes = Array(seed.utf8)
        func fnv(_ basis: UInt64) -> UInt64 {
            bytes.reduce(basis) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        var high = fnv(0xcbf2_9ce4_8422_2325)
        var low = fnv(0x8422_2325_cbf2_9ce4)
        high = (high & ~0xF000) | 0x8000
        low = (low & ~(0xC << 60)) | (0x8 << 60)
        let hex = String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}

extension String {
    /// The string with zeros before it up to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
