/// What a changing command did, in words: the name of its undo step and its one-line summary.
public enum Action: Equatable, Sendable {
    /// Titles added, and the parent's title (nil for the root).
    case add(titles: [String], parentTitle: String?)
    /// Titles of the items named, and how many other items went with them.
    case remove(titles: [String], descendants: Int)
    /// Titles of the items moved, and where they went.
    case move(titles: [String], destination: MoveDestination)
    /// The item's title before and after.
    case edit(from: String, to: String)
    /// Titles of the items marked done (those that were open), and for each repeating item
    /// among them, how its dates moved (`due moved to 2027-01-01`): it stays open.
    case done(titles: [String], moved: [String] = [])
    /// Titles of the items marked open again (those that were done).
    case reopen(titles: [String])
    /// The item's title, and whether its note was removed rather than set.
    case note(title: String, removed: Bool)
    /// Titles of the items copied, how many descendants were copied with them, and where to.
    case copy(titles: [String], descendants: Int, destination: MoveDestination)
    /// The parent's title (nil for the top level), the key and whether the order is reversed.
    case sort(parentTitle: String?, key: SortKey, reversed: Bool)
    /// The names of the documents imported, and how many items they held in all.
    case importDocuments(names: [String], items: Int)
    /// The title of the item whose subtree was edited as text (nil for the whole outline), and
    /// what the edit changed.
    case editText(rootTitle: String?, counts: EditCounts)
    /// Titles of the items whose attributes were set, and what was set, in words (`due
    /// 2026-12-01`, `+work`, `priority A`).
    case set(titles: [String], changes: [String])
    /// The outline's new workflow, as written (`TODO NEXT | DONE`).
    case workflow(String)
    /// A sync round's changes to this outline: how many items it added, removed and changed.
    case sync(added: Int, removed: Int, changed: Int)
    /// A value that sync set aside, put back: the conflict's number, which value (`changes`
    /// for the changes of a removed item that was back already), and the item's title.
    case takeConflict(number: Int, what: String, title: String)
    /// An older step reverted alone (`undo --step`): its number and name.
    case revert(number: Int64, name: String)

    /// Where a `mv` sent its items, in words.
    public enum MoveDestination: Equatable, Sendable {
        /// Under this parent (nil: the top level), at this position if one was given.
        case under(parentTitle: String?, position: Int?)
        /// Just before the sibling of this title.
        case before(siblingTitle: String)
        /// Just after the sibling of this title.
        case after(siblingTitle: String)
    }

    /// The step's name, as `history` lists it: `add "Buy milk"`, `rm "Groceries" and 3 descendants`,
    /// `mv "Milk" under "Dairy"`.
    public var name: String {
        if case .note(let title, removed: true) = self { return "note \(Self.quote(title)) removed" }
        return phrase(verb: verb)
    }

    /// The past-tense summary a command prints: `removed "Groceries" and 3 descendants`.
    public var summary: String {
        if case .done(let titles, let moved) = self { return "marked \(Self.list(titles)) done" + Self.moves(moved) }
        return phrase(verb: pastTense)
    }

    /// What a command that changed nothing says: `nothing changed: "Milk" is already titled "Milk"`.
    public var unchangedSummary: String {
        switch self {
        case .edit(_, let to): "nothing changed: \(Self.quote(to)) already has that title"
        case .move(let titles, _): "nothing changed: \(Self.list(titles)) \(Self.be(titles)) already there"
        case .done(let titles, _): "nothing changed: \(Self.list(titles)) \(Self.be(titles)) already done"
        case .reopen(let titles): "nothing changed: \(Self.list(titles)) \(Self.be(titles)) already open"
        case .note(let title, let removed):
            removed
                ? "nothing changed: \(Self.quote(title)) has no note"
                : "nothing changed: \(Self.quote(title)) already has that note"
        case .sort(let parentTitle, let key, let reversed):
            "nothing changed: \(Self.describeList(parentTitle)) is already "
                + "sorted \(Self.describe(key, reversed: reversed))"
        case .editText: "nothing changed: the text says what the outline already holds"
        case .set(let titles, _):
            "nothing changed: \(Self.list(titles)) \(Self.be(titles)) already as asked"
        case .workflow(let workflow): "nothing changed: the workflow is already \(Self.quote(workflow))"
        default: "nothing changed"
        }
    }

    private static func be(_ titles: [String]) -> String { titles.count == 1 ? "is" : "are" }

    private var verb: String {
        switch self {
        case .add: "add"
        case .remove: "rm"
        case .move: "mv"
        case .edit: "edit"
        case .done: "done"
        case .reopen: "reopen"
        case .note: "note"
        case .copy: "cp"
        case .sort: "sort"
        case .importDocuments: "import"
        case .editText: "edit"
        case .set: "set"
        case .workflow: "workflow"
        case .sync: "sync"
        case .takeConflict: "conflicts take"
        case .revert: "undo --step"
        }
    }

    private var pastTense: String {
        switch self {
        case .add: "added"
        case .remove: "removed"
        case .move: "moved"
        case .edit: "retitled"
        case .done: "marked"
        case .reopen: "reopened"
        case .note(_, let removed): removed ? "removed the note of" : "set the note of"
        case .copy: "copied"
        case .sort: "sorted"
        case .importDocuments: "imported"
        case .editText: "edited"
        case .set: "set"
        case .workflow: "set the workflow to"
        case .sync: "synced"
        case .takeConflict: "took conflict"
        case .revert: "reverted step"
        }
    }

    private func phrase(verb: String) -> String {
        switch self {
        case .add(let titles, let parentTitle):
            return "\(verb) \(Self.list(titles))" + (parentTitle.map { " under \(Self.quote($0))" } ?? "")
        case .remove(let titles, let descendants):
            return "\(verb) \(Self.list(titles, withDescendants: descendants))"
        case .move(let titles, let destination):
            return "\(verb) \(Self.list(titles)) \(Self.describe(destination))"
        case .edit(let from, let to):
            return "\(verb) \(Self.quote(from)) to \(Self.quote(to))"
        case .done(let titles, let moved):
            return "\(verb) \(Self.list(titles))" + Self.moves(moved)
        case .reopen(let titles):
            return "\(verb) \(Self.list(titles))"
        case .set(let titles, let changes):
            return "\(verb) \(Self.list(titles)): " + changes.map(Self.shortened).joined(separator: ", ")
        case .workflow(let workflow):
            return "\(verb) \(Self.quote(workflow))"
        case .revert(let number, let name):
            return "\(verb) \(number): \(name)"
        case .takeConflict(let number, let what, let title):
            return what == "removed"
                ? "\(verb) \(number): brought back \(Self.quote(title))"
                : "\(verb) \(number): the \(what) of \(Self.quote(title))"
        case .note(let title, _):
            return "\(verb) \(Self.quote(title))"
        case .copy(let titles, let descendants, let destination):
            return "\(verb) \(Self.list(titles, withDescendants: descendants)) \(Self.describe(destination))"
        case .sort(let parentTitle, let key, let reversed):
            return "\(verb) \(Self.describeList(parentTitle)) \(Self.describe(key, reversed: reversed))"
        case .importDocuments(let names, let items):
            return "\(verb) \(Self.list(names)) (\(items) \(items == 1 ? "item" : "items"))"
        case .editText(let rootTitle, let counts):
            return "\(verb) \(rootTitle.map(Self.quote) ?? "the outline"): \(counts.description)"
        case .sync(let added, let removed, let changed):
            let parts = [(added, "added"), (removed, "removed"), (changed, "changed")].filter { $0.0 > 0 }
                .map { "\($0.0) \($0.1)" }
            return "\(verb): " + (parts.isEmpty ? "reordered" : parts.joined(separator: ", "))
        }
    }

    /// How repeating items' dates moved, in parentheses: ` (due moved to 2027-01-01)`.
    private static func moves(_ moved: [String]) -> String {
        moved.isEmpty ? "" : " (" + moved.joined(separator: "; ") + ")"
    }

    /// The list a sort reorders: `"Groceries"`, or `the top level`.
    private static func describeList(_ parentTitle: String?) -> String {
        parentTitle.map(quote) ?? "the top level"
    }

    private static func describe(_ key: SortKey, reversed: Bool) -> String {
        "by \(key.rawValue)" + (reversed ? ", reversed" : "")
    }

    private static func describe(_ destination: MoveDestination) -> String {
        switch destination {
        case .under(let parentTitle, let position):
            let place = parentTitle.map { "under \(quote($0))" } ?? "to the top level"
            return place + (position.map { " at \($0)" } ?? "")
        case .before(let sibling): return "before \(quote(sibling))"
        case .after(let sibling): return "after \(quote(sibling))"
        }
    }

    /// `"a"`, `"a" and "b"`, `"a" and 4 others`.
    private static func list(_ titles: [String]) -> String {
        switch titles.count {
        case 0: return "nothing"
        case 1: return quote(titles[0])
        case 2: return "\(quote(titles[0])) and \(quote(titles[1]))"
        default: return "\(quote(titles[0])) and \(titles.count - 1) others"
        }
    }

    /// The titles and how many descendants came with them: `"a" and 3 descendants`, `"a" and "b",
    /// with 1 descendant`; the titles alone when none did.
    private static func list(_ titles: [String], withDescendants descendants: Int) -> String {
        guard descendants > 0 else { return list(titles) }
        let noun = descendants == 1 ? "descendant" : "descendants"
        let joiner = titles.count == 1 ? " and" : ", with"
        return "\(list(titles))\(joiner) \(descendants) \(noun)"
    }

    /// Quotes a title, shortened so that a step name stays one readable line.
    package static func quote(_ title: String) -> String { "\"\(shortened(title))\"" }

    /// The title cut to 48 characters, with an ellipsis when it was longer.
    static func shortened(_ title: String) -> String {
        let limit = 48
        guard title.count > limit else { return title }
        // String + String: appending a Substring to a String looks up a conformance at run time,
        // a scan of every conformance record in the binary (Docs/performance.md, "Start-up").
        return String(title.prefix(limit - 1)) + "…"
    }
}

/// What `sort` orders a list by.
public enum SortKey: String, CaseIterable, Sendable {
    /// By title, in the order of sections by initial (`TitleCollation`).
    case title
    /// Open items before done ones.
    case state
}
