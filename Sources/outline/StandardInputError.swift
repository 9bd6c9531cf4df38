/// Why `add -` refused its standard input: errors only the executable can meet, since only it
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
    /// Reading failed (a closed descriptor, a directory).
    case unreadable(reason: String)

    var message: String {
        switch self {
        case .invalidUTF8(let line): "standard input line \(line) is not valid UTF-8"
        case .lineTooLong(let line, let limit):
            "standard input line \(line) is longer than a title may be (\(limit) bytes)"
        case .invalidTitle(let line, let reason): "standard input line \(line): \(reason)"
        case .tooLarge(let limit): "standard input holds more than \(limit) MiB; add it in parts"
        case .unreadable(let reason): "cannot read standard input: \(reason)"
        }
    }
}
