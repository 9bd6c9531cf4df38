import OutlineKit

/// `find`'s plain listing: a line for each item found, its id, two spaces and its path made safe
/// for a terminal. The library yields the paths as bytes; the line is this command's format, so
/// it is made here.
enum FoundLines {
    /// Writes the lines for the items `query` finds in `store` to `output`, and returns how many.
    static func write(_ query: SearchQuery, in store: OutlineStore, to output: StandardOutput) throws -> Int {
        // Lines gather in one buffer, handed on in chunks: `find` may print a million paths, and
        // a String, or a call to `output`, for each costs more than the rest of its line.
        let chunk = 64 * 1024
        var lines: [UInt8] = []
        lines.reserveCapacity(chunk + 4096)
        let count = try store.forEachFoundPath(query) { id, path in
            DecimalDigits.append(id, to: &lines)
            lines.append(UInt8(ascii: " "))
            lines.append(UInt8(ascii: " "))
            lines.append(contentsOf: path)
            lines.append(UInt8(ascii: "\n"))
            if lines.count >= chunk {
                output.write(bytes: lines)
                lines.removeAll(keepingCapacity: true)
            }
        }
        output.write(bytes: lines)
        return count
    }
}
