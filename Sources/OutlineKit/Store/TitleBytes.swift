#if canImport(Glibc)
    import Glibc
#endif

/// Titles kept as UTF-8 in one buffer, for a run of slots from `firstSlot` on: a search that reads
/// a million rows keeps their titles without making a million strings, and makes strings only of
/// those it needs. The buffers are C memory grown with `realloc`: appending a row's title is a
/// copy and two stores, which Swift arrays made seven times slower (35 ms a million rows).
final class TitleBytes: @unchecked Sendable {
    /// The first slot this buffer holds; the slots of other buffers are below it or above its last.
    let firstSlot: Int
    // Unchecked: one thread at a time uses a buffer, and Swift's run-time check of each access
    // to a class's property cost more than the copy of a title.
    @exclusivity(unchecked) private var bytes = Buffer<UInt8>()
    /// Where each slot's title starts in `bytes`, from `firstSlot` on; `absent` for an empty slot.
    @exclusivity(unchecked) private var starts = Buffer<UInt32>()
    @exclusivity(unchecked) private var counts = Buffer<UInt32>()

    private static let absent = UInt32.max

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
        let index = slot - firstSlot
        if index >= starts.count { grow(toSlots: max(index + 1, starts.count * 2)) }
        let text = statement.bytes(column)
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
    func has(_ slot: Int) -> Bool { covers(slot) && starts.pointer[slot - firstSlot] != Self.absent }

    /// The bytes of the title in `slot`, which `has` it; valid while the buffer lives and grows
    /// no more.
    private func title(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
        let index = slot - firstSlot
        return UnsafeBufferPointer(start: bytes.pointer + Int(starts.pointer[index]), count: Int(counts.pointer[index]))
    }

    /// The title in `slot` ("" for an empty slot); bytes that are not UTF-8 are replaced, as
    /// everywhere else titles are read.
    func string(_ slot: Int) -> String {
        guard has(slot) else { return "" }
        return String(decoding: title(slot), as: UTF8.self)
    }

    /// Appends the title in `slot` as a path shows it on a terminal: `/` and `\` escaped
    /// (`TitlePath.escaped`), then made safe (`TitleSanitizer.forTerminal`). A title of plain
    /// ASCII, the usual one, is copied as it is.
    func appendShown(_ slot: Int, to path: inout [UInt8]) {
        guard has(slot) else { return }
        let title = title(slot)
        let isPlain = !title.contains { $0 >= 0x80 || $0 < 0x20 || $0 == 0x7F || $0 == 0x2F || $0 == 0x5C }
        if isPlain {
            path.append(contentsOf: title)
        } else {
            path.append(contentsOf: TitleSanitizer.forTerminal(TitlePath.escaped(string(slot))).utf8)
        }
    }
}

/// A growable run of C memory for plain values; freed by its owner.
private struct Buffer<Element> {
    private(set) var pointer = UnsafeMutablePointer<Element>(bitPattern: MemoryLayout<Element>.alignment)!
    private var capacity = 0
    var count = 0

    mutating func reserve(_ wanted: Int) {
        guard wanted > capacity else { return }
        let bytes = wanted * MemoryLayout<Element>.stride
        let old: UnsafeMutableRawPointer? = capacity == 0 ? nil : UnsafeMutableRawPointer(pointer)
        guard let grown = realloc(old, bytes) else { fatalError("out of memory for \(bytes) bytes") }
        pointer = grown.bindMemory(to: Element.self, capacity: wanted)
        capacity = wanted
    }

    mutating func append(_ values: UnsafeBufferPointer<Element>) {
        if count + values.count > capacity { reserve(max(count + values.count, capacity * 2, 64)) }
        if let base = values.baseAddress { (pointer + count).update(from: base, count: values.count) }
        count += values.count
    }

    func free() {
        if capacity > 0 { Glibc.free(pointer) }
    }
}
