import OutlineKit

/// `ls --json` and `export --format json`: the nested array of items, streamed.
enum ListingJSON {
    /// Writes the array to standard output: each item's object is opened when the walk enters
    /// it and closed when it leaves, and the text goes out as it is written. With
    /// `includingStart`, the array holds `start` itself (`export --include-self`).
    ///
    /// - Returns: whether the array holds any item.
    @discardableResult
    static func write(
        _ store: OutlineStore, from start: ItemID, includingStart: Bool = false, maxDepth: Int?,
        leavingOutDone: Bool
    ) throws -> Bool {
        let output = StandardOutput.shared
        var json = JSONWriter()
        var wroteItems = false
        json.openArray()
        try store.walk(
            from: start, includingStart: includingStart, maxDepth: maxDepth, leavingOutDone: leavingOutDone,
            readingAttributes: true,
            enter: { entry in
                wroteItems = true
                json.openObject()
                ItemDetailsOutput.writeItemFields(entry.item, to: &json)
                json.field("done_at", entry.item.doneAt.map(Moment.utc))
                json.field("last_done", entry.attributes?.lastDone.map(Moment.utc))
                ItemDetailsOutput.writeAttributes(entry.attributes ?? ItemAttributes(), to: &json)
                // A list the depth limit cut is null, not empty: empty would say "no children".
                json.key("children")
                if entry.hiddenDescendants > 0 {
                    json.null()
                    json.field("hidden", entry.hiddenDescendants)
                } else {
                    json.openArray()
                }
                // Hand the text over in blocks: memory stays flat whatever the outline's size.
                if json.bytes.count >= 16 * 1024 { output.write(bytes: json.takeBytes()) }
            },
            leave: { entry in
                if entry.hiddenDescendants == 0 { json.closeArray() }
                json.closeObject()
            })
        json.closeArray()
        output.write(bytes: json.takeBytes())
        output.write("\n")
        return wroteItems
    }
}
