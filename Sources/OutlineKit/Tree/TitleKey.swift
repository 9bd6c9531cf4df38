import Foundation

/// The two folded forms of a title that the indexes hold.
///
/// - `of(_:)`, the key that title paths match by when case is ignored: full Unicode case folding
///   (`Straße` and `STRASSE` share one). Stored in the `title_key` table only where SQLite's
///   `lower()`, which the item table is indexed by, would give a different key.
/// - `searchText(of:)`, what `find` matches: case folded and diacritics removed, so that `cafe`
///   finds `Café`. SQLite 3.40's trigram tokenizer cannot strip diacritics itself, so the text is
///   folded before it is indexed, and a query is folded the same way.
enum TitleKey {
    /// The case-folded title, in Unicode's composed form (NFC), so that `é` typed as one
    /// character and as `e` with a combining accent (as macOS writes file names) share a key.
    static func of(_ title: String) -> String {
        // Most titles are ASCII: SQLite's lower() is their fold, and much cheaper
        // (Docs/performance.md, "Measurements behind the code").
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return sqliteLower(title) }
        return title.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }

    /// What the `title_key` table holds for `title`: nil where SQLite's `lower()` gives the key.
    /// Compared as bytes, as SQLite compares them: Swift's `==` would call a composed and a
    /// decomposed form equal.
    static func stored(for title: String) -> String? {
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return nil }
        let key = of(title)
        return key.utf8.elementsEqual(sqliteLower(title).utf8) ? nil : key
    }

    /// The title as the search index holds it: case and diacritics folded.
    static func searchText(of title: String) -> String {
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return sqliteLower(title) }
        return title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// What the search index holds for an item: its title's search text and, on a line of its
    /// own, its note's. A term that holds a line break could span the two; `Search` checks such
    /// terms against the note alone.
    static func searchText(of title: String, note: String?) -> String {
        guard let note else { return searchText(of: title) }
        return searchText(of: title) + "\n" + searchText(of: note)
    }

    /// SQLite's built-in `lower()`: ASCII letters only.
    static func sqliteLower(_ text: String) -> String {
        guard text.utf8.contains(where: { (65...90).contains($0) }) else { return text }
        return String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
