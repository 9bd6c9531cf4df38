/// Why `add -` or `note REF -` refused its standard input: errors only the executable can meet, since only it
/// reads titles a line at a time. Exit status 1, like a refusal of the library's.
enum StandardInputError: Error, Equatable {
    /// Line `line` is not UTF-8.
    case invalidUTF8(line: Int)
    /// Line `line` is longer than any title may be, refused before it is read whole.
    case lineTooLong(line: Int, limit: Int)
    /// Line `line` is not a valid title; `reason` is the library's message.
    case invalidTitle(line: Int, reason: String)
    /// The whole input is larger than one command takes.
    case tooLarge(limitMiB: Int)
    /// A note read whole is not UTF-8.
    case noteNotUTF8
    /// A note read from standard input is longer than a note may be, refused as soon as it is.
    case noteTooLong(limit: Int)
    /// Reading failed (a closed descriptor, a directory).
    case unreadable(reason: String)

    var message: String {
        switch self {
        case .invalidUTF8(let line): "standard input line \(line) is not valid UTF-8"
        case .lineTooLong(let line, let limit):
            "standard input line \(line) is longer than a title may be (\(limit) bytes)"
        case .invalidTitle(let line, let reason): "standard input line \(line): \(reason)"
        case .tooLarge(let limit): "standard input holds more than \(limit) MiB; add it in parts"
        case .noteNotUTF8: "the note on standard input is not valid UTF-8"
        case .noteTooLong(let limit): "the note on standard input is longer than the limit of \(limit) bytes"
        case .unreadable(let reason): "cannot read standard input: \(reason)"
        }
    }
}
