/// A task's uuid as `TaskwarriorWriter` keeps it: the 128 bits of one written in ASCII hex
/// digits (every uuid the writer makes, and any property that holds one), or the text of a
/// property that `TaskwarriorWriter.validUUID` takes in other digits (it takes full-width ones).
///
/// The writer remembers every uuid it writes, to refuse a second task with one: a uuid as a
/// string of 36 characters was a heap allocation to make, hash and keep for every task, where
/// two integers are none.
enum TaskwarriorUUID: Hashable {
    /// The uuid whose digits, lower-cased, are these bits' hex digits, 8-4-4-4-12.
    case bits(high: UInt64, low: UInt64)
    /// A uuid with digits that are not ASCII, as `validUUID` gave it.
    case text(String)

    /// The uuid `validUUID` made of a property (lower-cased, 8-4-4-4-12 digits).
    init(valid text: String) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for byte in text.utf8 where byte != UInt8(ascii: "-") {
            guard let value = Self.hexValue(byte) else {
                self = .text(text)
                return
            }
            if digits < 16 { high = high << 4 | value } else { low = low << 4 | value }
            digits += 1
        }
        self = .bits(high: high, low: low)
    }

    /// A uuid for an item that has none: made from its id and the outline's identity, which a
    /// rename or a move changes neither of, so that exporting again updates the same tasks, and
    /// items of two outlines rarely share one. The seed is `outline item ID of IDENTITY`, hashed
    /// in parts rather than built.
    init(madeFor item: Item, in outlineIdentity: String) {
        self.init(madeFor: item, from: ItemSeeds(outlineIdentity: outlineIdentity))
    }

    /// The uuid `init(madeFor:in:)` makes, from what every item's seed shares, hashed once.
    init(madeFor item: Item, from seeds: ItemSeeds) {
        var hashes = seeds.prefix
        hashes.addDigits(of: item.id)
        hashes.add(seeds.suffix)
        self.init(hashes)
    }

    /// What the seeds of one outline's items share: the hashes of `outline item `, and the
    /// bytes of ` of IDENTITY`. An export makes a uuid for most items, and hashing the prefix
    /// and making a `String` of each id again was a twentieth of it.
    struct ItemSeeds {
        /// The hashes after `outline item `.
        fileprivate let prefix: FNV1aPair
        /// ` of IDENTITY`, as UTF-8.
        fileprivate let suffix: [UInt8]

        /// The shared parts for the outline `outlineIdentity`.
        init(outlineIdentity: String) {
            var prefix = FNV1aPair()
            prefix.add("outline item ")
            self.prefix = prefix
            suffix = Array(" of \(outlineIdentity)".utf8)
        }
    }

    /// A uuid made from `seed`.
    init(seed: String) {
        var hashes = FNV1aPair()
        hashes.add(seed)
        self.init(hashes)
    }

    /// The uuid of two FNV-1a hashes, marked as RFC 9562's version 8, made by its own rule.
    private init(_ hashes: FNV1aPair) {
        self = .bits(
            high: (hashes.high & ~0xF000) | 0x8000,
            low: (hashes.low & ~(0xC << 60)) | (0x8 << 60))
    }

    /// The uuid's text, `7bd89833-16b4-8374-a72e-f40327ab2e77`: for the few places that
    /// need a string (a template's seed, an error).
    var text: String {
        switch self {
        case .text(let text): return text
        case .bits:
            var bytes: [UInt8] = []
            appendQuoted(to: &bytes)
            return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
        }
    }

    /// Appends the uuid as a JSON string: `"7bd89833-16b4-8374-a72e-f40327ab2e77"`.
    func appendQuoted(to bytes: inout [UInt8]) {
        switch self {
        case .text(let text):
            JSONText.appendQuoted(text, to: &bytes)
        case .bits(let high, let low):
            // Made in a buffer of its own and appended at once: an export writes one or two
            // uuids a task, and each append to the document checks its capacity and that it
            // is not shared.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { text in
                var end = 0
                func put(_ byte: UInt8) {
                    text[end] = byte
                    end &+= 1
                }
                // The lowest `digits` hex digits of `value`, highest first.
                func putHex(_ value: UInt64, digits: Int) {
                    var shift = 4 &* (digits &- 1)
                    while shift >= 0 {
                        put(Self.hexDigits.utf8Start[Int(truncatingIfNeeded: value &>> shift) & 0xF])
                        shift &-= 4
                    }
                }
                put(UInt8(ascii: "\""))
                putHex(high &>> 32, digits: 8)
                put(UInt8(ascii: "-"))
                putHex(high &>> 16, digits: 4)
                put(UInt8(ascii: "-"))
                putHex(high, digits: 4)
                put(UInt8(ascii: "-"))
                putHex(low &>> 48, digits: 4)
                put(UInt8(ascii: "-"))
                putHex(low, digits: 12)
                put(UInt8(ascii: "\""))
                bytes.append(contentsOf: UnsafeBufferPointer(text))
            }
        }
    }

    /// The hex digits of 0 to 15, lower-case.
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// The value of an ASCII hex digit; nil for any other byte.
    private static func hexValue(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

/// The uuids a taskwarrior export has written, each with the item it was first written for.
///
/// Only an item with a `uuid` or `parent` property asks whether a uuid was written (every other
/// uuid is made from the item's own id), so uuids are looked up only for those. Until the first
/// look-up they are kept in a plain list, in order; that look-up indexes them, and the index then
/// takes every later one. An outline without such properties never hashes a uuid.
struct TaskwarriorUUIDOwners {
    /// The uuids written before the first look-up, each with its item, in order.
    private var unindexed: [(uuid: TaskwarriorUUID, owner: Int64)] = []
    /// Every uuid written, once the first look-up has made it.
    private var index: [TaskwarriorUUID: Int64]?

    /// Notes that the task of item `owner` was written with `uuid`; the first item written with
    /// a uuid stays its owner.
    mutating func note(_ uuid: TaskwarriorUUID, writtenFor owner: Int64) {
        guard index != nil else { return unindexed.append((uuid, owner)) }
        if index![uuid] == nil { index![uuid] = owner }
    }

    /// The item whose task was first written with `uuid`; nil for a uuid not written yet.
    mutating func owner(of uuid: TaskwarriorUUID) -> Int64? {
        if index == nil {
            var made: [TaskwarriorUUID: Int64] = [:]
            made.reserveCapacity(unindexed.count)
            for (uuid, owner) in unindexed where made[uuid] == nil { made[uuid] = owner }
            index = made
            unindexed = []
        }
        return index![uuid]
    }
}

/// Two 64-bit FNV-1a hashes of the same bytes, from two bases, made in one pass.
fileprivate struct FNV1aPair {
    /// The hash from FNV-1a's own basis.
    private(set) var high: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The hash from that basis with its halves swapped.
    private(set) var low: UInt64 = 0x8422_2325_cbf2_9ce4

    /// Adds the UTF-8 bytes of `text`, from the string's own storage where it has one.
    mutating func add(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ add($0) }) == nil { add(text.utf8) }
    }

    /// Adds the decimal digits of `number`, as `String(number)` writes them.
    mutating func addDigits(of number: Int64) {
        guard number >= 0 else { return add(String(number)) }
        // Int64's largest has 19 digits; they are made from the last.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = UInt64(number)
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            add(UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// Adds `bytes`.
    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            high = (high ^ UInt64(byte)) &* 0x100_0000_01b3
            low = (low ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }
}
