import Foundation
import OutlineKit

/// Reads the titles that `add -` takes from standard input: one a line, blank lines skipped.
enum StandardInputTitles {
    /// - Throws: `OutlineError.invalidUTF8` naming the first line that is not UTF-8.
    static func read() throws -> [String] {
        var data = FileHandle.standardInput.readDataToEndOfFile()
        // A byte order mark (some editors on other systems write one) is not part of a title.
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        var titles: [String] = []
        var lineNumber = 0
        for rawLine in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = rawLine[...]
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            guard let line = String(validating: bytes, as: UTF8.self) else {
                throw OutlineError.invalidUTF8(line: lineNumber)
            }
            if line.unicodeScalars.allSatisfy(\.properties.isWhitespace) { continue }
            titles.append(line)
        }
        return titles
    }

    /// Replaces a `-` among the arguments with the titles read from standard input.
    static func expand(_ arguments: [String]) throws -> [String] {
        guard arguments.contains("-") else { return arguments }
        let fromInput = try read()
        return arguments.flatMap { $0 == "-" ? fromInput : [$0] }
    }
}
