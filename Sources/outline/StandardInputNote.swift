import Foundation
import OutlineKit

/// Reads the note that `note REF -` takes from standard input, whole, in blocks: memory stays
/// bounded, since an input longer than a note may be is refused as soon as it is.
enum StandardInputNote {
    /// The most read: a note at its limit, with room for white space at its end, which is trimmed.
    static let maximumInputBytes = Note.maximumBytes + 64 * 1024

    /// - Throws: `StandardInputError`.
    static func read(from descriptor: Int32 = STDIN_FILENO) throws -> String {
        var input: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = block.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StandardInputError.unreadable(reason: String(cString: strerror(errno)).lowercased())
            }
            if count == 0 { break }
            input += block[0..<count]
            if input.count > maximumInputBytes { throw StandardInputError.noteTooLong(limit: Note.maximumBytes) }
        }
        // A byte order mark (some editors on other systems write one) is not part of the note.
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
        guard let text = String(validating: input, as: UTF8.self) else { throw StandardInputError.noteNotUTF8 }
        return text
    }
}
