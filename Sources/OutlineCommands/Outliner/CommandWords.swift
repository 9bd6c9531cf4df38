/// The words of a command line typed after `:` in the outliner, split as a POSIX shell splits
/// them, without expanding anything: white space separates words, single quotes keep everything
/// to the next one, double quotes keep everything but `\"` and `\\`, and a backslash outside
/// quotes keeps the next character.
enum CommandWords {
    /// Why a line cannot be split.
    struct Unfinished: Error, Equatable {
        /// The quote left open, or a backslash at the end.
        let what: String
        /// As the outliner shows it.
        var message: String { "the command line ends inside \(what)" }
    }

    /// The words of `line`.
    static func split(_ line: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw Unfinished(what: "a single quote") }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw Unfinished(what: "a double quote") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { throw Unfinished(what: "a double quote") }
                        if escaped != "\"", escaped != "\\" { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                guard let escaped = iterator.next() else { throw Unfinished(what: "a backslash") }
                inWord = true
                word.append(escaped)
            case _ where character.isWhitespace:
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
