/// Minimal JSON text writing for streamed output, where building a whole `Encodable` tree first
/// would cost memory proportional to the outline.
package enum JSONText {
    /// A JSON string literal. Every control character, C1 controls included, is escaped, and so
    /// are bidirectional overrides and isolates, so the text is safe on a terminal too. Escapes
    /// lose nothing: a JSON reader gets the title back exactly.
    package static func quote(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, escaped as `quote` escapes it, to `bytes`: a
    /// listing writes every title through here, and a `String` for each slowed
    /// `export --format json` (Docs/performance.md, "Big writes, export, a million siblings").
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        appendContents(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends what goes between the quotes of `text`'s literal, escaped as `appendQuoted`
    /// escapes it: for a string literal written in parts (taskwarrior's dotted `project`, one
    /// title at a time). Escaping works scalar by scalar, so the parts escaped one by one are the
    /// whole escaped.
    package static func appendContents(_ text: String, to bytes: inout [UInt8]) {
        // A title none of whose bytes is, or starts, a character `appendEscaped` escapes is
        // copied as it is, tested (`ByteSet`) and copied from the string's own bytes: a test
        // through the `UTF8View` one byte at a time was a twentieth of `export --format json`,
        // and one that sent every title with a byte past ASCII (one in ten, in Chinese) the
        // scalar-by-scalar way, a tenth of `export --format taskwarrior`.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !mayStartEscape.containsAny(of: utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true { appendEscaped(text, to: &bytes) }
    }

    /// The bytes that are, or may start, a character `appendEscaped` escapes: the quote, the
    /// backslash, C0 controls and DEL; 0xC2 starts the C1 controls, 0xD8 U+061C, and 0xE2 the
    /// other bidirectional controls and the line separators.
    private static let mayStartEscape = ByteSet { byte in
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// Appends `number` in decimal.
    package static func appendNumber(_ number: Int64, to bytes: inout [UInt8]) {
        DecimalDigits.append(number, to: &bytes)
    }

    /// Escapes scalar by scalar, appending each one's bytes straight to `bytes`: building a
    /// `String` of the escaped text first slowed `find --json`, whose paths often hold titles
    /// that need escaping (Docs/performance.md, "`find --json` with many matches").
    private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: "\\\"".utf8)
            case "\\": bytes.append(contentsOf: "\\\\".utf8)
            case "\n": bytes.append(contentsOf: "\\n".utf8)
            case "\r": bytes.append(contentsOf: "\\r".utf8)
            case "\t": bytes.append(contentsOf: "\\t".utf8)
            default:
                if Title.isControl(scalar) || TitleSanitizer.isBidiControl(scalar) || Title.isLineSeparator(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
    }

    /// A JSON array of ids: for output, and for SQLite's `json_each`, which takes any number of
    /// ids in one bound parameter.
    package static func array(_ ids: [ItemID]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// A JSON array of strings, for SQLite's `json_each`.
    static func array(_ strings: [String]) -> String {
        "[" + strings.map(quote).joined(separator: ",") + "]"
    }
}
