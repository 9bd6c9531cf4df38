/// The document formats an outline is written in and read from.
public enum DocumentFormat: String, CaseIterable, Sendable {
    /// A CommonMark / GitHub Flavored Markdown list, `- ` bullets, two spaces a level.
    case markdown
    /// OPML 2.0: nested `<outline text="...">` elements.
    case opml
    /// An org-mode file: one headline an item, `*` a level.
    case org
    /// Titles alone, two spaces a level.
    case text
    /// `ls --json`'s nested array.
    case json
    /// taskwarrior's `task export`: an array of tasks, or one task a line.
    case taskwarrior
}

/// How a document writer receives an outline: the items of a depth-first walk, each entered
/// before its children and left after them, between `begin` and `end`. A writer appends UTF-8
/// to `bytes`, which its caller takes (and empties) as it goes, so that memory stays flat.
public protocol OutlineDocumentWriter {
    /// The document written so far and not yet taken.
    var bytes: [UInt8] { get set }
    /// Starts the document; `title` names what is exported (a REF's title, or nil for the whole
    /// outline).
    mutating func begin(title: String?) throws
    /// Writes an item; `entry.depth` is 1 for the first level written: the exported REF's
    /// children, or REF itself with `export --include-self`.
    mutating func enter(_ entry: TreeEntry) throws
    /// Ends an item, after its children.
    mutating func leave(_ entry: TreeEntry)
    /// Ends the document.
    mutating func end()
    /// Whether the writer needs each entry's `attributes` (state keywords, tags, dates,
    /// priority, properties): the walk reads them only for a writer that writes them.
    var writesAttributes: Bool { get }
}

extension OutlineDocumentWriter {
    /// A writer writes every attribute unless it says otherwise.
    public var writesAttributes: Bool { true }

    /// Hands over what is written so far, and forgets it.
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Appends `count` spaces.
    mutating func appendSpaces(_ count: Int) {
        // A loop: `repeatElement` went through a generic append, a hundred instructions an item.
        for _ in 0..<count { append(UInt8(ascii: " ")) }
    }

    /// Appends the UTF-8 of `text`.
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }
}
