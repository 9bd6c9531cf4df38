import Foundation

/// How titles compare and group when sorted by title: by their Latin, ASCII transliteration, so
/// that 张三 sorts and files under Z, Дмитрий under D and Łódź under L.
public enum TitleCollation {
    nonisolated(unsafe) private static let toLatin = StringTransform("Any-Latin; Latin-ASCII")

    /// The sort key: the title in Latin ASCII where it can be, lowercased.
    public static func key(_ title: String) -> String {
        let latin =
            title.utf8.allSatisfy { $0 < 0x80 } ? title : (title.applyingTransform(toLatin, reverse: false) ?? title)
        return latin.lowercased()
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
