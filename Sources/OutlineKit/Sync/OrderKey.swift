/// Keys that order siblings in the shared log without renumbering them (fractional indexing):
/// strings of base-62 digits compared byte by byte, where a new key can always be made between
/// any two. Siblings are listed by key, then by global id, so that two machines that give new
/// items the same key still agree on their order.
///
/// A key never ends with the digit `0`, so there is always room below it. Appending after the
/// last key raises its first digit that can be raised, so a list that grows at one end grows its
/// keys by one digit every 30 or so items; a run of items made at once gets keys of about
/// log62(n) digits (`keys(count:between:and:)`).
enum OrderKey {
    /// The digits, in ascending byte order.
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    private static let base = 62
    private static let middle = 31

    /// A key after `lower` and before `upper`, either of which may be absent (no bound). The
    /// bounds must be in order; keys that are not (only from a hand-edited log) get a key after
    /// `lower`.
    static func between(_ lower: String?, _ upper: String?) -> String {
        let low = lower.map(digits)
        let high = upper.map(digits)
        let result: [Int]
        switch (low, high) {
        case (nil, nil): result = [middle]
        case (let low?, nil): result = after(low)
        case (nil, let high?): result = before(high)
        case (let low?, let high?):
            result = low.lexicographicallyPrecedes(high) ? midpoint(low, high) : after(low)
        }
        return String(decoding: result.map { alphabet[$0] }, as: UTF8.self)
    }

    /// `count` keys in ascending order, all after `lower` and before `upper`, as short as the
    /// count allows: the middle one first, then each half between it and a bound.
    static func keys(count: Int, between lower: String?, and upper: String?) -> [String] {
        guard count > 0 else { return [] }
        var keys: [String] = []
        keys.reserveCapacity(count)
        fill(&keys, count: count, lower, upper)
        return keys
    }

    private static func fill(_ keys: inout [String], count: Int, _ lower: String?, _ upper: String?) {
        guard count > 0 else { return }
        let middleKey = between(lower, upper)
        let below = (count - 1) / 2
        fill(&keys, count: below, lower, middleKey)
        keys.append(middleKey)
        fill(&keys, count: count - 1 - below, middleKey, upper)
    }

    /// The digit values of `key`; a byte that is not a digit (only in a hand-edited log) reads
    /// as the nearest digit.
    private static func digits(_ key: String) -> [Int] {
        key.utf8.map { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 36
            case ..<UInt8(ascii: "0"): 0
            default: base - 1
            }
        }
    }

    /// A key after `low`: its first digit that can be raised, raised, or a middle digit added.
    private static func after(_ low: [Int]) -> [Int] {
        for index in low.indices where low[index] < base - 1 {
            return Array(low[..<index]) + [low[index] + 1]
        }
        return low + [middle]
    }

    /// A key before `high`: its first digit above 1 lowered; a 1 becomes 0 and a middle digit.
    private static func before(_ high: [Int]) -> [Int] {
        var prefix: [Int] = []
        for digit in high {
            if digit > 1 { return prefix + [digit - 1] }
            if digit == 1 { return prefix + [0, middle] }
            prefix.append(0)
        }
        // Only a key that ends in 0 (never made here) gets this far.
        return prefix + [0, middle]
    }

    /// A key between `low` and `high` (low < high): their common digits, then the middle of the
    /// first two that are far enough apart, the upper one being unbounded once the keys differ.
    private static func midpoint(_ low: [Int], _ high: [Int]) -> [Int] {
        var result: [Int] = []
        var upperIsOpen = false
        var index = 0
        while index <= low.count + high.count + 1 {
            let lowDigit = index < low.count ? low[index] : 0
            let highDigit = upperIsOpen ? base : (index < high.count ? high[index] : 0)
            if highDigit - lowDigit > 1 { return result + [(lowDigit + highDigit) / 2] }
            result.append(lowDigit)
            if highDigit == lowDigit + 1 { upperIsOpen = true }
            index += 1
        }
        return after(low)
    }
}
