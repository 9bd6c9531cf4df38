/// The encodings a document may come in besides UTF-8, and how they are told: Windows editors and
/// PowerShell's redirections save text in UTF-16, with a byte order mark or without one. The
/// JSON and line-based readers take any of them as UTF-8; the OPML reader hands its bytes to
/// libxml2, which reads the XML declaration itself.
enum UnicodeDocument {
    /// The encoding a document's first bytes show.
    enum Encoding: Equatable {
        /// UTF-8, the encoding of everything outline writes.
        case utf8
        /// UTF-16, most significant byte first.
        case utf16BigEndian
        /// UTF-16, least significant byte first: what Windows saves.
        case utf16LittleEndian
        /// UTF-32, most significant byte first.
        case utf32BigEndian
        /// UTF-32, least significant byte first.
        case utf32LittleEndian

        /// The encoding that `bytes` start in: by the byte order mark, else by where the zero bytes
        /// of the first characters fall, as RFC 4627 tells the encoding of JSON. Text in UTF-8
        /// holds no zero byte that any reader here takes, so a document that this takes for
        /// UTF-16 or UTF-32 would be refused as UTF-8 anyway.
        init(of bytes: some Collection<UInt8>) {
            let head = Array(bytes.prefix(4)) + [1, 1, 1, 1].dropFirst(min(4, bytes.count))
            // UTF-32's marks first: `FF FE 00 00` is also UTF-16's mark before a NUL, which no
            // document holds.
            switch (head[0], head[1], head[2], head[3]) {
            case (0x00, 0x00, 0xFE, 0xFF): self = .utf32BigEndian
            case (0xFF, 0xFE, 0x00, 0x00): self = .utf32LittleEndian
            case (0xFE, 0xFF, _, _): self = .utf16BigEndian
            case (0xFF, 0xFE, _, _): self = .utf16LittleEndian
            case (0x00, 0x00, 0x00, let d) where d != 0 && bytes.count >= 4: self = .utf32BigEndian
            case (let a, 0x00, 0x00, 0x00) where a != 0 && bytes.count >= 4: self = .utf32LittleEndian
            case (0x00, let b, _, _) where b != 0 && bytes.count >= 2: self = .utf16BigEndian
            case (let a, 0x00, _, _) where a != 0 && bytes.count >= 2: self = .utf16LittleEndian
            default: self = .utf8
            }
        }

        /// How many bytes make one code unit.
        var unitSize: Int {
            switch self {
            case .utf8: 1
            case .utf16BigEndian, .utf16LittleEndian: 2
            case .utf32BigEndian, .utf32LittleEndian: 4
            }
        }

        /// The encoding's name, for messages.
        var name: String { unitSize == 2 ? "UTF-16" : "UTF-32" }

        /// Whether the most significant byte of a code unit comes first.
        var isBigEndian: Bool { self == .utf16BigEndian || self == .utf32BigEndian }
    }

    /// The document in UTF-8, without a byte order mark: UTF-8 as it is (the array is shared, not
    /// copied), UTF-16 and UTF-32 transcoded.
    ///
    /// - Throws: `DocumentError` naming the line where UTF-16 or UTF-32 breaks: half a surrogate
    ///   pair, a value past U+10FFFF, or bytes left over at the end.
    static func utf8(_ bytes: [UInt8]) throws -> [UInt8] {
        let encoding = Encoding(of: bytes)
        guard encoding != .utf8 else {
            return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        }
        return try transcoded(bytes, from: encoding, stoppingOnError: true)
    }

    /// The start of the document in UTF-8, as far as `count` bytes of it, for telling its format:
    /// what does not decode (a pair cut at the end) becomes U+FFFD.
    static func head(_ bytes: [UInt8], count: Int) -> [UInt8] {
        let encoding = Encoding(of: bytes)
        guard encoding != .utf8 else {
            return Array(bytes.dropFirst(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0).prefix(count))
        }
        let head = Array(bytes.prefix(count - count % encoding.unitSize))
        return (try? transcoded(head, from: encoding, stoppingOnError: false)) ?? []
    }

    /// `bytes`, in `encoding` (UTF-16 or UTF-32), as UTF-8 without the byte order mark.
    private static func transcoded(_ bytes: [UInt8], from encoding: Encoding, stoppingOnError: Bool) throws
        -> [UInt8]
    {
        let size = encoding.unitSize
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var line = 1
        func broken() throws {
            if stoppingOnError { throw DocumentError(line: line, "the line is not valid \(encoding.name)") }
            UTF8.encode("\u{FFFD}") { output.append($0) }
        }
        var offset = 0
        func unit() -> UInt32? {
            guard offset + size <= bytes.count else { return nil }
            var value: UInt32 = 0
            for index in 0..<size {
                let byte = UInt32(bytes[offset + (encoding.isBigEndian ? index : size - 1 - index)])
                value = value << 8 | byte
            }
            offset += size
            return value
        }
        while let value = unit() {
            var scalar = Unicode.Scalar(value)
            if size == 2, (0xD800..<0xDC00).contains(value) {
                // A high surrogate takes the low one after it.
                let before = offset
                if let low = unit(), (0xDC00..<0xE000).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
                } else {
                    offset = before
                }
            }
            guard let scalar else {
                try broken()
                continue
            }
            // The byte order mark at the start is the encoding's, not text.
            if scalar == "\u{FEFF}", offset == size { continue }
            if scalar == "\n" { line += 1 }
            UTF8.encode(scalar) { output.append($0) }
        }
        if offset < bytes.count { try broken() }
        return output
    }
}
