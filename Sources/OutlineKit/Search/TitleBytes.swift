#if canImport(Glibc)
    import Glibc
#endif

/// Titles kept as UTF-8 in one buffer, for a run of slots from `firstSlot` on: a search that reads
/// a million rows keeps their titles without making a million strings, and makes strings only of
/// those it needs. The buffers are C memory grown with `realloc`: appending a row's title is a
/// copy and two stores, which Swift arrays made several times slower (Docs/performance.md,
/// "`find` of a common word").
final class TitleBytes: @unchecked Sendable {
    /// The first slot this buffer holds; the slots of other buffers are below it or above its last.
    let firstSlot: Int
    // Unchecked: one thread at a time uses a buffer, and Swift's run-time check of each access
    // to a class's property cost more than the copy of a title.
    @exclusivity(unchecked) private var bytes = CBuffer<UInt8>()
    /// Where each slot's title starts in `bytes`, from `firstSlot` on; `absent` for an empty slot.
    @exclusivity(unchecked) private var starts = CBuffer<UInt32>()
    @exclusivity(unchecked) private var counts = CBuffer<UInt32>()

    /// Where an empty slot's title would start.
    static let absent = UInt32.max

    init(firstSlot: Int) { self.firstSlot = firstSlot }

    deinit {
        bytes.free()
        starts.free()
        counts.free()
    }

    /// Makes room for `slots` slots and for the titles of as many.
    func reserve(slots: Int) {
        grow(toSlots: slots)
        bytes.reserve(slots * 24)
    }

    private func grow(toSlots slots: Int) {
        guard slots > starts.count else { return }
        starts.reserve(slots)
        counts.reserve(slots)
        for index in starts.count..<slots {
            starts.pointer[index] = Self.absent
            counts.pointer[index] = 0
        }
        starts.count = slots
        counts.count = slots
    }

    /// Copies `statement`'s text in `column` into `slot` (at or after `firstSlot`).
    func append(_ statement: RawStatement, column: Int32, slot: Int) {
        append(statement.bytes(column), slot: slot)
    }

    /// Copies `text` into `slot` (at or after `firstSlot`).
    func append(_ text: UnsafeBufferPointer<UInt8>, slot: Int) {
        let index = slot - firstSlot
        if index >= starts.count { grow(toSlots: max(index + 1, starts.count * 2)) }
        // Titles are short, but a hand-edited file may hold anything: past 4 GiB of titles, a
        // title is left out (its item then reads as absent).
        guard bytes.count + text.count < Int(UInt32.max) else { return }
        starts.pointer[index] = UInt32(bytes.count)
        counts.pointer[index] = UInt32(text.count)
        bytes.append(text)
    }

    /// Whether this buffer has room for `slot`: it lies in the buffer's run of slots.
    func covers(_ slot: Int) -> Bool { slot >= firstSlot && slot - firstSlot < starts.count }

    /// Whether `slot` holds a title.
    func has(_ slot: Int) -> Bool { view.title(slot) != nil }

    /// The title in `slot` ("" for an empty slot); bytes that are not UTF-8 are replaced, as
    /// everywhere else titles are read.
    func string(_ slot: Int) -> String {
        view.title(slot).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// A look at the titles that retains nothing, for loops over many slots; valid while this
    /// buffer lives and grows no more.
    var view: TitleView {
        TitleView(
            firstSlot: firstSlot, slotCount: starts.count, bytes: UnsafePointer(bytes.pointer),
            starts: UnsafePointer(starts.pointer), counts: UnsafePointer(counts.pointer))
    }
}

/// The titles of a `TitleBytes` through plain pointers: a walk that picked one of two buffers for
/// each slot retained and released the buffer every time.
struct TitleView {
    let firstSlot: Int
    let slotCount: Int
    let bytes: UnsafePointer<UInt8>
    let starts: UnsafePointer<UInt32>
    let counts: UnsafePointer<UInt32>

    /// The bytes of the title in `slot`, or nil for a slot without one.
    func title(_ slot: Int) -> UnsafeBufferPointer<UInt8>? {
        let index = slot - firstSlot
        guard index >= 0, index < slotCount, starts[index] != TitleBytes.absent else { return nil }
        return UnsafeBufferPointer(start: bytes + Int(starts[index]), count: Int(counts[index]))
    }

    /// Appends the title in `slot` as a path shows it on a terminal: `/` and `\` escaped
    /// (`TitlePath.escaped`), then made safe (`TitleSanitizer.forTerminal`). A title of plain
    /// ASCII, the usual one, is copied as it is.
    func appendShown(_ slot: Int, to path: inout CBuffer<UInt8>) {
        guard let title = title(slot) else { return }
        if Self.isShownAsIs(title) {
            path.append(title)
        } else {
            var shown = TitleSanitizer.forTerminal(TitlePath.escaped(String(decoding: title, as: UTF8.self)))
            shown.withUTF8 { path.append($0) }
        }
    }

    /// Whether a path shows `title` byte for byte: ASCII, with no control character, `/` or `\`.
    /// Eight bytes at a time, since every node of a walk is checked.
    static func isShownAsIs(_ title: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = title.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= title.count {
            if !wordIsShownAsIs(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
            offset += 8
        }
        while offset < title.count {
            let byte = title[offset]
            if byte >= 0x80 || byte < 0x20 || byte == 0x7F || byte == 0x2F || byte == 0x5C { return false }
            offset += 1
        }
        return true
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `word` is zero: a byte borrows from its high bit when one is
    /// subtracted only if it was zero (or a lower byte borrowed, which needs a zero below it).
    private static func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highBits != 0 }

    private static func wordIsShownAsIs(_ word: UInt64) -> Bool {
        // With every high bit clear, a byte below 0x20 is one that borrows when 0x20 is taken
        // from it.
        if word & highBits != 0 { return false }
        if (word &- ones &* 0x20) & ~word & highBits != 0 { return false }
        return !hasZeroByte(word ^ (ones &* 0x7F)) && !hasZeroByte(word ^ (ones &* 0x2F))
            && !hasZeroByte(word ^ (ones &* 0x5C))
    }
}
