/// Makes stored titles safe to print, whatever the database holds.
///
/// Titles written by `outline` never hold control characters, but a file edited by other tools may;
/// printing one raw could move the cursor, recolour or rewrite a terminal.
package enum TitleSanitizer {
    /// Replaces C0/C1 control characters with visible escapes such as `\x1b`.
    /// Used where the output is data (TSV): the format stays one line per item.
    package static func escapingControls(_ title: String) -> String {
        guard mayHoldUnsafe(title) else { return title }
        return title.unicodeScalars.contains(where: Title.isControl) ? escape(title, when: Title.isControl) : title
    }

    /// Also neutralises bidirectional overrides and isolates, which can make a terminal show text
    /// in another order than it is stored, and line separators. Used for everything meant for a
    /// human's eyes.
    package static func forTerminal(_ title: String) -> String {
        guard mayHoldUnsafe(title) else { return title }
        let needsWork = title.unicodeScalars.contains(where: isUnsafeOnATerminal)
        return needsWork ? escape(title, when: isUnsafeOnATerminal) : title
    }

    /// `forTerminal` for text of several lines, such as a note: line ends and tabs are kept.
    package static func forTerminalKeepingLines(_ text: String) -> String {
        guard mayHoldUnsafe(text) else { return text }
        let unsafe = { (scalar: Unicode.Scalar) in scalar != "\n" && scalar != "\t" && isUnsafeOnATerminal(scalar) }
        return text.unicodeScalars.contains(where: unsafe) ? escape(text, when: unsafe) : text
    }

    /// The titles that `text`, a title as typed in a path, may stand for: itself, and, where it
    /// holds escapes as `forTerminal` writes them (`\x1b`, `\u202e`), the title with those
    /// characters in their place, so that a path printed for a terminal names its item.
    package static func readings(of text: String) -> [String] {
        guard text.utf8.contains(0x5C) else { return [text] }
        var decoded = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        var changed = false
        while let scalar = scalars.popFirst() {
            if scalar == "\\", let kind = scalars.first, kind == "x" || kind == "u" {
                let digits = kind == "x" ? 2 : 4
                let hex = String(String.UnicodeScalarView(scalars.dropFirst().prefix(digits)))
                if hex.count == digits, let value = UInt32(hex, radix: 16), let escaped = Unicode.Scalar(value),
                    isUnsafeOnATerminal(escaped)
                {
                    decoded.append(escaped)
                    scalars = scalars.dropFirst(1 + digits)
                    changed = true
                    continue
                }
            }
            decoded.append(scalar)
        }
        return changed ? [text, String(decoded)] : [text]
    }

    /// `escapingControls` for text of several lines, such as a note: line ends and tabs are kept.
    package static func escapingControlsKeepingLines(_ text: String) -> String {
        guard mayHoldUnsafe(text) else { return text }
        let unsafe = { (scalar: Unicode.Scalar) in scalar != "\n" && scalar != "\t" && Title.isControl(scalar) }
        return text.unicodeScalars.contains(where: unsafe) ? escape(text, when: unsafe) : text
    }

    /// Controls, bidi controls, and the line and paragraph separators (a line break to some
    /// terminals and pagers), none of which a title written by outline holds.
    private static func isUnsafeOnATerminal(_ scalar: Unicode.Scalar) -> Bool {
        Title.isControl(scalar) || isBidiControl(scalar) || Title.isLineSeparator(scalar)
    }

    /// A quick look at the bytes, so that the common title costs no decoding: every character
    /// either function escapes starts with a byte below 0x20, 0x7F, or one of the lead bytes
    /// 0xC2 (C1 controls), 0xD8 (U+061C) and 0xE2 (U+200E to U+2069).
    private static func mayHoldUnsafe(_ title: String) -> Bool {
        title.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func escape(_ title: String, when shouldEscape: (Unicode.Scalar) -> Bool) -> String {
        var result = ""
        result.reserveCapacity(title.utf8.count + 8)
        for scalar in title.unicodeScalars {
            if shouldEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                result +=
                    scalar.value <= 0xFF
                    ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                    : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
