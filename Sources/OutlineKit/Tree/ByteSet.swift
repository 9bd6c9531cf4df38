/// A set of byte values, for the scans an export runs over every title's bytes.
///
/// Testing a buffer is one table look-up a byte with no branch; a `switch` or a chain of
/// comparisons, with the state a full scan keeps, cost a dozen instructions a byte, and two such
/// scans of each title were a sixth of a Markdown export (Docs/performance.md, "Export: the
/// titles' scans and the attributes' copies").
struct ByteSet: Sendable {
    /// 1 at the index of every member, 0 elsewhere: 256 entries.
    private let members: [UInt8]

    /// The bytes for which `isMember` is true.
    init(_ isMember: (UInt8) -> Bool) {
        members = (0...255).map { isMember(UInt8($0)) ? 1 : 0 }
    }

    /// Whether any byte of `text`'s UTF-8 is a member.
    func containsAny(in text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { containsAny(of: $0) }
            ?? text.utf8.contains { members[Int($0)] != 0 }
    }

    /// Whether any byte of `bytes` is a member.
    func containsAny(of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        members.withUnsafeBufferPointer { table in
            var found: UInt8 = 0
            for byte in bytes { found |= table[Int(byte)] }
            return found != 0
        }
    }
}
