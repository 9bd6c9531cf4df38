import Foundation

/// Gives each distinct line (its bytes, with its ending) a number, the same in every text it
/// numbers, so that the diff compares numbers.
///
/// Lines are found with `memchr` and hashed as whole buffers: walked byte by byte in Swift, a
/// note of 5,000 lines took most of the merge's time in a debug build.
struct LineNumbering {
    /// The number of each line seen so far.
    private var numbers: [LineBytes: Int] = [:]

    /// The lines of `text`, numbered.
    mutating func lines(of text: String) -> NumberedLines {
        var lines = NumberedLines(bytes: Array(text.utf8))
        // A `\n` byte is never part of a longer UTF-8 sequence, so each line is whole text.
        let ranges = lines.bytes.withUnsafeBufferPointer { buffer in
            var ranges: [Range<Int>] = []
            var start = 0
            while start < buffer.count {
                let found = memchr(buffer.baseAddress! + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
                let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(buffer.baseAddress!) + 1 } ?? buffer.count
                ranges.append(start..<end)
                start = end
            }
            return ranges
        }
        for range in ranges { lines.append(range, number: number(of: LineBytes(bytes: lines.bytes[range]))) }
        return lines
    }

    /// The number of `line`, given a new one the first time it is seen.
    private mutating func number(of line: LineBytes) -> Int {
        if let known = numbers[line] { return known }
        let number = numbers.count
        numbers[line] = number
        return number
    }
}

/// A line's bytes as a dictionary key, hashed and compared as whole buffers.
private struct LineBytes: Hashable {
    /// The bytes, ending included.
    let bytes: ArraySlice<UInt8>

    /// Hashes the bytes in one call, rather than one byte at a time.
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }

    /// Whether the two lines have the same bytes.
    static func == (left: LineBytes, right: LineBytes) -> Bool {
        left.bytes.count == right.bytes.count
            && left.bytes.withUnsafeBytes { a in
                right.bytes.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
                }
            }
    }
}

/// A text split into lines, with the number of each.
struct NumberedLines {
    /// The text's bytes.
    let bytes: [UInt8]
    /// Where each line lies in `bytes`.
    private(set) var ranges: [Range<Int>] = []
    /// The number of each line, equal for equal lines.
    private(set) var numbers: [Int] = []

    /// How many lines there are.
    var count: Int { numbers.count }

    /// A text of `bytes` with no lines yet.
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Adds the line at `range`.
    mutating func append(_ range: Range<Int>, number: Int) {
        ranges.append(range)
        numbers.append(number)
    }

    /// The bytes of lines `lines`, endings included.
    func bytes(of lines: Range<Int>) -> ArraySlice<UInt8> {
        guard !lines.isEmpty else { return [] }
        return bytes[ranges[lines.lowerBound].lowerBound..<ranges[lines.upperBound - 1].upperBound]
    }
}
