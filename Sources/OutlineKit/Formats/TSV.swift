/// One item a line, tab-separated, as the `outline` command lists them for scripts:
/// `id TAB parent TAB position TAB depth TAB title TAB done` (done is 1 or 0).
public enum TSV {
    /// One line, without its newline. Titles are stored without tabs or newlines; one that came in
    /// through another tool is escaped, so that a line is always one item.
    ///
    /// - Parameters:
    ///   - entry: the item, with its depth in the walk.
    ///   - forTerminal: also neutralise bidirectional overrides, as for any text meant for a
    ///     person's eyes; scripts reading a pipe get the title as stored.
    public static func line(for entry: TreeEntry, forTerminal: Bool = false) -> String {
        let item = entry.item
        let title = forTerminal ? TitleSanitizer.forTerminal(item.title) : TitleSanitizer.escapingControls(item.title)
        return "\(item.id)\t\(item.parentID)\t\(item.position)\t\(entry.depth)\t" + title
            + (item.isDone ? "\t1" : "\t0")
    }
}
