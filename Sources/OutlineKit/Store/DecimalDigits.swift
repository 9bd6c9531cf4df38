/// Writes numbers as ASCII digits straight into a byte buffer: `find` prints a hundred thousand
/// ids, and a `String` for each would cost more than the rest of its line.
package enum DecimalDigits {
    /// Appends `value` in decimal, with a `-` if it is negative.
    package static func append(_ value: Int64, to bytes: inout [UInt8]) {
        withDigits(of: value) { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with `value` in decimal, a `-` first if it is negative, in a buffer that lives
    /// for the call.
    private static func withDigits(of value: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        // Digits come lowest first: written from the end of a buffer big enough for any Int64
        // and its sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value.magnitude
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            if value < 0 {
                first -= 1
                digits[first] = UInt8(ascii: "-")
            }
            body(UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }
}
