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
}
