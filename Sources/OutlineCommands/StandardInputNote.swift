import Foundation
import OutlineKit

/// Reads the note that `note REF -` takes from standard input, whole, in blocks: memory stays
/// bounded, since an input longer than a note may be is refused as soon as it is.
enum StandardInputNote {
    /// The most read: a note at its limit, with room for white space at its end, which is trimmed.
    static let maximumInputBytes = Note.maximumBytes + 64 * 1024

    /// - Throws: `StandardInputError`.
    static func read(from descriptor: Int32 = STDIN_FILENO) throws -> String {
        var input: [UInt8]
        do {
            input = try DescriptorReading.readWhole(descriptor, limit: maximumInputBytes)
        } catch .tooLarge {
            throw StandardInputError.noteTooLong(limit: Note.maximumBytes)
        } catch .unreadable(let reason) {
            throw StandardInputError.unreadable(reason: reason)
        }
        // A byte order mark (some editors on other systems write one) is not part of the note.
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input.removeFirst(3) }
        guard let text = String(validating: input, as: UTF8.self) else { throw StandardInputError.noteNotUTF8 }
        return text
    }
}
