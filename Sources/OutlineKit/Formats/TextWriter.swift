/// The `text` format: each title on a line of its own, two spaces of indent a level, nothing
/// else. States and notes are not written.
public struct TextWriter: OutlineDocumentWriter {
    /// The document written so far and not yet taken.
    public var bytes: [UInt8] = []

    /// A writer with nothing written yet.
    public init() {}

    /// Text has no header.
    public mutating func begin(title: String?) {}

    /// Titles alone: the walk need not read attributes.
    public var writesAttributes: Bool { false }

    /// The item's title, indented.
    public mutating func enter(_ entry: TreeEntry) throws {
        try Title.requireWritable(entry.item.title, of: entry.id, in: "text")
        bytes.appendSpaces(2 * (entry.depth - 1))
        bytes.append(entry.item.title)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Nothing closes an item.
    public mutating func leave(_ entry: TreeEntry) {}

    /// Nothing closes the document.
    public mutating func end() {}
}
