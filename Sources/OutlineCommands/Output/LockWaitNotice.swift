import OutlineKit

/// The line that says a command is waiting for another process's lock on the database.
///
/// Written to standard error whether or not it is a terminal: a script's standard error is read
/// by people too (a cron mail, a CI log), and a command that hangs without a word is the hardest
/// kind to explain. It is one line, once a process, and only after a real wait
/// (`OutlineStore.lockWaitNoticeDelay`), so commands that meet no lock, or wait the usual few
/// milliseconds for another's commit, print nothing. The wait goes on as before.
enum LockWaitNotice {
    // Set on the thread that waits; a command waits on one thread at a time.
    nonisolated(unsafe) private static var said = false

    /// The line for a wait on the database at `path`.
    static func line(path: String) -> String {
        "another process has database '\(TitleSanitizer.forTerminal(path))' locked; waiting for it "
            + "(up to \(Int(OutlineStore.defaultBusyTimeout)) seconds)"
    }

    /// Says `line(path:)` on standard error, unless this process has said it already.
    static func say(path: String) {
        if said { return }
        said = true
        StandardError.writeLine(line(path: path))
    }
}
