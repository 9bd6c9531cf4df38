/// What the text of a Markdown list item says before its title: a check box (`[ ]`, `[x]`,
/// `[X]`, Workflowy's `[COMPLETE]`) and a keyword after it that the workflow names, or else a
/// Logseq marker (`TODO`, `DONE`, ...); a `[#A]` priority; a Logseq heading (`## `); and the
/// zero-width space `MarkdownWriter` puts before a title that starts with such a word.
struct MarkdownItemLine {
    /// Logseq's markers of an open block.
    static let logseqOpen: Set<String> = ["TODO", "DOING", "NOW", "LATER", "WAITING"]
    /// Logseq's markers of a finished block.
    static let logseqDone: Set<String> = ["DONE", "CANCELED", "CANCELLED"]
    /// What protects a title from being read as a marker or keyword.
    static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"

    /// The workflow whose first keywords `[ ]` and `[x]` stand for: the document's own, else
    /// the outline's.
    let workflow: Workflow
    /// Every keyword that counts after a check box: the outline's and the document's.
    let keywords: [String: Bool]

    /// Reading in an outline with `outline`'s workflow, a document declaring `declared`.
    init(outline: Workflow, declared: Workflow?) {
        workflow = declared ?? outline
        var keywords: [String: Bool] = [:]
        for workflow in [outline, declared].compactMap({ $0 }) {
            for keyword in workflow.keywords { keywords[keyword] = workflow.isDone(keyword) }
        }
        self.keywords = keywords
    }

    /// Whether a title starting with `title` needs the zero-width space: its first word is a
    /// marker or keyword (`markers`, made by `protectedWords(keywords:)` once for a document),
    /// or it starts with the zero-width space itself.
    static func needsProtection(_ title: String, markers: LeadingWords) -> Bool {
        title.utf8.starts(with: zeroWidthSpaceUTF8) || markers.containsFirstWord(of: title)
    }

    /// What `needsProtection` looks for at a title's start, for an outline whose workflow has
    /// `keywords`: Logseq's markers and the keywords.
    static func protectedWords(keywords: [String]) -> LeadingWords {
        LeadingWords(logseqOpen.sorted() + logseqDone.sorted() + keywords)
    }

    /// The zero-width space's UTF-8 bytes (E2 80 8B): a title starts with the scalar exactly
    /// when its bytes start with them.
    private static let zeroWidthSpaceUTF8 = Array(String(zeroWidthSpace).utf8)

    /// The item `content` (a list item's text after its bullet) stands for: its state, its
    /// priority, a Logseq heading's level as the property `heading`, and its title.
    func item(_ content: Substring) -> ImportedItem {
        var rest = content
        var item = ImportedItem(title: "")
        var box: Bool?
        for (marker, done) in [("[ ]", false), ("[x]", true), ("[X]", true), ("[COMPLETE]", true)]
        where rest.startsWith(ascii: marker + " ") || rest.utf8.elementsEqual(marker.utf8) {
            box = done
            rest = rest.droppingASCII(min(marker.utf8.count + 1, rest.utf8.count))
            break
        }
        let word = rest.unicodeScalars.prefix { $0 != " " }
        let wordText = String(Substring(word))
        let followed = word.endIndex < rest.unicodeScalars.endIndex
        if let box {
            item.isDone = box
            if followed, keywords[wordText] == box {
                item.attributes.state = wordText
                rest = Substring(rest.unicodeScalars[rest.unicodeScalars.index(after: word.endIndex)...])
            } else {
                item.attributes.state = box ? workflow.done[0] : workflow.open[0]
            }
        } else if followed, Self.logseqOpen.contains(wordText) || Self.logseqDone.contains(wordText) {
            item.isDone = keywords[wordText] ?? Self.logseqDone.contains(wordText)
            item.attributes.state = wordText
            rest = Substring(rest.unicodeScalars[rest.unicodeScalars.index(after: word.endIndex)...])
        }
        for priority in [Priority.a, .b, .c] where rest.startsWith(ascii: "[#\(priority.rawValue)] ") {
            item.attributes.priority = priority
            rest = rest.droppingASCII(5)
        }
        if MarkdownNoteLayout.isATXHeading(rest) {
            let hashes = rest.unicodeScalars.prefix { $0 == "#" }.count
            item.attributes.properties = [ItemProperty(key: "heading", value: String(hashes))]
            rest = rest.droppingASCII(hashes).droppingSpacesAndTabs
        }
        if rest.unicodeScalars.first == Self.zeroWidthSpace { rest = Substring(rest.unicodeScalars.dropFirst()) }
        item.title = MarkdownReader.unescaped(rest)
        return item
    }
}
