import Foundation
import OutlineKit

/// Reads the titles that `add -` takes from standard input: one a line, blank lines skipped.
///
/// Input is read in blocks and split as it comes, so that memory stays bounded whatever arrives:
/// a line that cannot be a title (longer than a title may be, with room for surrounding white
/// space) is refused as soon as it is seen, and so is an input too large for one command. Reading
/// `/dev/zero` or an endless line ends in an error within milliseconds, not in the
/// out-of-memory killer.
enum StandardInputTitles {
    /// The longest line read: a title at its limit with as much white space again around it.
    static let maximumLineBytes = 2 * Title.maximumBytes

    /// The most that one `add -` reads: far beyond a million titles of ordinary length.
    static let maximumInputBytes = 256 * 1024 * 1024

    /// - Throws: `StandardInputError`, naming the line where a line is at fault.
    static func read(from descriptor: Int32 = STDIN_FILENO) throws -> [String] {
        var titles: [String] = []
        var line: [UInt8] = []
        var lineNumber = 0
        var total = 0
        var block = [UInt8](repeating: 0, count: 64 * 1024)

        func finishLine() throws {
            lineNumber += 1
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
                // A byte order mark (some editors on other systems write one) is not part of a title.
                line.removeFirst(3)
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard let text = String(validating: line, as: UTF8.self) else {
                throw StandardInputError.invalidUTF8(line: lineNumber)
            }
            line.removeAll(keepingCapacity: true)
            if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return }
            do {
                titles.append(try Title.validated(text))
            } catch let error as OutlineError {
                // Among thousands of lines, which one: the store would only say what was wrong.
                throw StandardInputError.invalidTitle(line: lineNumber, reason: error.message)
            }
        }

        while true {
            let count = block.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StandardInputError.unreadable(reason: String(cString: strerror(errno)).lowercased())
            }
            if count == 0 { break }
            total += count
            if total > maximumInputBytes {
                throw StandardInputError.tooLarge(limitMiB: maximumInputBytes / 1024 / 1024)
            }
            var start = 0
            while start < count {
                let end = block[start..<count].firstIndex(of: UInt8(ascii: "\n")) ?? count
                line += block[start..<end]
                if line.count > maximumLineBytes {
                    throw StandardInputError.lineTooLong(line: lineNumber + 1, limit: Title.maximumBytes)
                }
                if end < count { try finishLine() }
                start = end + 1
            }
        }
        if !line.isEmpty { try finishLine() }
        return titles
    }

    /// Replaces a `-` among the arguments with the titles read from standard input.
    static func expand(_ arguments: [String]) throws -> [String] {
        guard arguments.contains("-") else { return arguments }
        let fromInput = try read()
        return arguments.flatMap { $0 == "-" ? fromInput : [$0] }
    }
}
