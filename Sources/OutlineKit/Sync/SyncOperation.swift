/// One change in the shared log, in terms of global ids: what every machine applies, in the log's
/// order, to reach the same outline. A machine's pending changes are worked out as operations when
/// it syncs (`SyncDiff`), so commands, undo and redo need not know about sync.
///
/// Each value an item holds changes by an operation of its own, so that two machines that change
/// different values of one item both keep theirs: tags are added and removed one at a time (a
/// set merges), a property is set by its key.
enum SyncOperation: Equatable, Sendable {
    /// Which of an item's dates an operation sets.
    enum DateField: String, Sendable {
        case scheduled, due
    }

    /// An item made (or brought back by an undo) under `parent`, with its content.
    case create(
        uid: String, parent: String, key: String, title: String, doneAt: Double?, note: String?,
        attributes: SyncAttributes)
    /// An item moved under `parent`, or among its siblings, to the place `key` gives.
    case move(uid: String, parent: String, key: String)
    /// An item's new place among its siblings, if it is still under `parent` (a move to another
    /// list, made elsewhere, wins over a new place in the old one).
    case order(uid: String, parent: String, key: String)
    /// An item's new title.
    case setTitle(uid: String, title: String)
    /// An item's new state, one value: its keyword, when it was done (nil while open) and when a
    /// repeating task was last done. One value, so that a keyword never ends up beside a done
    /// time that another machine's change meant for another keyword.
    case setState(uid: String, keyword: String?, doneAt: Double?, lastDone: Double?)
    /// An item's new note, or none.
    case setNote(uid: String, note: String?)
    /// An item's new scheduled or due date, or none.
    case setDate(uid: String, field: DateField, date: SyncAttributes.Date?)
    /// An item's new priority, or none.
    case setPriority(uid: String, priority: String?)
    /// A tag added to an item (nothing if it has it, ignoring case).
    case tag(uid: String, tag: String)
    /// A tag taken from an item (ignoring case).
    case untag(uid: String, tag: String)
    /// One property of an item set, or removed (nil).
    case setProperty(uid: String, key: String, value: String?)
    /// The outline's workflow, as `Workflow.description` writes it.
    case setWorkflow(String)
    /// An item removed. Its children that no operation removed move to its parent.
    case delete(uid: String)
    /// A value set aside: the machine that wrote the batch changed what another machine had
    /// changed before it saw that change. Every machine lists it, under the next number.
    case conflict(SyncConflict)
    /// Conflict `number` taken or dismissed: no machine lists it any more.
    case resolve(number: Int)

    /// The item the operation is about; the root's id for the workflow and a resolution.
    var uid: String {
        switch self {
        case .create(let uid, _, _, _, _, _, _), .move(let uid, _, _), .order(let uid, _, _), .setTitle(let uid, _),
            .setState(let uid, _, _, _), .setNote(let uid, _), .setDate(let uid, _, _), .setPriority(let uid, _),
            .tag(let uid, _), .untag(let uid, _), .setProperty(let uid, _, _), .delete(let uid):
            uid
        case .conflict(let conflict): conflict.uid
        case .setWorkflow, .resolve: SyncTree.rootUID
        }
    }

    /// Whether the first format of the log can say it: the title, note, done time and place.
    /// A batch that holds anything more is written in format 2, which a machine that predates
    /// attributes refuses ("upgrade outline") rather than drop them without a word.
    var fitsFirstFormat: Bool {
        switch self {
        case .create(_, _, _, _, _, _, let attributes): attributes.isEmpty
        case .setState(_, let keyword, _, let lastDone): keyword == nil && lastDone == nil
        case .move, .order, .setTitle, .setNote, .delete: true
        case .setDate, .setPriority, .tag, .untag, .setProperty, .setWorkflow, .conflict, .resolve: false
        }
    }
}
