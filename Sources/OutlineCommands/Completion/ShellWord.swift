import Foundation

/// A word as a shell would pass it on, from the text typed for it: completion requests get the
/// words verbatim, quotes and backslashes included.
enum ShellWord {
    /// `text` with POSIX shell quoting removed: `'...'` literally, `"..."` with `\"`, `\\`, `\$`
    /// and `` \` `` unescaped, and a backslash outside quotes taking the next character
    /// literally. A quote still open at the end (the word is being typed) is closed there.
    static func unquoted(_ text: String) -> String {
        // Scalars, as a shell reads bytes: a quote that a combining mark follows is one
        // `Character` with it, but still a quote to the shell.
        var result = String.UnicodeScalarView()
        var quote: Unicode.Scalar?
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch (quote, scalar) {
            case (nil, "'"), (nil, "\""):
                quote = scalar
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case (nil, "\\"):
                if let next = scalars.next() { result.append(next) }
            case ("\"", "\\"):
                guard let next = scalars.next() else { break }
                if !"\"\\$`".unicodeScalars.contains(next) { result.append("\\") }
                result.append(next)
            default:
                result.append(scalar)
            }
        }
        return String(result)
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
        // Scalars: a quote that a combining mark follows is one character with it (see
        // `replacingScalars`), and left alone it would end the quoting.
        return "'" + text.replacingScalars { $0 == "'" ? "'\\''" : nil } + "'"
    }
}
