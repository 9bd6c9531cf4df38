/// Validation of item titles: one line of Unicode text, trimmed, not empty, no control characters.
public enum Title {
    /// The largest title accepted, in UTF-8 bytes. Far above any real title, it keeps a stray
    /// stray file read as titles from turning into one gigantic row.
    public static let maximumBytes = 64 * 1024

    /// Returns the title with surrounding white space trimmed.
    ///
    /// - Throws: `OutlineError.emptyTitle`, `.controlCharacterInTitle`, `.titleTooLong`.
    public static func validated(_ raw: String) throws -> String {
        let trimmed = raw.trimmingWhiteSpace()
        // Zero-width spaces and other format characters alone would show as a blank line.
        if trimmed.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format }) {
            throw OutlineError.emptyTitle
        }
        if let scalar = trimmed.unicodeScalars.first(where: isControl) {
            throw OutlineError.controlCharacterInTitle(title: trimmed, scalar: scalar.value)
        }
        if let scalar = trimmed.unicodeScalars.first(where: isLineSeparator) {
            throw OutlineError.lineSeparatorInTitle(title: trimmed, scalar: scalar.value)
        }
        let bytes = trimmed.utf8.count
        if bytes > maximumBytes { throw OutlineError.titleTooLong(bytes: bytes, limit: maximumBytes) }
        return trimmed
    }

    /// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: not controls, but line breaks all
    /// the same, and a title is one line.
    public static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Throws unless a stored title can be one line of a document of `format`: a control
    /// character or a line separator (which only a file edited outside outline holds) would break
    /// the document's lines, or reach a terminal that shows it.
    /// The bytes are looked at first: a title without a byte below 0x20, DEL, or the lead bytes
    /// of C1 controls (0xC2) and line separators (0xE2), the usual one, is passed at once, since
    /// an export checks every title.
    ///
    /// - Throws: `cannotExport`, naming `item` and the first such character.
    public static func requireWritable(_ title: String, of item: ItemID, in format: String) throws {
        let suspect = title.utf8.withContiguousStorageIfAvailable { unwritableStarts.containsAny(of: $0) } ?? true
        guard suspect, let scalar = title.unicodeScalars.first(where: { isControl($0) || isLineSeparator($0) })
        else { return }
        throw OutlineError.cannotExport(item: item, format: format, scalar: scalar.value)
    }

    /// The bytes that are, or may begin, a character `requireWritable` refuses.
    private static let unwritableStarts = ByteSet { byte in
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// C0 controls, DEL and C1 controls: what a title may not hold.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x1F || (0x7F...0x9F).contains(scalar.value)
    }
}

extension String {
    /// Trims Unicode white space (including tabs and newlines) at both ends, without Foundation.
    func trimmingWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
