import Foundation

/// How titles compare and group when sorted by title: by their Latin, ASCII transliteration, as
/// an English contacts list files them, so that 张三 sorts and files under Z, Юлия under Y and
/// Łódź under L.
///
/// - Cyrillic follows BGN/PCGN, the common English romanization: Яна and Юлия under Y (not ICU's
///   default ISO 9, which gives Âna, filed under A), Харитон under K, Жанна under Z.
/// - Japanese kana files by its reading (さくら under S).
/// - Han characters go by their Mandarin reading (山田 under S), because a title does not say
///   which language it is in: the same characters read Yamada in Japanese, and telling the two
///   apart would need a language tag that titles do not carry. Chinese names, the most common
///   case, come out right.
/// - Arabic and Hebrew write no short vowels; a name that starts with alef or ayin (علي, אברהם,
///   עמוס) transliterates to a bare glottal mark and files under A, as Ali, Avraham and Amos do.
/// - Korean files by ICU's romanization of Hangul (김 under G).
public enum TitleCollation {
    private static let toLatin = StringTransform("Russian-Latin/BGN; Any-Latin; Latin-ASCII")

    /// The sort key: the title in Latin ASCII where it can be, lowercased, from its first letter
    /// or digit on.
    ///
    /// What comes before that is skipped: invisible characters (a zero-width space, a byte order
    /// mark), punctuation and symbols. So "\u{200B}Zed" and "(draft) plan" file under Z and D.
    public static func key(_ title: String) -> String {
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return fromFirstLetter(title.lowercased()) }
        let latin = (title.applyingTransform(toLatin, reverse: false) ?? title).lowercased()
        if let first = latin.unicodeScalars.first, glottalMarks.contains(first),
            title.unicodeScalars.first.map(isArabicOrHebrew) ?? false
        {
            // The unwritten vowel after alef or ayin: English spellings of these names mostly
            // begin with A.
            return "a" + fromFirstLetter(String(latin.unicodeScalars.dropFirst()))
        }
        return fromFirstLetter(latin)
    }

    /// Whether `scalar` is of the Arabic or Hebrew script, whose alef and ayin the A rule is for:
    /// a title that starts with an ʻokina (ʻŌlelo) or a soft sign (Ь) must not file under A too.
    private static func isArabicOrHebrew(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x05FF, 0xFB1D...0xFB4F,  // Hebrew
            0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:  // Arabic
            return true
        default: return false
        }
    }

    /// What transliteration writes for alef and ayin: ʿ (U+02BF), ʾ (U+02BE), or an apostrophe.
    private static let glottalMarks: Set<Unicode.Scalar> = ["\u{02BF}", "\u{02BE}", "'", "\u{2019}"]

    private static func fromFirstLetter(_ text: String) -> String {
        guard let start = text.unicodeScalars.firstIndex(where: isLetterOrDigit) else { return text }
        return String(text.unicodeScalars[start...])
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

    /// Where a title sorts: by its section, then its collation key, then the title itself. Each
    /// title's key (an ICU transliteration for titles that are not ASCII) is computed once.
    struct Order: Comparable {
        let initial: String
        let rank: Int
        let key: String
        let title: String

        init(_ title: String) {
            key = TitleCollation.key(title)
            initial = TitleCollation.initial(forKey: key)
            rank = TitleCollation.sectionRank(initial)
            self.title = title
        }

        static func < (left: Order, right: Order) -> Bool {
            (left.rank, left.key, left.title) < (right.rank, right.key, right.title)
        }
    }
}
