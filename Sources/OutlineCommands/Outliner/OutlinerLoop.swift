import Foundation
import OutlineKit

/// The outliner on the terminal: waits for a key, another process's commit, a signal or a mark
/// to fade; hands keys to the `Outliner`; carries out what it asks of the terminal (the note's
/// editor, a `:` command); and redraws.
struct OutlinerLoop {
    let store: OutlineStore
    let outliner: Outliner

    /// How often to look for changes even without a wake-up, in case inotify misses one.
    private static let fallbackPoll: TimeInterval = 2

    /// Runs until q or Ctrl-C (nil) or a signal that ends it (its number).
    func run() throws -> Int32? {
        let feed = try ChangeFeed(store: store)
        let terminal = OutlinerTerminal()
        let wakeup = Wakeup(
            databasePath: store.path, signals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP], readsKeys: true)
        terminal.enter()
        defer { terminal.restore() }
        func draw() throws {
            let (rows, columns) = terminal.size
            let frame = try outliner.frame(rows: rows, columns: columns)
            terminal.draw(frame.lines, cursor: frame.cursor)
        }
        /// Whether the poll found anything.
        @discardableResult
        func followChanges() throws -> Bool {
            do {
                let update = try feed.poll()
                try outliner.note(update.events, neighbours: outliner.lastNeighbours)
                return !update.isEmpty
            } catch let error as OutlineError {
                // Another process changed the outline again while this one was being read: the
                // next look settles it; the outliner goes on.
                outliner.complain(about: error)
                return true
            }
        }
        try draw()
        while true {
            let timeout = min(
                Self.fallbackPoll, outliner.nextExpiry.map { max(0.05, $0.timeIntervalSinceNow) } ?? Self.fallbackPoll)
            switch wakeup.wait(timeout: timeout) {
            case .signal(SIGWINCH): terminal.invalidate()
            case .signal(SIGTSTP):
                // Ctrl-Z: the shell gets its terminal back as it was; `fg` brings the screen back.
                terminal.restore()
                signal(SIGTSTP, SIG_DFL)
                raise(SIGTSTP)
                Wakeup.catchSignal(SIGTSTP)
                terminal.enter()
            case .signal(SIGINT) where outliner.mode != .browsing:
                // Ctrl-C while typing cancels the typing, as in a shell; it quits only from the tree.
                _ = outliner.handle(.escape)
            case .signal(SIGINT): return nil
            case .signal(let number): return number
            case .key(.byte(0x0C)): terminal.invalidate()
            case .key(let key):
                switch outliner.handle(key) {
                case .quit: return nil
                case .none: break
                case .editNote(let id): try editNote(id, terminal: terminal)
                case .runCommand(let words): try runCommand(words, terminal: terminal)
                case .search(let text):
                    try draw()
                    outliner.runSearch(text)
                }
                try followChanges()
                // Keys that came together (a paste, a held key) are all taken before one redraw.
                if wakeup.hasQueuedKeys { continue }
            case .fileChanged, .timeout:
                // Nothing new and no mark to fade: the screen stands as it is, unread.
                guard try followChanges() || outliner.nextExpiry != nil else { continue }
            }
            try draw()
        }
    }

    /// `e`: the note in the user's editor, the terminal theirs meanwhile. Text that cannot be
    /// saved stays in its file, whose path is shown.
    private func editNote(_ id: ItemID, terminal: OutlinerTerminal) throws {
        let note = try outliner.noteText(of: id)
        let original = Array((note.isEmpty ? "" : note + "\n").utf8)
        let path = try TextEditor.temporaryFile(holding: original)
        let editor = TextEditor.command(ProcessInfo.processInfo.environment)
        terminal.restore()
        let ending = try TextEditor.run(editor, on: path)
        terminal.enter()
        guard let data = FileManager.default.contents(atPath: path) else {
            outliner.complain("the editor '\(editor)' left no file at \(path); the note is unchanged")
            return
        }
        // Text the user never changed is not worth keeping when the note stays as it was.
        let kept = Array(data) == original ? "" : "; your text is kept in \(path)"
        if kept.isEmpty { unlink(path) }
        guard ending == .exited(0) else {
            let how = ending == .exited(127) ? "could not be run (exit status 127: not found?)" : ending.phrase
            outliner.complain("the editor '\(editor)' \(how); the note is unchanged" + kept)
            return
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            outliner.complain("the edited note is not UTF-8 text; the note is unchanged" + kept)
            return
        }
        do {
            try outliner.finishNoteEdit(id, text: text)
            unlink(path)
        } catch {
            outliner.complain("the note is unchanged: \(Outliner.wording(of: error))" + kept)
        }
    }

    /// `:`: the command run by this same program on this outline; its output captured and shown,
    /// or, for a command that needs the terminal, shown on the terminal itself until a key.
    private func runCommand(_ words: [String], terminal: OutlinerTerminal) throws {
        // This very program, whatever $PATH holds.
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        // `--db` first: after the command's own words it could follow a `--` and read as an operand.
        let arguments = [program, "--db", store.path] + words
        if Outliner.commandsOnTheTerminal.contains(words[0]) {
            terminal.restore()
            // A clean screen for the command, as if it had been typed in the shell.
            _ = DescriptorWriting.writeAll("\u{1B}[H\u{1B}[2J".utf8, to: 1)
            // One that cannot be started ends as a shell says of a program it cannot run.
            let status = (try? TextEditor.runInForeground(arguments, named: "outline \(words[0])").status) ?? 127
            _ = DescriptorWriting.writeAll(
                "\r\n[exit status \(status): press a key to go back to the outliner]\r\n".utf8, to: 1)
            Self.waitForAKey()
            _ = DescriptorWriting.writeAll("\u{1B}[H\u{1B}[2J".utf8, to: 1)
            terminal.enter()
            try outliner.finishCommand(words, status: status, output: "", errors: "")
            return
        }
        let output = try ChildProcess.run(arguments, environment: ProcessInfo.processInfo.environment, input: Data())
        try outliner.finishCommand(
            words, status: output.status, output: String(decoding: output.stdout, as: UTF8.self), errors: output.stderr)
    }

    /// Blocks until a key comes, with the terminal in non-canonical mode for it.
    private static func waitForAKey() {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return }
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(0, TCSANOW, &raw)
        var byte: UInt8 = 0
        while read(0, &byte, 1) < 0, errno == EINTR {}
        tcsetattr(0, TCSANOW, &settings)
    }
}
