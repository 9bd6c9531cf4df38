import Foundation
import OutlineKit

/// The state of `outline tui`, and what each key does to it and to the outline.
///
/// It knows no terminal: it takes keys (`handle(_:)`) and the size of the screen, and gives the
/// lines to draw (`frame(rows:columns:)`); what needs the terminal itself (the note's editor, a
/// `:` command's run) comes back as an `Effect` for the caller to carry out. So tests drive it
/// key by key against a model, and the screen code stays a thin loop (`Outline.Tui`).
///
/// The rows come from the store a screen at a time (`OutlineStore.rows(of:from:count:)`): the
/// state holds the cursor's item and its line on the screen, never a list of rows, so a million
/// items cost what a screenful costs.
final class Outliner {
    let store: OutlineStore
    /// What is shown: the zoomed-into root and the folds.
    var tree: VisibleTree
    /// The item under the cursor; nil while the view is empty.
    var cursor: ItemID?
    /// The cursor's line among the tree's lines on the screen, kept where it is while the rows
    /// around it change (a key, another process's change), so the screen does not jump.
    var cursorLine = 0
    /// What the keys go to.
    var mode: Mode = .browsing
    /// Between the terminal's marks of a paste: its bytes are text, its line ends spaces, and
    /// while moving around none of it is a command.
    var isPasting = false
    /// The first key of a two-key command (`d` of `dd`, `y` of `yy`), waiting for its second.
    var pendingKey: UInt8?
    /// The line at the bottom: what the last key did, or why it did nothing.
    var message: StatusMessage?
    /// The item `yy` copied, for `p`.
    var copiedItem: ItemID?
    /// The last search's matches, in outline order, and their terms.
    var search: (terms: String, matches: [ItemID])?
    /// Set while a `:` command runs: the changes the next poll brings are the user's own, made
    /// through the command, and are not marked as another process's.
    var nextChangesAreOwn = false
    /// What this outliner did to the history: another process's changes are marked, its own
    /// are not.
    var ownEvents: Set<OwnEvent> = []
    /// Rows another process just changed, marked until the time given.
    var marks: [ItemID: (mark: RowMark, until: Date)] = [:]
    /// How many tree lines the last frame had: what Page Up and Page Down move by.
    var pageSize = 10
    /// The rows around the cursor in the last frame, nearest first, then its ancestors: where
    /// the cursor goes when another process removes its item.
    var lastNeighbours: [ItemID] = []

    /// What keys are going to.
    enum Mode: Equatable {
        /// Moving around and giving commands.
        case browsing
        /// Editing a title in place.
        case editing(EditedLine, LineEditor)
        /// Typing a search after `/`.
        case searching(LineEditor)
        /// Typing an `outline` command line after `:`.
        case commandLine(LineEditor)
        /// The list of keys, or what a `:` command printed: any key returns.
        case reading(title: String, lines: [String], offset: Int)
    }

    /// Which title the line editor edits.
    enum EditedLine: Equatable {
        /// An item's title, and the title it had when the editing began: if another process
        /// retitles it meanwhile, Enter says so rather than overwrite it unseen.
        case title(ItemID, original: String)
        /// A new item's, to be added there when Enter takes it.
        case newItem(under: ItemID, placement: Placement)
    }

    /// What the caller must do with the terminal after a key.
    enum Effect: Equatable {
        case none
        case quit
        /// Open the item's note in the user's editor, then call `finishNoteEdit`.
        case editNote(ItemID)
        /// Run `outline` with these arguments, then call `finishCommand`.
        case runCommand([String])
        /// Draw the screen (which says a search runs), then call `runSearch`.
        case search(String)
    }

    /// A step this outliner made, undid or redid.
    struct OwnEvent: Hashable {
        var step: StepID
        var kind: StepEvent
    }

    /// One line of news at the bottom of the screen.
    struct StatusMessage: Equatable {
        var text: String
        var isError = false
    }

    /// An outliner on `store` showing `root`'s subtree, the cursor on its first child.
    init(store: OutlineStore, root: ItemID = .root) throws {
        self.store = store
        tree = VisibleTree(root: root)
        cursor = try store.firstRow(of: tree)
    }

    // MARK: Rows around the cursor

    /// The row of the cursor's item.
    func cursorRow() throws -> OutlineRow? {
        guard let cursor else { return nil }
        return try store.rows(of: tree, from: cursor, count: 1).first
    }

    /// Moves the cursor to `id`, shown as it is (the caller made sure it is a row), and its line
    /// on the screen by `lineChange`; the next frame keeps the line within the screen.
    func moveCursor(to id: ItemID?, lineChange: Int) {
        cursor = id
        // Saturating: keys that come together (End pressed thrice) are handled before a frame.
        let (line, overflow) = cursorLine.addingReportingOverflow(lineChange)
        cursorLine = overflow ? Int.max : max(0, line)
    }

    /// Puts the cursor on `id`, unfolding its ancestors and zooming out as far as it takes.
    func reveal(_ id: ItemID) throws {
        let ancestors = try store.ancestors(of: id)
        if tree.root != .root, !ancestors.contains(tree.root) { tree.root = .root }
        for ancestor in ancestors { tree.unfold(ancestor) }
        cursor = id
    }

    /// After the outline changed (here or in another process): the cursor stays on its item if
    /// it is still shown, else on the row that stands for it (a folded ancestor), else on the
    /// nearest of `neighbours` still shown, else on the first row.
    func repairCursor(neighbours: [ItemID] = []) throws {
        if tree.root != .root, try !store.exists(tree.root) {
            tree.root = .root
        }
        for candidate in [cursor].compactMap({ $0 }) + neighbours {
            if let shown = try store.shownRow(for: candidate, in: tree) {
                cursor = shown
                return
            }
        }
        cursor = try store.firstRow(of: tree)
        cursorLine = 0
    }

    /// Where the cursor goes if its item goes, read now: the rows next to it, then its ancestors.
    func neighbours() throws -> [ItemID] {
        guard let cursor else { return [] }
        let below = try store.rows(of: tree, from: cursor, count: 4).dropFirst().map(\.id)
        let above = try store.rows(of: tree, before: cursor, count: 3).reversed().map(\.id)
        return try neighbours(of: cursor, below: below, above: above)
    }

    /// The rows `below` and `above` the cursor (each nearest first), taken in turn, at most six,
    /// then the cursor's ancestors, the nearest first: the order `repairCursor` tries them in.
    func neighbours(of cursor: ItemID, below: [ItemID], above: [ItemID]) throws -> [ItemID] {
        var nearby: [ItemID] = []
        for index in 0..<max(below.count, above.count) where nearby.count < 6 {
            if index < below.count { nearby.append(below[index]) }
            if index < above.count { nearby.append(above[index]) }
        }
        return nearby + (try store.ancestors(of: cursor).reversed())
    }

    // MARK: Messages

    /// Shows what a change did, as the command that does the same says it.
    func report(_ result: ChangeResult) {
        if let step = result.step { ownEvents.insert(OwnEvent(step: step, kind: .done)) }
        message = StatusMessage(text: result.action.summary)
    }

    /// Shows why a key did nothing.
    func complain(_ text: String) {
        message = StatusMessage(text: text, isError: true)
    }

    /// Shows an error as `outline` would print it.
    func complain(about error: Error) {
        complain(Self.wording(of: error))
    }

    /// The one line an error is shown as.
    static func wording(of error: Error) -> String {
        switch error {
        case let error as OutlineError: error.commandLineMessage
        case let failure as CommandFailure: failure.message
        default: String(describing: error)
        }
    }
}
