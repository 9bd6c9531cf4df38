import Foundation
import GRDB

/// Every way an outline operation can be refused or fail.
///
/// Messages are short, lowercase and one line, in the library's own terms: they name files, items
/// and steps, never a command-line option or command. A front end adds its own advice where it
/// reports them (the `outline` executable adds, for example, which option to use). Tests compare
/// errors by value, so each case carries the facts that make it distinct.
public enum OutlineError: Error, Equatable, Sendable {
    // The database file.

    /// A new database file (or its folder) could not be made at `path`.
    case cannotCreateDatabase(path: String, reason: String)
    /// The file at `path` exists but could not be opened.
    case cannotOpenDatabase(path: String, reason: String)
    /// No path was given and there is no `$HOME` to find the default database under.
    case noDefaultLocation
    /// There is no file at `path`, and the store was asked not to create one.
    case noOutline(path: String)
    /// The file at `path` is not an SQLite database at all (a folder, an empty or foreign file).
    case notADatabase(path: String, reason: String)
    /// The file at `path` is an SQLite database made by another program.
    case notAnOutlineDatabase(path: String)
    /// The file at `path` was written by a newer version of the schema than this library knows.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file at `path` has an older schema, and the store was opened with
    /// `upgradingOlderFiles: false`.
    case olderSchema(path: String, found: Int, current: Int)
    /// The schema version in the file's header does not match the tables it holds.
    case schemaMismatch(path: String, version: Int, reason: String)
    /// Another connection held the write lock past the busy timeout.
    case databaseBusy(path: String)
    /// The file, or its folder, cannot be written.
    case databaseReadOnly(path: String)
    /// SQLite found damage in the file.
    case databaseCorrupt(path: String, reason: String)
    /// The file is shorter than its header says: a copy cut short.
    case databaseTruncated(path: String, size: Int64, promised: Int64)
    /// The disk has no room for the change.
    case diskFull(path: String)
    /// Any other failure of SQLite, with the error GRDB reported.
    case databaseFailure(cause: DatabaseFailure)
    /// The store was closed (`OutlineStore.close()`) before this call.
    case storeClosed(path: String)
    /// An item is its own ancestor; only a file edited outside outline can hold one.
    case cycle(ItemID)
    /// An item's parent is missing; only a file edited outside outline can lack one.
    case missingParent(item: ItemID, parent: ItemID)
    /// An item's parent or position holds a value outline never writes (`ItemFault`); only a file
    /// edited outside outline holds one.
    case malformedItem(ItemID, ItemFault)

    // Items and references.

    /// No item has this id.
    case unknownItem(ItemID)
    /// A reference that is neither an id nor a path of titles (`A//B`); `reason` says why.
    case invalidReference(String, reason: String)
    /// No item has this title where the path looked: under the item titled `parentTitle` (nil:
    /// anywhere, or at the top level when `atTopLevel`). `hint` says what the path may have
    /// meant, where the outline shows it (a title holding a `/`, one that differs in accents).
    case noItemTitled(title: String, parentTitle: String?, atTopLevel: Bool, hint: UnmatchedPathHint? = nil)
    /// The reference names several items; `candidates` are the first of them (id and printed
    /// path, by id), `count` how many there are in all.
    case ambiguousReference(String, candidates: [ReferenceCandidate], count: Int)
    /// A search with no text to look for.
    case emptySearch
    /// The root was named where only an item can be; `operation` is what was refused ("removed").
    case rootNotAllowed(operation: String)
    /// The same item was named twice in one operation.
    case duplicateItem(ItemID)
    /// An operation on items was given none.
    case noItems

    // Titles.

    /// A title is empty, or holds only white space or invisible characters.
    case emptyTitle
    /// A title holds a C0 or C1 control character (`scalar`).
    case controlCharacterInTitle(title: String, scalar: UInt32)
    /// A title holds U+2028 or U+2029 (`scalar`).
    case lineSeparatorInTitle(title: String, scalar: UInt32)
    /// An add was given no titles.
    case noTitles
    /// A title is longer than `Title.maximumBytes`.
    case titleTooLong(bytes: Int, limit: Int)

    // Notes.

    /// A note holds a control character other than a line end or a tab, on `line` (from 1).
    case controlCharacterInNote(line: Int, scalar: UInt32)
    /// A note is longer than `Note.maximumBytes`.
    case noteTooLong(bytes: Int, limit: Int)

    // Documents.

    /// Item `item` holds a character (`scalar`) that a document of `format` cannot hold: only
    /// a file edited outside outline has such a title or note.
    case cannotExport(item: ItemID, format: String, scalar: UInt32)

    // Editing in an editor.

    /// An edited text cannot be applied because of what is on `line` (from 1).
    case editRefused(line: Int, reason: String)
    /// The subtree an edited text was made from has changed since (`rootTitle` nil: the whole
    /// outline).
    case editedSubtreeChanged(rootTitle: String?)
    /// An edited text was made from the subtree of another item than the one it is applied to.
    case editedTextOfOtherItem(madeFrom: ItemID, appliedTo: ItemID)

    // Placement.

    /// A position outside 1 to one past the last child.
    case positionOutOfRange(position: Int, parent: ItemID, validRange: ClosedRange<Int>)
    /// A move of an item under itself or one of its descendants.
    case moveIntoOwnSubtree(item: ItemID, destination: ItemID)
    /// The change would nest items deeper than `OutlineStore.maximumDepth`.
    case nestingTooDeep(limit: Int)
    /// The file nests items deeper than the limit; only a file edited outside outline can.
    case fileNestsTooDeep(limit: Int)
    /// The sibling that marks the place is itself one of the items being moved.
    case anchorIsMoved(ItemID)
    /// The sibling that marks the place is not a child of the parent that was also named.
    case anchorNotUnderParent(anchor: ItemID, parent: ItemID)
    /// The item is not a row of the `VisibleTree` asked about: outside its root, or folded away.
    case notShown(item: ItemID, root: ItemID)

    // What an item holds.

    /// A workflow that cannot be read: `reason` says what was expected.
    case invalidWorkflow(String, reason: String)
    /// A workflow would drop `keyword`, which `count` items still carry.
    case keywordInUse(keyword: String, count: Int)
    /// A state that is not a keyword of the outline's workflow (`workflow`, as written).
    case unknownKeyword(String, workflow: String)
    /// An imported item whose keyword is open in the workflow (or in the document) while the
    /// item is done, or the other way round.
    case keywordContradicted(title: String, keyword: String, isDone: Bool)
    /// A document whose own workflow (org's `#+TODO:` line) has a keyword done that the
    /// outline's has open, or the other way round.
    case workflowContradicted(keyword: String, isDone: Bool)
    /// A tag that is not a word of letters, digits, `_` and `@`.
    case invalidTag(String)
    /// A priority other than A, B or C (or taskwarrior's H, M, L).
    case invalidPriority(String)
    /// A property that cannot be set or looked for: its key is not a word, is reserved, or its
    /// value is not one line; `reason` says which.
    case invalidProperty(String, reason: String)
    /// A date that cannot be read; `reason` says what was expected.
    case invalidDate(String, reason: String)

    // Undo and redo; `verb` is "undo" or "redo".

    /// The history has no step to undo (or redo).
    case nothingTo(verb: String)
    /// Fewer steps can be undone (or redone) than were asked for.
    case notEnoughSteps(verb: String, requested: Int, available: Int)
    /// The database no longer matches the step: it was changed outside outline since.
    case historyMismatch(verb: String, step: String, reason: String)
    /// An undo or redo refused because a sync has since changed the items the step changed, or
    /// the lists they are in.
    case historyChangedBySync(verb: String, step: String)
    /// A redo of `conflicts take` refused because its undo was sent and the log lists the
    /// conflict again, under `number`: a take of that number does what the redo would have.
    case takeListedAgain(step: String, number: Int)
    /// `undo --step N` of a step that cannot be reverted alone: none has that number, it is a
    /// sync round's, or it is undone already.
    case stepNotRevertible(number: Int64, reason: String)

}

extension OutlineError: LocalizedError {
    /// The one-line message, for code that reads errors through `LocalizedError`.
    public var errorDescription: String? { message }

    /// The one-line message, without the `error: ` prefix.
    public var message: String {
        switch self {
        case .cannotCreateDatabase(let path, let reason):
            return "cannot create database '\(path)': \(reason)"
        case .cannotOpenDatabase(let path, let reason):
            return "cannot open database '\(path)': \(reason)"
        case .noDefaultLocation:
            return "$HOME is not set, so there is no default database"
        case .noOutline(let path):
            return "no outline at \(path)"
        case .notADatabase(let path, let reason):
            return "'\(path)' is not an outline database: \(reason)"
        case .notAnOutlineDatabase(let path):
            return "'\(path)' is an SQLite database but not an outline database"
        case .newerSchema(let path, let found, let supported):
            return "'\(path)' was written by a newer outline (schema \(found); this one knows up to "
                + "\(supported)); upgrade outline"
        case .olderSchema(let path, let found, let current):
            return "'\(path)' was written by an older outline (schema \(found); this one writes \(current)); "
                + "any outline command opens it as it is upgraded"
        case .schemaMismatch(let path, let version, let reason):
            return "'\(path)' says it holds schema version \(version), but its tables do not match (\(reason)); "
                + "it was changed outside outline"
        case .databaseBusy(let path):
            return "database '\(path)' stayed locked by another process for too long; try again"
        case .databaseReadOnly(let path):
            return "database '\(path)' is read-only; check the permissions of the file and its folder"
        case .databaseCorrupt(let path, let reason):
            return "database '\(path)' is damaged (\(reason))"
        case .databaseTruncated(let path, let size, let promised):
            return "database '\(path)' is cut short: it holds \(size) bytes where its header promises "
                + "\(promised); restore it from a backup"
        case .diskFull:
            return "database failure: the disk is full"
        case .databaseFailure(let failure):
            return "database failure: \(failure)"
        case .storeClosed(let path):
            return "the store of '\(path)' was closed"
        case .cycle(let id):
            return "item \(id) is its own ancestor (the file was edited outside outline)"
        case .missingParent(let item, let parent):
            return "item \(item) is cut off from the root: its parent \(parent) is missing "
                + "(the file was edited outside outline)"
        case .malformedItem(let id, let fault):
            return fault.describe(id) + " (the file was edited outside outline)"
        case .unknownItem(let id):
            return "no item with id \(id)"
        case .invalidWorkflow(let text, let reason):
            return "cannot read the workflow \"\(TitleSanitizer.forTerminal(text))\": \(reason)"
        case .keywordInUse(let keyword, let count):
            return "the workflow cannot drop \(keyword): \(count) \(count == 1 ? "item carries" : "items carry") it"
        case .unknownKeyword(let keyword, let workflow):
            return "\"\(TitleSanitizer.forTerminal(keyword))\" is not a keyword of the workflow \"\(workflow)\""
        case .keywordContradicted(let title, let keyword, let isDone):
            // Words chosen first: a literal that nests quotes in an interpolation reads to
            // BoundParametersTests' scan as SQL when a piece of it starts with "with".
            let (state, other) = isDone ? ("done", "an open") : ("open", "a done")
            return "cannot import \"\(TitleSanitizer.forTerminal(title))\": it is \(state) with \(keyword), "
                + "which the workflow (or an earlier item) has as \(other) keyword"
        case .workflowContradicted(let keyword, let isDone):
            let (state, other) = isDone ? ("done", "an open") : ("open", "a done")
            return "cannot import: the document's workflow has \(keyword) as \(state), "
                + "which this outline's workflow has as \(other) keyword ('outline workflow' shows it)"
        case .invalidTag(let tag):
            return "\"\(TitleSanitizer.forTerminal(tag))\" is not a tag: a tag is one word of letters, digits, _ and @"
        case .invalidPriority(let text):
            return "\"\(TitleSanitizer.forTerminal(text))\" is not a priority: expected A, B or C (or H, M, L), or none"
        case .invalidProperty(let text, let reason):
            return "cannot use the property \"\(TitleSanitizer.forTerminal(text))\": \(reason)"
        case .invalidDate(let text, let reason):
            return "cannot read the date \"\(TitleSanitizer.forTerminal(text))\": \(reason)"
        case .invalidReference(let text, let reason):
            return "'\(TitleSanitizer.forTerminal(text))' does not name an item: \(reason)"
        case .noItemTitled(let title, let parentTitle, let atTopLevel, let hint):
            let shown = "\"\(TitleSanitizer.forTerminal(title))\""
            let missed =
                if let parentTitle {
                    "no item titled \(shown) under \"\(TitleSanitizer.forTerminal(parentTitle))\""
                } else {
                    atTopLevel ? "no top-level item titled \(shown)" : "no item titled \(shown)"
                }
            return missed + (hint.map { "; " + TitleSanitizer.forTerminal($0.phrase()) } ?? "")
        case .ambiguousReference(let text, _, let count):
            return "'\(TitleSanitizer.forTerminal(text))' names \(count) items; name one by its id or a longer path"
        case .emptySearch:
            return "find needs some text to look for"
        case .rootNotAllowed(let operation):
            return "the root (0) cannot be \(operation)"
        case .duplicateItem(let id):
            return "item \(id) is named more than once"
        case .noItems:
            return "no items were named"
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
        case .noTitles:
            return "no titles to add"
        case .titleTooLong(let bytes, let limit):
            return "a title of \(bytes) bytes is longer than the limit of \(limit) bytes"
        case .controlCharacterInNote(let line, let scalar):
            return String(
                format: "the note holds the control character U+%04X on line %d; a note is lines of text", scalar,
                line)
        case .noteTooLong(let bytes, let limit):
            return "a note of \(bytes) bytes is longer than the limit of \(limit) bytes"
        case .cannotExport(let item, let format, let scalar):
            return String(
                format:
                    "item %lld holds the character U+%04X, which %@ cannot hold (the file was edited outside outline)",
                item, scalar, format)
        case .editRefused(let line, let reason):
            return "line \(line): \(reason)"
        case .editedSubtreeChanged(let rootTitle):
            let subject = rootTitle.map { "the items under \(Action.quote($0))" } ?? "the outline"
            // The base covers the states as `[ ]` and `[x]` showed them, which a new workflow
            // changes too: the message names both, as the fingerprint cannot tell them apart.
            return "\(subject), or the workflow that [ ] and [x] stand for, changed after this text was made, "
                + "so applying it could undo that change; nothing was changed"
        case .editedTextOfOtherItem(let madeFrom, let appliedTo):
            let from = madeFrom == ItemID.root ? "the whole outline" : "the items under item \(madeFrom)"
            let to = appliedTo == ItemID.root ? "the whole outline" : "those under item \(appliedTo)"
            return "this text was made from \(from), not \(to); nothing was changed"
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
            return "the outline nests more than \(limit) levels deep (the file was edited outside outline)"
        case .notShown(let id, let root):
            return root == .root
                ? "item \(id) is folded away" : "item \(id) is not shown under item \(root), or is folded away"
        case .anchorIsMoved(let id):
            return "item \(id) is being moved, so it cannot also mark the place"
        case .anchorNotUnderParent(let anchor, let parent):
            let place = parent == ItemID.root ? "a top-level item" : "a child of \(parent)"
            return "item \(anchor) is not \(place)"
        case .nothingTo(let verb):
            return "nothing to \(verb)"
        case .notEnoughSteps(let verb, let requested, let available):
            let done = verb == "undo" ? "undone" : "redone"
            if requested < 1 { return "the number of steps to \(verb) must be at least 1" }
            return "cannot \(verb) \(requested) steps: only \(available) can be \(done); nothing was changed"
        case .historyMismatch(let verb, let step, let reason):
            return "cannot \(verb) \(step): the database was changed outside outline (\(reason)); "
                + "nothing was changed"
        case .historyChangedBySync(let verb, let step):
            // An older step whose own items are as it left them can still be reverted alone.
            let older = verb == "undo" ? "; 'outline undo --step N' undoes an older step alone" : ""
            return "cannot \(verb) \(step): a sync has since changed its items; nothing was changed\(older)"
        case .takeListedAgain(let step, let number):
            return "cannot redo \(step): its undo was sent, and the conflict is listed again as conflict \(number); "
                + "nothing was changed; 'outline conflicts take \(number)' takes it"
        case .stepNotRevertible(let number, let reason):
            return "cannot undo step \(number) alone: \(reason)"
        }
    }
}
