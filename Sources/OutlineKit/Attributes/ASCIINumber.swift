/// Reads the plain ASCII digits of dates, times and counts.
///
/// `Int(_:)` would take a sign, and `Character.isNumber` digits of other scripts ("٣"), neither
/// of which a date column or the command line should accept; and the number of digits matters
/// ("2026-1-05" is not a date), which `Int(_:)` cannot check.
enum ASCIINumber {
    /// The value of `text` when it is nothing but ASCII digits, as many as `lengths` allows.
    static func value(of text: Substring, lengths: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < lengths.upperBound else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            count += 1
        }
        return lengths.contains(count) ? value : nil
    }

    /// `value` in decimal, with at least `width` digits (zeros in front).
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
