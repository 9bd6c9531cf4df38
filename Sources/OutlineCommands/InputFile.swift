import Foundation

/// Reads a whole file named on the command line, or standard input for `-`: `import` and
/// `edit --apply`.
enum InputFile {
    /// The bytes of `source` (`-`: standard input), refused past `limit` before more is read.
    ///
    /// - Parameters:
    ///   - whenTooLarge: what to do about a file past the limit, for the error.
    ///   - whenTerminal: the error for `-` when standard input is a terminal: nothing is piped in,
    ///     and a command never waits for typing.
    static func contents(of source: String, limit: Int, whenTooLarge: String, whenTerminal: String) throws -> [UInt8] {
        let descriptor = source == "-" ? STDIN_FILENO : open(source, O_RDONLY)
        guard descriptor >= 0 else {
            throw CommandFailure(message: "cannot read '\(source)': \(String(cString: strerror(errno)).lowercased())")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        if source == "-", isatty(STDIN_FILENO) == 1 { throw CommandFailure(message: whenTerminal) }
        let tooLarge = CommandFailure(
            message:
                "\(source == "-" ? "standard input" : source) is larger than \(limit / 1024 / 1024) MiB; \(whenTooLarge)"
        )
        // A file says its size: one too large is refused before a byte of it is read.
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                throw CommandFailure(message: "cannot read '\(source)': it is a folder")
            }
            if (status.st_mode & S_IFMT) == S_IFREG, status.st_size > limit { throw tooLarge }
        }
        do {
            return try DescriptorReading.readWhole(descriptor, limit: limit)
        } catch .tooLarge {
            throw tooLarge
        } catch .unreadable(let reason) {
            throw CommandFailure(message: "cannot read '\(source)': \(reason)")
        }
    }
}
