import Foundation

/// Every way an outline command can be refused or fail.
///
/// Messages are short, lowercase and one line: the executable prints them behind `error: `.
/// Tests compare errors by value, so each case carries the facts that make it distinct.
public enum OutlineError: Error, Equatable, Sendable {
    // The database file.
    case cannotCreateDatabase(path: String, reason: String)
    case cannotOpenDatabase(path: String, reason: String)
    case emptyDatabasePath
    /// No file at a path that was named on purpose (`OutlineStore.MissingFile.refuse`).
    case noOutline(path: String)
    case notADatabase(path: String, reason: String)
    case notAnOutlineDatabase(path: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case schemaMismatch(path: String, version: Int, reason: String)
    case databaseBusy(path: String)
    case databaseReadOnly(path: String)
    case databaseCorrupt(path: String, reason: String)
    case databaseTruncated(path: String, size: Int64, promised: Int64)
    case databaseFailure(String)
    /// Only a file edited outside outline can hold one.
    case cycle(ItemID)

    // Items and references.
    case unknownItem(ItemID)
    case rootNotAllowed(operation: String)
    case duplicateItem(ItemID)
    case noItems

    // Titles.
    case emptyTitle
    case controlCharacterInTitle(title: String, scalar: UInt32)
    case lineSeparatorInTitle(title: String, scalar: UInt32)
    case invalidUTF8(line: Int)
    case lineTooLong(line: Int, limit: Int)
    case noTitles
    case titleTooLong(bytes: Int, limit: Int)

    // Placement.
    case positionOutOfRange(position: Int, parent: ItemID, validRange: ClosedRange<Int>)
    case moveIntoOwnSubtree(item: ItemID, destination: ItemID)
    case nestingTooDeep(limit: Int)
    /// Only a file edited outside outline can nest deeper than the limit.
    case fileNestsTooDeep(limit: Int)
    case anchorIsMoved(ItemID)
    case anchorNotUnderParent(anchor: ItemID, parent: ItemID)

    // Undo and redo; `verb` is "undo" or "redo".
    case nothingTo(verb: String)
    case notEnoughSteps(verb: String, requested: Int, available: Int)
    case historyMismatch(verb: String, step: String, reason: String)
}

extension OutlineError: LocalizedError {
    public var errorDescription: String? { message }

    /// The one-line message, without the `error: ` prefix.
    public var message: String {
        switch self {
        case .cannotCreateDatabase(let path, let reason):
            return "cannot create database '\(path)': \(reason)"
        case .cannotOpenDatabase(let path, let reason):
            return "cannot open database '\(path)': \(reason)"
        case .emptyDatabasePath:
            return "--db needs a path; it was given an empty one"
        case .noOutline(let path):
            return "no outline at \(path)"
        case .notADatabase(let path, let reason):
            return "'\(path)' is not an outline database: \(reason)"
        case .notAnOutlineDatabase(let path):
            return "'\(path)' is an SQLite database but not an outline database; "
                + "choose another file with --db"
        case .newerSchema(let path, let found, let supported):
            return "'\(path)' was written by a newer outline (schema \(found); this one knows up to "
                + "\(supported)); upgrade outline"
        case .schemaMismatch(let path, let version, let reason):
            return "'\(path)' says it holds schema version \(version), but its tables do not match (\(reason)); "
                + "it was changed outside outline"
        case .databaseBusy(let path):
            return "database '\(path)' stayed locked by another process for too long; try again"
        case .databaseReadOnly(let path):
            return "database '\(path)' is read-only; check the permissions of the file and its folder"
        case .databaseCorrupt(let path, let reason):
            return "database '\(path)' is damaged (\(reason)); 'outline check' lists the damage"
        case .databaseTruncated(let path, let size, let promised):
            return "database '\(path)' is cut short: it holds \(size) bytes where its header promises "
                + "\(promised); restore it from a backup"
        case .databaseFailure(let reason):
            return "database failure: \(reason)"
        case .cycle(let id):
            return "item \(id) is its own ancestor (the file was edited outside outline); run 'outline check'"
        case .unknownItem(let id):
            return "no item with id \(id)"
        case .rootNotAllowed(let operation):
            return "the root (0) cannot be \(operation); name an item id"
        case .duplicateItem(let id):
            return "item \(id) is named more than once"
        case .noItems:
            return "name at least one item id"
        case .emptyTitle:
            return "a title cannot be empty"
        case .controlCharacterInTitle(let title, let scalar):
            let shown = TitleSanitizer.escapingControls(Action.shortened(title))
            return String(
                format: "title \"%@\" holds the control character U+%04X; titles are one line of text",
                shown, scalar)
        case .lineSeparatorInTitle(let title, let scalar):
            let shown = TitleSanitizer.forTerminal(Action.shortened(title))
            return String(
                format: "title \"%@\" holds the line break U+%04X; titles are one line of text", shown, scalar)
        case .invalidUTF8(let line):
            return "standard input line \(line) is not valid UTF-8"
        case .lineTooLong(let line, let limit):
            return "standard input line \(line) is longer than a title may be (\(limit) bytes)"
        case .noTitles:
            return "no titles to add (standard input held only blank lines)"
        case .titleTooLong(let bytes, let limit):
            return "a title of \(bytes) bytes is longer than the limit of \(limit) bytes"
        case .positionOutOfRange(let position, let parent, let range):
            let place = parent == ItemID.root ? "at the top level" : "under \(parent)"
            if range.lowerBound == range.upperBound {
                return "position \(position) is out of range: \(place) the only position is 1"
            }
            return "position \(position) is out of range: \(place) use "
                + "\(range.lowerBound) to \(range.upperBound)"
        case .moveIntoOwnSubtree(let item, let destination):
            return destination == item
                ? "cannot move item \(item) under itself"
                : "cannot move item \(item) into its own subtree (\(destination) is inside it)"
        case .nestingTooDeep(let limit):
            return "that would nest items more than \(limit) levels deep, the most an outline may"
        case .fileNestsTooDeep(let limit):
            return "the outline nests more than \(limit) levels deep (the file was edited outside outline); "
                + "run 'outline check'"
        case .anchorIsMoved(let id):
            return "item \(id) is being moved, so it cannot also mark the place"
        case .anchorNotUnderParent(let anchor, let parent):
            let place = parent == ItemID.root ? "a top-level item" : "a child of \(parent)"
            return "item \(anchor) is not \(place); drop --under or name a sibling there"
        case .nothingTo(let verb):
            return "nothing to \(verb)"
        case .notEnoughSteps(let verb, let requested, let available):
            let done = verb == "undo" ? "undone" : "redone"
            if requested < 1 { return "the number of steps to \(verb) must be at least 1" }
            return "cannot \(verb) \(requested) steps: only \(available) can be \(done); nothing was changed"
        case .historyMismatch(let verb, let step, let reason):
            return "cannot \(verb) \(step): the database was changed outside outline (\(reason)); "
                + "nothing was changed"
        }
    }
}
