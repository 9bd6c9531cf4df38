/// The `ls --tsv` line format: `id TAB parent TAB position TAB depth TAB title`.
public enum TSV {
    /// One line, without its newline. Titles are stored without tabs or newlines; one that came in
    /// through another tool is escaped, so that a line is always one item.
    public static func line(for entry: TreeEntry) -> String {
        let item = entry.item
        return "\(item.id)\t\(item.parentID)\t\(item.position)\t\(entry.depth)\t"
            + TitleSanitizer.escapingControls(item.title)
    }
}
