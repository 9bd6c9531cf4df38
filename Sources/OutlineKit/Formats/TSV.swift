/// One item a line, tab-separated, as the `outline` command lists them for scripts:
/// `id TAB parent TAB position TAB depth TAB title TAB done` (done is 1 or 0).
package enum TSV {
    /// One line, without its newline. Titles are stored without tabs or newlines; one that came in
    /// through another tool is escaped, so that a line is always one item.
    ///
    /// - Parameters:
    ///   - entry: the item, with its depth in the walk.
    ///   - forTerminal: also neutralise bidirectional overrides, as for any text meant for a
    ///     person's eyes; scripts reading a pipe get the title as stored.
    package static func line(for entry: TreeEntry, forTerminal: Bool = false) -> String {
        var bytes: [UInt8] = []
        appendLine(for: entry, forTerminal: forTerminal, to: &bytes)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    /// `line(for:forTerminal:)` and its newline, appended to `bytes`: the numbers are written as
    /// digits straight into the buffer, since interpolating four numbers into a `String` cost
    /// more than the rest of the line (Docs/performance.md, "`ls --tsv` and OPML export as bytes").
    package static func appendLine(for entry: TreeEntry, forTerminal: Bool = false, to bytes: inout [UInt8]) {
        let item = entry.item
        var title = forTerminal ? TitleSanitizer.forTerminal(item.title) : TitleSanitizer.escapingControls(item.title)
        let tab = UInt8(ascii: "\t")
        DecimalDigits.append(item.id, to: &bytes)
        bytes.append(tab)
        DecimalDigits.append(item.parentID, to: &bytes)
        bytes.append(tab)
        DecimalDigits.append(Int64(item.position), to: &bytes)
        bytes.append(tab)
        DecimalDigits.append(Int64(entry.depth), to: &bytes)
        bytes.append(tab)
        title.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.append(tab)
        bytes.append(item.isDone ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "\n"))
    }
}
