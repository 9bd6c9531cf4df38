import Foundation

/// The full-screen terminal that `watch` draws on: the alternate screen, no cursor, keys read one
/// at a time without echo; all of it undone by `restore()`, whatever way the watch ends.
final class TerminalScreen {
    private var saved = termios()
    private var active = false

    func enter() {
        guard tcgetattr(0, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(0, TCSANOW, &raw)
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    func restore() {
        guard active else { return }
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(0, TCSANOW, &saved)
        active = false
    }

    /// Rows and columns, or 24 by 80 when the terminal does not say.
    var size: (rows: Int, columns: Int) { Terminal.windowSize }

    /// Replaces the whole screen with `lines`.
    func draw(_ lines: [String]) {
        write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
    }

    private func write(_ text: String) {
        // A screen that cannot be drawn (the terminal went away) has nothing to report to.
        _ = DescriptorWriting.writeAll(text.utf8, to: 1)
    }
}
