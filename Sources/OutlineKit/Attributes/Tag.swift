/// Tags: the words an item is filed under, set with `set --tag` or written as `#word` in a title.
public enum Tag {
    /// `tag` checked as `set --tag` takes it: one word of letters, digits, `_` and `@`, the
    /// characters org-mode takes in a tag, so that every tag survives an org file.
    ///
    /// - Throws: `invalidTag`.
    public static func validated(_ tag: String) throws -> String {
        let trimmed = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy(isTagScalar) else {
            throw OutlineError.invalidTag(tag)
        }
        return trimmed
    }

    /// `text` as `find --tag` takes it: any tag `tags` lists, those written `#[[two words]]` or
    /// `#to-read` in titles included, with or without its `#` or brackets.
    ///
    /// - Throws: `invalidTag` for an empty one.
    public static func lookedFor(_ text: String) throws -> String {
        var tag = Substring(text.trimmingWhiteSpace())
        if tag.hasPrefix("#") { tag = tag.dropFirst() }
        if tag.hasPrefix("[["), tag.hasSuffix("]]"), tag.count >= 4 { tag = tag.dropFirst(2).dropLast(2) }
        let words = tag.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !words.isEmpty else { throw OutlineError.invalidTag(text) }
        return words
    }

    /// The key tags are compared by: case folded, so that `Work` and `work` are one tag.
    static func key(_ tag: String) -> String { TitleKey.of(tag) }

    /// The tags written in `title` as Workflowy and Logseq write them: `#word`, or `#[[two
    /// words]]`, after a space or at the start. A word of digits alone (`#12`, an issue's number)
    /// is not a tag; a `-` inside a word is kept (`#to-read`), one at its end is not.
    static func inline(in title: String) -> [String] {
        guard title.utf8.contains(UInt8(ascii: "#")) else { return [] }
        var tags: [String] = []
        let scalars = Array(title.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "#", index == 0 || scalars[index - 1].properties.isWhitespace else { continue }
            var end = index + 1
            if end + 1 < scalars.count, scalars[end] == "[", scalars[end + 1] == "[" {
                // `#[[two words]]`: up to the closing brackets.
                var close = end + 2
                while close + 1 < scalars.count, !(scalars[close] == "]" && scalars[close + 1] == "]") { close += 1 }
                guard close + 1 < scalars.count else { continue }
                let words = String(String.UnicodeScalarView(scalars[(end + 2)..<close]))
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !words.isEmpty { tags.append(words) }
                index = close + 1
                continue
            }
            while end < scalars.count, isTagScalar(scalars[end]) || scalars[end] == "-" { end += 1 }
            while end > index + 1, scalars[end - 1] == "-" { end -= 1 }
            let word = scalars[(index + 1)..<end]
            if !word.isEmpty, !word.allSatisfy({ ("0"..."9").contains($0) }) {
                tags.append(String(String.UnicodeScalarView(word)))
            }
            index = end - 1
        }
        return tags
    }

    /// Every tag of an item, set (`tags`, as stored) and written in its title, once per key,
    /// each as first written: what `tag_index` holds for it.
    static func all(title: String, tags: String?) -> [(key: String, tag: String)] {
        var seen = Set<String>()
        var all: [(key: String, tag: String)] = []
        for tag in ItemAttributes.tags(stored: tags) + inline(in: title) {
            let key = key(tag)
            if seen.insert(key).inserted { all.append((key, tag)) }
        }
        return all
    }

    /// Letters (with their combining marks: `é` may come as `e` and an accent), decimal digits,
    /// `_` and `@`.
    private static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark: return true
        default: return scalar.properties.isAlphabetic || scalar == "_" || scalar == "@"
        }
    }
}
