import Foundation
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
                if entry.item.doneAt == nil, entry.attributes?.isEmpty ?? true {
                    json.members(Self.plainItemMembers)
                } else {
                    Self.writeStateAndAttributes(doneAt: entry.item.doneAt, entry.attributes, to: &json)
                }
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

    /// The members from `done_at` to `properties`.
    private static func writeStateAndAttributes(
        doneAt: Date?, _ attributes: ItemAttributes?, to json: inout JSONWriter
    ) {
        json.field("done_at", doneAt.map(Moment.utc))
        json.field("last_done", attributes?.lastDone.map(Moment.utc))
        ItemDetailsOutput.writeAttributes(attributes ?? ItemAttributes(), to: &json)
    }

    /// Those members for an open item that holds nothing (most items of a big outline), as
    /// `writeStateAndAttributes` writes them, made once: seven members written one by one
    /// were a third of `export --format json`'s time.
    private static let plainItemMembers: [UInt8] = {
        var json = JSONWriter()
        json.openObject()
        writeStateAndAttributes(doneAt: nil, nil, to: &json)
        json.closeObject()
        return Array(json.bytes.dropFirst().dropLast())
    }()
}
