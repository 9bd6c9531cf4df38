/// Reads JSON text (RFC 8259) a piece at a time, from the front, for a reader that builds what it
/// needs as it goes instead of a whole tree of values first: Foundation's `JSONSerialization`
/// took many times the file's size in memory
/// (Docs/performance.md, "JSON import in bounded memory"). Every piece is checked as it is read,
/// and a failure names the line and column where the text breaks.
struct JSONScanner {
    /// The document, in UTF-8.
    let bytes: [UInt8]
    /// Where reading has got to: the next byte to read.
    private(set) var offset = 0

    /// A scanner at the start of `bytes`, which are UTF-8.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// What kind of value starts at the current byte, told by that byte alone, for messages that
    /// name what was found where something else belongs; nil where no value can start.
    var kindOfValue: String? {
        guard let byte = peek() else { return nil }
        return switch byte {
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "t"): "true"
        case UInt8(ascii: "f"): "false"
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: nil
        }
    }

    /// Whether the whole text has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// The current byte, if any.
    func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Passes over spaces, tabs and line ends.
    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// Takes `byte` if it is the current one.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Takes `byte`, or refuses the text, saying that `what` should be there (after `after`).
    mutating func expect(_ byte: UInt8, _ what: String, after: String? = nil) throws {
        guard take(byte) else { throw expected(what, after: after) }
    }

    /// Takes the literal `word` (`true`, `false` or `null`) if the text goes on with it.
    mutating func take(literal word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { word in bytes[offset..<offset + count].elementsEqual(word) }
        if matches { offset += count }
        return matches
    }

    /// Reads a string, escapes decoded.
    ///
    /// - Throws: `DocumentError` for a string that is not closed, a control character in it, an
    ///   unknown escape, half a surrogate pair, or bytes that are not UTF-8.
    mutating func readString() throws -> String {
        guard take(UInt8(ascii: "\"")) else { throw expected("a string") }
        let start = offset
        var escaped = false
        while true {
            guard offset < bytes.count else { throw notJSON("it ends inside a string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw notJSON("a control character in a string must be escaped") }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                offset += 1
                guard offset < bytes.count else { throw notJSON("it ends inside a string") }
            }
            offset += 1
        }
        let end = offset
        offset += 1
        // Escapes are ASCII: the bytes between them are UTF-8 exactly when the whole is.
        let raw = try validated(start..<end)
        return escaped ? try unescaped(start..<end) : raw
    }

    /// Passes over one whole value, of any kind and depth, checking it: the value of a key the
    /// reader does not use. Nested arrays and objects are followed with a list of what closes
    /// each, not by calls, so that no depth runs out the stack.
    mutating func skipValue() throws {
        var closers: [UInt8] = []
        while true {
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: "{"):
                offset += 1
                skipWhitespace()
                if !take(UInt8(ascii: "}")) {
                    closers.append(UInt8(ascii: "}"))
                    try skipKey()
                    continue
                }
            case UInt8(ascii: "["):
                offset += 1
                skipWhitespace()
                if !take(UInt8(ascii: "]")) {
                    closers.append(UInt8(ascii: "]"))
                    continue
                }
            case UInt8(ascii: "\""): _ = try readString()
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                guard take(literal: "true") || take(literal: "false") || take(literal: "null") else {
                    throw expected("a value")
                }
            default: try skipNumber()
            }
            // After a value: close what it ended, then go on to the next member or element.
            while let closer = closers.last {
                skipWhitespace()
                if take(closer) {
                    closers.removeLast()
                    continue
                }
                try expect(UInt8(ascii: ","), closer == UInt8(ascii: "]") ? #""," or "]""# : #""," or "}""#)
                if closer == UInt8(ascii: "}") { try skipKey() }
                break
            }
            if closers.isEmpty { return }
        }
    }

    /// A refusal at the current byte: the text is not JSON, for `reason`.
    func notJSON(_ reason: String) -> DocumentError {
        failure(at: offset, "the file is not JSON: " + reason)
    }

    /// A refusal at the current byte, where `what` should be (after `after`, when given), or
    /// where the text ends early.
    func expected(_ what: String, after: String? = nil) -> DocumentError {
        if offset == bytes.count { return notJSON("it ends where \(what) should be") }
        return notJSON(after.map { "\(what) should follow \($0)" } ?? "\(what) should be here")
    }

    /// A refusal at `offset`, with its line and column (counted in characters, as an editor
    /// counts them: the bytes that start a UTF-8 sequence).
    func failure(at offset: Int, _ reason: String) -> DocumentError {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = bytes[lineStart..<offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return DocumentError(line: line, column: column, reason)
    }

    /// A key, its colon and the white space around them, in a skipped object.
    private mutating func skipKey() throws {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw expected("a key in double quotes") }
        _ = try readString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "\":\"", after: "a key")
    }

    /// Passes over a number, checked against JSON's grammar: `-`, then `0` or digits that do not
    /// start with `0`, then perhaps a fraction and an exponent.
    private mutating func skipNumber() throws {
        let start = offset
        _ = take(UInt8(ascii: "-"))
        func digits() -> Int {
            let first = offset
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
            return offset - first
        }
        let leadingZero = peek() == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0 else {
            offset = start
            throw expected("a value")
        }
        if leadingZero && whole > 1 {
            offset = start
            throw notJSON("a number has a leading zero")
        }
        if take(UInt8(ascii: ".")), digits() == 0 { throw notJSON("a number's fraction has no digits") }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            if digits() == 0 { throw notJSON("a number's exponent has no digits") }
        }
    }

    /// The string whose content (escapes and all, checked as UTF-8) lies at `range`, escapes
    /// decoded.
    private func unescaped(_ range: Range<Int>) throws -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "\\") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            let letter = bytes[index + 1]
            if let byte = Self.simpleEscapes[letter] {
                decoded.append(byte)
                index += 2
                continue
            }
            guard letter == UInt8(ascii: "u") else {
                // The letter is shown only when it is printable ASCII: a message reaches a terminal.
                guard (0x21..<0x7F).contains(letter) else {
                    throw failure(at: index, "the file is not JSON: a backslash must start one of JSON's escapes")
                }
                throw failure(at: index, "the file is not JSON: \\\(UnicodeScalar(letter)) is not an escape")
            }
            var value = try hexUnit(at: index, before: range.upperBound)
            var length = 6
            if (0xD800..<0xDC00).contains(value), index + 12 <= range.upperBound, bytes[index + 6] == 0x5C,
                bytes[index + 7] == UInt8(ascii: "u")
            {
                // A high surrogate and the low one after it make one character.
                let low = try hexUnit(at: index + 6, before: range.upperBound)
                if (0xDC00..<0xE000).contains(low) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    length = 12
                }
            }
            guard let scalar = Unicode.Scalar(value) else {
                let hex = String(decoding: bytes[index + 2..<index + 6], as: UTF8.self).lowercased()
                throw failure(at: index, "the file is not JSON: \\u\(hex) is half of a surrogate pair")
            }
            UTF8.encode(scalar) { decoded.append($0) }
            index += length
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// What JSON's one-letter escapes stand for.
    private static let simpleEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    /// The value of the `\u` escape at `index`, whose four hex digits must come before `end`.
    private func hexUnit(at index: Int, before end: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for position in index + 2..<index + 6 {
            let byte = position < end ? bytes[position] : 0
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(at: index, "the file is not JSON: \\u should be followed by four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The bytes at `range` as a `String`, or a refusal at the first of them that is not UTF-8.
    private func validated(_ range: Range<Int>) throws -> String {
        if let text = String(validating: bytes[range], as: UTF8.self) { return text }
        var iterator = bytes[range].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var valid = range.lowerBound
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { valid += scalar.count }
        throw failure(at: valid, "the file is not JSON: its bytes are not UTF-8")
    }
}
