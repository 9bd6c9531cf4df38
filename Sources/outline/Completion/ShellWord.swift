import Foundation

/// A word as a shell would pass it on, from the text typed for it: completion requests get the
/// words verbatim, quotes and backslashes included.
enum ShellWord {
    /// `text` with POSIX shell quoting removed: `'...'` literally, `"..."` with `\"`, `\\`, `\$`
    /// and `` \` `` unescaped, and a backslash outside quotes taking the next character
    /// literally. A quote still open at the end (the word is being typed) is closed there.
    static func unquoted(_ text: String) -> String {
        var result = ""
        var quote: Character?
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch (quote, character) {
            case (nil, "'"), (nil, "\""):
                quote = character
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case (nil, "\\"):
                if let next = characters.next() { result.append(next) }
            case ("\"", "\\"):
                guard let next = characters.next() else { break }
                if !"\"\\$`".contains(next) { result.append("\\") }
                result.append(next)
            default:
                result.append(character)
            }
        }
        return result
    }

    /// `text` as one word a POSIX shell reads back as `text`: as it is when it holds only
    /// characters no shell treats specially, else in single quotes.
    static func quoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "_./-:=@%+,".unicodeScalars.contains(scalar))
        }
        if plain, !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
