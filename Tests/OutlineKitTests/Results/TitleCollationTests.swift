import OutlineKit
import Testing

@Suite("Sections by initial, as an English contacts list files names")
struct TitleCollationTests {
    /// Names across scripts, with the section an English-speaking user would look them up under.
    static let names: [(title: String, section: String)] = [
        // Latin, with diacritics and letters of their own.
        ("Anna", "A"), ("Łukasz", "L"), ("Ørjan", "O"), ("Émile", "E"), ("Ñandú", "N"), ("Zoë", "Z"),
        // Chinese, by pinyin.
        ("张伟", "Z"), ("王芳", "W"), ("李娜", "L"), ("陈静", "C"), ("刘洋", "L"),
        // Cyrillic, by BGN/PCGN: Я and Ю are Ya and Yu, Х is Kh, Ж is Zh, Щ is Shch, Ц is Ts.
        ("Яна", "Y"), ("Юлия", "Y"), ("Харитон", "K"), ("Жанна", "Z"), ("Щукин", "S"), ("Цветана", "T"),
        ("Чайка", "C"), ("Дмитрий", "D"), ("Ирина", "I"), ("Эдуард", "E"),
        // Greek.
        ("Ξένια", "X"), ("Χρήστος", "C"), ("Θεόδωρος", "T"), ("Άννα", "A"), ("Ωμέγα", "O"),
        // Japanese kana, by reading.
        ("さくら", "S"), ("サクラ", "S"), ("ゆうき", "Y"), ("きょうこ", "K"), ("はると", "H"),
        // Korean, by ICU's romanization of Hangul.
        ("김민준", "G"), ("이서연", "I"), ("최", "C"), ("한", "H"),
        // Arabic: alef and ayin carry the unwritten vowel, filed under A.
        ("علي", "A"), ("أحمد", "A"), ("يوسف", "Y"), ("فاطمة", "F"), ("محمد", "M"), ("خالد", "K"),
        // Hebrew, likewise.
        ("דוד", "D"), ("שרה", "S"), ("אברהם", "A"), ("עמוס", "A"), ("חיים", "H"), ("ישראל", "Y"),
        // No letter at all.
        ("42 Street", "#"), ("!!!", "#"),
    ]

    @Test func namesFileUnderTheirEnglishInitial() {
        #expect(Self.names.count > 30)
        for (title, section) in Self.names {
            #expect(TitleCollation.initial(title) == section, "\(title)")
        }
    }

    /// Han characters have no reading of their own in a title: they are read as Mandarin, so a
    /// Japanese name written in kanji files under its Chinese reading (documented).
    @Test func hanCharactersGoByTheirMandarinReading() {
        #expect(TitleCollation.initial("山田") == "S")
        #expect(TitleCollation.key("山田") == "shan tian")
    }

    /// A title that itself starts with an apostrophe or a modifier letter is not read as alef or
    /// ayin: only Arabic and Hebrew titles are.
    @Test func aLeadingApostropheOrModifierLetterIsSkipped() {
        #expect(TitleCollation.initial("'Til Tuesday") == "T")
        #expect(TitleCollation.initial("’s-Hertogenbosch") == "S")
        #expect(TitleCollation.initial("ʻŌlelo") == "O")
        #expect(TitleCollation.initial("ʻIolani") == "I")
        #expect(TitleCollation.initial("ʼEnd") == "E")
        #expect(TitleCollation.initial("ʿUmar") == "U")
        #expect(TitleCollation.initial("ʹ") == "#")
        #expect(TitleCollation.initial("Ь") == "#")
        #expect(TitleCollation.initial("Ъ") == "#")
    }
}
