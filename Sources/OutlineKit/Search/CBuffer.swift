#if canImport(Glibc)
    import Glibc
#endif

/// A growable run of C memory for plain values, freed by its owner with `free()`. `find`'s hot
/// loops keep titles, paths and output in these: a Swift array checks its uniqueness and
/// retains its storage on every append, which cost more than the bytes copied.
struct CBuffer<Element> {
    private(set) var pointer = UnsafeMutablePointer<Element>(bitPattern: MemoryLayout<Element>.alignment)!
    private var capacity = 0
    /// How many values are in use; whoever raises it past what was appended must have
    /// initialised the values up to it (within the reserved capacity).
    var count = 0

    /// Makes room for `wanted` values in all.
    mutating func reserve(_ wanted: Int) {
        guard wanted > capacity else { return }
        let bytes = wanted * MemoryLayout<Element>.stride
        let old: UnsafeMutableRawPointer? = capacity == 0 ? nil : UnsafeMutableRawPointer(pointer)
        guard let grown = realloc(old, bytes) else { fatalError("out of memory for \(bytes) bytes") }
        pointer = grown.bindMemory(to: Element.self, capacity: wanted)
        capacity = wanted
    }

    /// Appends a copy of `values`.
    mutating func append(_ values: UnsafeBufferPointer<Element>) {
        if count + values.count > capacity { reserve(max(count + values.count, capacity * 2, 64)) }
        if let base = values.baseAddress { (pointer + count).update(from: base, count: values.count) }
        count += values.count
    }

    /// Appends one value.
    mutating func append(_ value: Element) {
        if count == capacity { reserve(max(capacity * 2, 64)) }
        (pointer + count).initialize(to: value)
        count += 1
    }

    /// Drops the values past the first `kept`.
    mutating func truncate(to kept: Int) {
        precondition(kept >= 0 && kept <= count, "truncating past the end")
        count = kept
    }

    /// The values in use, valid until the buffer next grows or is freed.
    var values: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: pointer, count: count) }

    /// Gives the memory back; the buffer must not be used after.
    func free() {
        if capacity > 0 { Glibc.free(pointer) }
    }
}
