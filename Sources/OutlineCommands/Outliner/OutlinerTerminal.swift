import Foundation

/// The terminal's settings from before the outliner took it, for the crash handler, which can
/// capture no context.
nonisolated(unsafe) private var savedSettings = termios()
/// The bytes that give the terminal back: bracketed paste off, the cursor shown, the alternate
/// screen left.
private let restoreBytes: [UInt8] = Array("\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8)
/// A copy of `restoreBytes` that the crash handler writes (it must not touch Swift arrays), and
/// its length.
nonisolated(unsafe) private var restoreBuffer: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoreLength = 0

/// The signals that end a process abnormally: a crash, a failed check, an abort.
private let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

/// The terminal as the outliner uses it: the alternate screen, keys one at a time without echo,
/// and lines redrawn only where they changed. `restore()` gives it back as it was, and so does
/// a crash: a handler of the fatal signals restores it before the process dies.
final class OutlinerTerminal {
    private var active = false
    /// The lines on the screen now, to redraw only those that change.
    private var shown: [String] = []
    /// Where the terminal's cursor was left by the last draw.
    private var shownCursor: (row: Int, column: Int)?

    /// Takes the terminal. Ctrl-C and Ctrl-Z stay signals (the loop handles them); Ctrl-S and
    /// Ctrl-Q reach the outliner rather than stopping output.
    func enter() {
        guard tcgetattr(0, &savedSettings) == 0 else { return }
        var raw = savedSettings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON)
        tcsetattr(0, TCSANOW, &raw)
        active = true
        shown = []
        Self.installCrashHandlers()
        StandardErrorHold.hold()
        // Bracketed paste: a paste arrives marked, so its line ends cannot act as Enter.
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
    }

    /// Gives the terminal back as `enter()` found it.
    func restore() {
        guard active else { return }
        write(String(decoding: restoreBytes, as: UTF8.self))
        tcsetattr(0, TCSANOW, &savedSettings)
        StandardErrorHold.release()
        active = false
    }

    /// Rows and columns, or 24 by 80 when the terminal does not say.
    var size: (rows: Int, columns: Int) { Terminal.windowSize }

    /// Forgets what is on the screen, so the next draw writes every line (after a resize, or
    /// when something else wrote to the terminal).
    func invalidate() {
        shown = []
        shownCursor = nil
        write("\u{1B}[H\u{1B}[2J")
    }

    /// Draws `lines`, writing only those that differ from the screen, in one write; then puts
    /// the terminal's cursor at `cursor` and shows it, or hides it.
    func draw(_ lines: [String], cursor: (row: Int, column: Int)?) {
        // A frame like the one on the screen writes nothing: wake-ups by the outliner's own
        // commits and by the fallback poll cost no output.
        guard lines != shown || cursor?.row != shownCursor?.row || cursor?.column != shownCursor?.column else {
            return
        }
        shownCursor = cursor
        var output = "\u{1B}[?25l"
        for (index, line) in lines.enumerated() where index >= shown.count || shown[index] != line {
            output += "\u{1B}[\(index + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
        }
        if lines.count < shown.count { output += "\u{1B}[\(lines.count + 1);1H\u{1B}[J" }
        shown = lines
        if let cursor { output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h" }
        write(output)
    }

    private func write(_ text: String) {
        // A screen that cannot be drawn (the terminal went away) has nothing to report to.
        _ = DescriptorWriting.writeAll(text.utf8, to: 1)
    }

    /// On a fatal signal: the terminal back as it was, then the signal's own default action
    /// (a core dump, the shell's "Segmentation fault"). Only async-signal-safe calls.
    private static func installCrashHandlers() {
        if restoreBuffer == nil {
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreBytes.count)
            buffer.initialize(from: restoreBytes, count: restoreBytes.count)
            restoreBuffer = buffer
            restoreLength = restoreBytes.count
        }
        for number in fatalSignals {
            signal(number) { number in
                if let buffer = restoreBuffer { _ = Glibc.write(1, buffer, restoreLength) }
                tcsetattr(0, TCSANOW, &savedSettings)
                StandardErrorHold.releaseAfterCrash()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
