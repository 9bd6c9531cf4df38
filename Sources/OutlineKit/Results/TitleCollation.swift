import Foundation

/// How titles compare and group when sorted by title: by their Latin, ASCII transliteration, so
/// that 张三 sorts and files under Z, Дмитрий under D and Łódź under L.
public enum TitleCollation {
    nonisolated(unsafe) private static let toLatin = StringTransform("Any-Latin; Latin-ASCII")

    /// The sort key: the title in Latin ASCII where it can be, lowercased, from its first letter
    /// or digit on.
    ///
    /// What comes before that is skipped: invisible characters (a zero-width space, a byte order
    /// mark), punctuation and symbols, and the modifier letters that transliteration leaves for
    /// some sounds (ع in علي becomes ʿ). So "\u{200B}Zed" and "(draft) plan" file under Z and D.
    public static func key(_ title: String) -> String {
        let latin =
            title.utf8.allSatisfy { $0 < 0x80 } ? title : (title.applyingTransform(toLatin, reverse: false) ?? title)
        let lowered = latin.lowercased()
        guard let start = lowered.unicodeScalars.firstIndex(where: isLetterOrDigit) else { return lowered }
        return String(lowered.unicodeScalars[start...])
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber, .letterNumber,
            .otherNumber:
            return true
        default: return false
        }
    }

    /// The section a title files under: "A" to "Z", or "#" for anything else (digits, symbols,
    /// scripts with no Latin form).
    public static func initial(_ title: String) -> String {
        initial(forKey: key(title))
    }

    static func initial(forKey key: String) -> String {
        guard let first = key.unicodeScalars.first, ("a"..."z").contains(first) else { return "#" }
        return String(first).uppercased()
    }

    /// Letters first, in order, then "#".
    static func sectionRank(_ initial: String) -> Int {
        guard let scalar = initial.unicodeScalars.first, ("A"..."Z").contains(scalar) else { return 26 }
        return Int(scalar.value - 65)
    }
}
