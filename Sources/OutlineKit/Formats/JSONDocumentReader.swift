/// The `json` format: `ls --json`'s nested array of `{"title", "done", "note", "children"}`
/// with every attribute (`state`, `tags`, `scheduled`, `due`, `priority`, `properties`,
/// `done_at`, `last_done`), each checked as `set` checks it. Ids and positions in it are
/// ignored: imported items get new ones. Keys it does not know are passed over, so that a
/// listing from a newer outline still reads.
///
/// The items are built as the text is read, one open item a level, so that memory follows the
/// items, as for the other formats, not a tree of JSON values first. What the listing's shape
/// does not allow is refused where it is, never read as something else: a value of the wrong
/// type, a key given twice, an element that is not an object.
public enum JSONDocumentReader {
    /// How deep items may nest: as deep as an outline holds them, so that whatever
    /// `export --format json` writes reads back.
    public static let maximumDepth = OutlineStore.maximumDepth

    /// The items of a JSON document, in UTF-8, UTF-16 or UTF-32.
    ///
    /// - Throws: `DocumentError` with the line and column.
    public static func read(_ bytes: [UInt8]) throws -> [ImportedItem] {
        try readDocument(bytes).items
    }

    /// The document: its items, and what could not be carried (the done time of an item that
    /// is not done).
    ///
    /// - Throws: `DocumentError` with the line and column.
    public static func readDocument(_ bytes: [UInt8]) throws -> ImportedDocument {
        var reader = JSONItemReader(JSONScanner(try UnicodeDocument.utf8(bytes)))
        let items = try reader.read()
        return ImportedDocument(items: items, report: reader.report)
    }
}
