/// How many columns text takes on a terminal, and how to cut it to fit.
///
/// A terminal gives an East Asian wide character (CJK, kana, Hangul, fullwidth forms) and an
/// emoji two columns, a combining mark or zero-width character none, and most other characters
/// one. Counting `Character`s instead overflows a line with `山田` and wraps it. Width is measured
/// one grapheme cluster at a time, so that a flag, a ZWJ family or a letter with its accents is one
/// glyph, as the terminal draws it.
///
/// ```swift
/// TerminalWidth.columns(of: "山田")            // 4
/// TerminalWidth.cut("山田太郎", to: 5)           // "山田…"
/// ```
package enum TerminalWidth {
    /// The ellipsis that `cut(_:to:)` puts where it cut; one column wide.
    package static let ellipsis = "…"

    /// The columns `text` takes on a terminal: the sum of its grapheme clusters' widths.
    package static func columns(of text: String) -> Int {
        // Plain ASCII is the common case, and one column a byte (titles hold no controls).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns one grapheme cluster takes: 2 when any of its scalars is wide or asks for
    /// emoji presentation, 0 when all of them are zero-width, 1 otherwise.
    package static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var widest = 0
        for scalar in scalars where !isZeroWidth(scalar) {
            // Zero width is asked first: kana's combining voicing marks lie in a wide block.
            if isWide(scalar) { return 2 }
            widest = 1
        }
        // A text-default emoji (☺, ❤) followed by VS16 is drawn as an emoji, two columns.
        if widest == 1, scalars.contains("\u{FE0F}"), scalars.contains(where: \.properties.isEmoji) { return 2 }
        return widest
    }

    /// `text` unchanged if it fits in `columns`, else as much of it as fits with `…` after it,
    /// never wider than `columns` (one less where a wide character would straddle the edge).
    package static func cut(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if self.columns(of: text) <= columns { return text }
        var kept = ""
        var used = 0
        for character in text {
            let width = self.columns(of: character)
            if used + width > columns - 1 { break }
            kept.append(character)
            used += width
        }
        return kept + ellipsis
    }

    /// Combining and enclosing marks, format characters (zero-width space and joiner, bidi
    /// marks), default-ignorable code points (variation selectors), and the Hangul vowel and
    /// final jamo that join the initial before them into one syllable.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }

    /// East Asian Wide and Fullwidth characters, and emoji presented as emoji by default.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Below U+1100 nothing is wide: a quick exit for Latin, Greek, Cyrillic, Arabic...
        if value < 0x1100 { return false }
        if scalar.properties.isEmojiPresentation { return true }
        return WideRanges.contains(value)
    }
}

/// The code points that Unicode's East Asian Width property (UAX #11) gives W or F, outside the
/// emoji that `isEmojiPresentation` already covers; Swift does not expose that property.
enum WideRanges {
    /// Sorted, non-overlapping, for a binary search.
    static let ranges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi radicals, ideographic description, CJK punctuation
        0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility jamo, enclosed CJK, CJK compatibility
        0x3400...0x4DBF,  // CJK Extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo Extended-A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth ASCII and punctuation
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FFF,  // ideographic symbols and punctuation
        0x17000...0x18CFF,  // Tangut, Khitan
        0x18D00...0x18D7F,  // Tangut supplement
        0x1AFF0...0x1B2FF,  // kana supplements and extensions, Nüshu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK Extensions B to F, compatibility supplement
        0x30000...0x3FFFD,  // CJK Extensions G and later
    ]

    static func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
