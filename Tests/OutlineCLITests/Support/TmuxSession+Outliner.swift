import Foundation

extension TmuxSession {
    /// Starts `outline tui` on `database`, without colour and with `EDITOR=:`, in a shell that
    /// says how the terminal was left once it ends: `ended STATUS with icanon echo` when the
    /// modes were restored. The outliner's process id goes to `tui.pid` in `folder`.
    func startOutliner(
        database: String, folder: String, columns: Int = 80, rows: Int = 16, arguments: String = ""
    ) throws {
        let pidFile = folder + "/tui.pid"
        // `\$\$` inside the double quotes: the inner shell's id, which `exec` hands to the outliner.
        let inner = "echo \\$\\$ > '\(pidFile)'; exec '\(OutlineProcess.binary)' tui \(arguments) --db '\(database)'"
        let modes = "stty -a | tr ' ' '\\n' | grep -x -e -icanon -e icanon -e -echo -e echo | tr '\\n' ' '"
        // The shells ignore Ctrl-C, which reaches every process of the pane's group: the outliner
        // catches it (a handler replaces the ignoring), and the shell lives on to say how it ended.
        let script = "trap '' INT; NO_COLOR=1 EDITOR=: sh -c \"\(inner)\"; echo \"ended $? with $(\(modes))\"; sleep 60"
        try start("sh -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))'", columns: columns, rows: rows)
    }

    /// The id of the outliner `startOutliner` started in `folder`, once it has written it.
    static func outlinerPID(in folder: String) -> pid_t? {
        (try? String(contentsOfFile: folder + "/tui.pid", encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
