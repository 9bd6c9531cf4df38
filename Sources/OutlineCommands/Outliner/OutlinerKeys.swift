/// The outliner's keys, as `?` lists them and `outline tui --help` (and so the man page) does:
/// one list, so the screen and the manual cannot disagree.
enum OutlinerKeys {
    /// Each key or group of keys, and what it does.
    static let table: [(keys: String, meaning: String)] = [
        ("j k, Down Up", "next, previous row"),
        ("h l, Left Right", "fold, unfold (h on a folded item: to its parent)"),
        ("Enter, Backspace", "zoom into the item, zoom out"),
        ("g G, Home End", "first, last row"),
        ("PgUp PgDn, Ctrl-B Ctrl-F", "a screen up, down"),
        ("/ n N", "search (as find), next match, previous match"),
        ("i a", "edit the title (Enter saves, Esc cancels)"),
        ("o O", "add an item below, above"),
        ("Tab, Shift-Tab", "indent, outdent"),
        ("K J, Alt-Up Alt-Down", "move up, down among its siblings"),
        ("dd, Delete", "remove the item with its subtree"),
        ("x", "done, or open again"),
        ("s", "the next keyword of the workflow"),
        ("yy p", "copy the item, paste a copy below (as cp)"),
        ("e", "edit the note in $EDITOR"),
        (":", "run an outline command on the item (:set --due fri)"),
        ("u, Ctrl-R", "undo, redo (the history every command shares)"),
        ("?", "this list"),
        ("q, Ctrl-C", "quit"),
    ]

    /// The table as lines, the keys in a column of their own.
    static var helpLines: [String] {
        let width = table.map(\.keys.count).max() ?? 0
        return table.map { "  " + $0.keys + String(repeating: " ", count: width - $0.keys.count) + "  " + $0.meaning }
    }
}
