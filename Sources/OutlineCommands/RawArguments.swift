import Foundation

/// The command line as bytes. Swift's `CommandLine.arguments` silently replaces bytes that are not
/// UTF-8 with U+FFFD, which would store a title other than the one typed.
enum RawArguments {
    static func requireValidUTF8() throws {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil {
                throw UsageError(message: "argument \(index) is not valid UTF-8 (titles and paths must be)")
            }
        }
    }

    /// The variables that name the database, checked as bytes for the same reason: a path with
    /// its bytes replaced would silently name another file.
    static func requireValidUTF8Environment() throws {
        for name in ["OUTLINE_DB", "XDG_DATA_HOME", "HOME"] {
            guard let value = getenv(name) else { continue }
            if String(validatingCString: value) == nil {
                throw CommandFailure(message: "$\(name) is not valid UTF-8; outline takes paths in UTF-8")
            }
        }
    }
}
