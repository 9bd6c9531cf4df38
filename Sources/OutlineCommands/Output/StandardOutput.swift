import Foundation

/// A buffered writer to standard output: one `write(2)` per 64 KiB rather than per line, which
/// is most of the cost of printing a large outline.
final class StandardOutput: @unchecked Sendable {
    // Only the main thread prints; the class is shared so that the runner can flush at exit.
    static let shared = StandardOutput()

    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024
    /// Why output was lost (a full disk, a closed descriptor), if it was: the runner turns this into
    /// an error and exit status 1, so that a script never takes a lost result for success.
    private(set) var failure: String?
    /// Set once the command has committed a change, so that an output failure says the change
    /// itself was kept: a script must not take "failed" to mean "nothing happened".
    var reportsASavedChange = false

    private init() { buffer.reserveCapacity(capacity) }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { flush() }
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    func write(bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    func writeLine(_ text: String) {
        write(text)
        write("\n")
    }

    func flush() {
        // A closed pipe (`outline ls | head`): the reader has what it wanted.
        if let code = DescriptorWriting.writeAll(buffer, to: 1), code != EPIPE, failure == nil {
            failure = String(cString: strerror(code)).lowercased()
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Standard error, written directly: FileHandle traps when the descriptor cannot be written
/// (`2>/dev/full`, `2>&-`), and an error message must never crash the program that reports it.
enum StandardError {
    static func writeLine(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

/// What the terminal on standard output can show.
enum Terminal {
    static let isStandardOutputTerminal = isatty(1) == 1

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org) or TERM is dumb.
    static let usesColour: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isStandardOutputTerminal
    }()

    /// Standard output's terminal's rows and columns, or 24 by 80 when it does not say: what
    /// `watch` and `tui` draw in.
    static var windowSize: (rows: Int, columns: Int) {
        var window = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return (24, 80) }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    /// Reverse video and underline, which are no colours: on a terminal unless TERM is dumb,
    /// whatever NO_COLOR says.
    static let usesAttributes: Bool =
        isStandardOutputTerminal && ProcessInfo.processInfo.environment["TERM"] != "dumb"

    static func dim(_ text: String) -> String { usesColour && !text.isEmpty ? "\u{1B}[2m\(text)\u{1B}[22m" : text }
    static func bold(_ text: String) -> String { usesColour && !text.isEmpty ? "\u{1B}[1m\(text)\u{1B}[22m" : text }
}
