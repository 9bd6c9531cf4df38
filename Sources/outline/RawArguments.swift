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
                throw UsageError(message: "argument \(index) is not valid UTF-8")
            }
        }
    }
}
