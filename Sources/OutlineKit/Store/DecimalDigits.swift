/// Writes numbers as ASCII digits straight into a byte buffer: `find` prints a hundred thousand
/// ids, and a `String` for each would cost more than the rest of its line.
enum DecimalDigits {
    /// Appends `value` in decimal, with a `-` if it is negative.
    static func append(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var remaining = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(remaining % 10))
            remaining /= 10
        } while remaining > 0
        bytes[start...].reverse()
    }

    /// Appends `value` in decimal, with a `-` if it is negative.
    static func append(_ value: Int64, to bytes: inout CBuffer<UInt8>) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits come lowest first: written from the end of a buffer big enough for any Int64.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value.magnitude
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            bytes.append(UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }
}
