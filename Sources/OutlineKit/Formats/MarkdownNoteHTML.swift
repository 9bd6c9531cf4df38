/// The HTML blocks of CommonMark in a note's lines: what `MarkdownNoteLayout` must keep from
/// reaching past the note.
///
/// An HTML block runs on through lines a list item holds, so one still open at the note's end
/// swallows the item's children as HTML. Those that start with `<script`, `<pre`, `<style`,
/// `<textarea`, `<!--`, `<?`, `<!` and a letter, or `<![CDATA[` (CommonMark's types 1 to 5) end
/// only at their end marker, wherever it comes: one whose marker the note lacks is protected.
/// The others (a tag such as `<details>` or `</div>`, types 6 and 7) end at a blank line, which
/// the writer adds after a note that may end inside one.
enum MarkdownNoteHTML {
    /// The tags of CommonMark's type 1 blocks, which end at their closing tag.
    private static let rawTextTags = ["script", "pre", "style", "textarea"]

    /// The marker that ends the block `text` (a line after its indent) opens, lower-cased, if
    /// it opens one of types 1 to 5; nil otherwise.
    static func endMarker(opening text: Substring) -> String? {
        let lower = text.lowercased()
        for tag in rawTextTags where lower.hasPrefix("<" + tag) {
            let after = lower.dropFirst(tag.count + 1).first
            if after == nil || after == " " || after == "\t" || after == ">" { return "</" + tag + ">" }
        }
        if lower.hasPrefix("<!--") { return "-->" }
        if lower.hasPrefix("<?") { return "?>" }
        if lower.hasPrefix("<![cdata[") { return "]]>" }
        if lower.hasPrefix("<!"), let letter = lower.unicodeScalars.dropFirst(2).first,
            ("a"..."z").contains(letter)
        {
            return ">"
        }
        return nil
    }

    /// Whether `text` opens a block of types 1 to 5 that neither it nor any of `later` ends:
    /// one that would run on past the note.
    static func opensUnclosedBlock(_ text: Substring, later: ArraySlice<Substring>) -> Bool {
        guard let marker = endMarker(opening: text) else { return false }
        if text.lowercased().contains(marker) { return false }
        return !later.contains { $0.lowercased().contains(marker) }
    }

    /// Whether `text` may open a block that ends at a blank line (types 6 and 7): a tag, opening
    /// or closing, at the line's start. Taken broadly, since a blank line too many after a note
    /// costs nothing (import drops it).
    static func mayOpenBlankEndedBlock(_ text: Substring) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.first == "<" else { return false }
        let name = scalars.dropFirst(scalars.dropFirst().first == "/" ? 2 : 1)
        guard let first = name.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        let tag = String(
            String.UnicodeScalarView(name.prefix { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
        return !rawTextTags.contains(tag.lowercased())
    }
}
