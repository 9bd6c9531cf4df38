import Foundation
import Testing

/// `outline tui` on a real terminal (tmux): every key of its `?` list, another process's change
/// shown live, a resize, and the terminal given back after q, SIGTERM and a crash.
@Suite("The outliner in a terminal")
struct OutlinerTerminalTests {
    let outline = OutlineProcess()

    private func start(_ tmux: TmuxSession, columns: Int = 80, rows: Int = 16) throws {
        try tmux.startOutliner(database: outline.database, folder: outline.directory, columns: columns, rows: rows)
    }

    private var tuiPID: pid_t? { TmuxSession.outlinerPID(in: outline.directory) }

    /// The outline as `ls` lists it, for checking what the keys did.
    private func listing() throws -> String { try outline.run(["ls"]).stdout }

    @Test func everyKeyOfTheHelpScreen() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Groceries", "Work"])
        try outline.run(["add", "Milk", "Eggs", "--under", "1"])
        try start(tmux)
        defer { tmux.stop() }
        #expect(tmux.screen(containing: "Groceries").contains(">  1  ▾ Groceries"))
        // j and k, Down and Up.
        tmux.send(["j"])
        #expect(tmux.screen(containing: ">  3    · Milk").contains(">  3    · Milk"))
        tmux.send(["Down", "Up", "k"])
        #expect(tmux.screen(containing: ">  1  ▾ Groceries").contains(">  1  ▾ Groceries"))
        // h folds, l unfolds; Left and Right too.
        tmux.send(["h"])
        #expect(tmux.screen(containing: "▸ Groceries").contains("▸ Groceries"))
        tmux.send(["l"])
        #expect(tmux.screen(containing: "▾ Groceries").contains("3    · Milk"))
        tmux.send(["Left", "Right"])
        #expect(tmux.screen(containing: "▾ Groceries").contains("3    · Milk"))
        // Enter zooms in, Backspace out.
        tmux.send(["Enter"])
        #expect(tmux.screen(containing: "/Groceries · ").contains(">  3  · Milk"))
        tmux.send(["BSpace"])
        #expect(tmux.screen(containing: "outline tui · / · ").contains(">  1  ▾ Groceries"))
        // G and g, End and Home, Page Down and Page Up.
        tmux.send(["G"])
        #expect(tmux.screen(containing: ">  2  · Work").contains(">  2  · Work"))
        tmux.send(["g"])
        #expect(tmux.screen(containing: ">  1  ▾ Groceries").contains(">  1"))
        tmux.send(["End", "Home", "NPage"])
        #expect(tmux.screen(containing: ">  2  · Work").contains(">  2"))
        tmux.send(["PPage"])
        #expect(tmux.screen(containing: ">  1  ▾ Groceries").contains(">  1"))
        // / searches, n and N go on.
        tmux.send(["/", "k", "Enter"])
        #expect(tmux.screen(containing: "match 1 of 2").contains(">  3    · Milk"))
        tmux.send(["n"])
        #expect(tmux.screen(containing: "match 2 of 2").contains(">  2  · Work"))
        tmux.send(["N"])
        #expect(tmux.screen(containing: "match 1 of 2").contains(">  3    · Milk"))
        // i edits the title in place; a the same; Esc cancels.
        tmux.send(["a", "C-u", "Oat milk", "Enter"])
        #expect(tmux.screen(containing: "retitled").contains(">  3    · Oat milk"))
        // i starts at the beginning of the title, as in vi.
        tmux.send(["i", "Fresh ", "Enter"])
        #expect(tmux.screen(containing: "Fresh Oat milk").contains("retitled \"Oat milk\" to \"Fresh Oat milk\""))
        tmux.send(["a", "C-w", "C-w", "Escape"])
        _ = tmux.screen { !$0.contains("Esc cancels") }
        #expect(try listing().contains("Fresh Oat milk\n"))
        tmux.send(["a", "C-w", "C-w", "Enter"])
        _ = tmux.screen(containing: "retitled \"Fresh Oat milk\" to \"Fresh\"")
        tmux.send(["a", "C-u", " Oat milk", "Enter"])
        _ = tmux.screen(containing: "to \"Oat milk\"")
        // o and O add below and above.
        tmux.send(["o", "Butter", "Enter"])
        _ = tmux.screen(containing: "added \"Butter\"")
        tmux.send(["O", "Bread", "Enter"])
        _ = tmux.screen(containing: "added \"Bread\"")
        let titles = try outline.run(["ls", "1", "--tsv"]).stdout.split(separator: "\n").map {
            $0.split(separator: "\t")[4]
        }
        #expect(titles == ["Oat milk", "Bread", "Butter", "Eggs"])
        // Tab and Shift-Tab.
        tmux.send(["Tab"])
        _ = tmux.screen(containing: "moved \"Bread\" under \"Oat milk\"")
        #expect(try outline.run(["show", "Groceries/Oat milk/Bread"]).status == 0)
        tmux.send(["BTab"])
        _ = tmux.screen(containing: "moved \"Bread\" after \"Oat milk\"")
        // K and J, Alt-Up and Alt-Down.
        tmux.send(["K"])
        _ = tmux.screen(containing: "moved \"Bread\" before \"Oat milk\"")
        tmux.send(["J"])
        _ = tmux.screen(containing: "moved \"Bread\" after \"Oat milk\"")
        tmux.send(["M-Up"])
        _ = tmux.screen(containing: "moved \"Bread\" before \"Oat milk\"")
        tmux.send(["M-Down"])
        #expect(tmux.screen(containing: "moved \"Bread\" after \"Oat milk\"").contains("moved"))
        // x toggles done, s cycles the keywords.
        tmux.send(["x"])
        #expect(tmux.screen(containing: "marked \"Bread\" done").contains(">  6    · DONE Bread"))
        tmux.send(["s"])
        _ = tmux.screen(containing: "set \"Bread\": plain")
        tmux.send(["s"])
        #expect(tmux.screen(containing: "TODO Bread").contains(">  6    · TODO Bread"))
        tmux.send(["x"])
        _ = tmux.screen(containing: "DONE Bread")
        tmux.send(["x"])
        #expect(tmux.screen(containing: "reopened").contains(">  6    · TODO Bread"))
        // yy and p copy; dd and Delete remove.
        tmux.send(["y", "y", "p"])
        _ = tmux.screen(containing: "copied \"Bread\" after \"Bread\"")
        tmux.send(["d", "d"])
        _ = tmux.screen(containing: "removed \"Bread\"")
        tmux.send(["k", "DC"])
        _ = tmux.screen(containing: "removed \"Bread\"")
        #expect(!(try listing().contains("Bread")))
        // u and Ctrl-R undo and redo, in the shared history.
        tmux.send(["u"])
        #expect(tmux.screen(containing: "undone: rm").contains("Bread"))
        tmux.send(["C-r"])
        _ = tmux.screen(containing: "redone: rm")
        #expect(!(try listing().contains("Bread")))
        #expect(try outline.run(["undo"]).stdout.hasPrefix("undone: rm \"Bread\""))
        // e opens the note in $EDITOR (`:` here, which leaves the file as it was).
        tmux.send(["e"])
        #expect(tmux.screen(containing: "the note is unchanged").contains("unchanged"))
        // : runs a command on the item under the cursor.
        tmux.send([":", "show", "Enter"])
        let shown = tmux.screen(containing: "outline show ")
        #expect(shown.contains("title:       Butter") && shown.contains("any other key returns"), "\(shown)")
        tmux.send(["Escape"])
        tmux.send([":", "set --tag shop", "Enter"])
        #expect(tmux.screen(containing: "+shop").contains(":shop:"))
        // ? lists the keys; any key returns; q quits and gives the terminal back.
        tmux.send(["?"])
        let help = tmux.screen(containing: "more lines")
        for keys in ["j k, Down Up", "dd, Delete", "Tab, Shift-Tab"] {
            #expect(help.contains(keys), "\(keys) in\n\(help)")
        }
        tmux.send(["Space"])
        let rest = tmux.screen(containing: "q, Ctrl-C")
        for keys in ["u, Ctrl-R", "q, Ctrl-C"] {
            #expect(rest.contains(keys), "\(keys) in\n\(rest)")
        }
        tmux.send(["Escape"])
        _ = tmux.screen { !$0.contains("q, Ctrl-C") }
        tmux.send(["q"])
        let ended = tmux.screen(containing: "ended")
        #expect(ended.contains("ended 0 with icanon echo"), "\(ended)")
    }

    @Test func anotherProcessesChangeShowsAtOnceAndTheCursorStays() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Alpha", "Beta", "Gamma"])
        try start(tmux)
        defer { tmux.stop() }
        tmux.send(["j"])
        _ = tmux.screen(containing: ">  2  · Beta")
        try outline.run(["add", "Before", "--before", "Beta"])
        let marked = tmux.screen(containing: "+ 4  · Before")
        #expect(marked.contains(">  2  · Beta"), "\(marked)")
        try outline.run(["rm", "Beta"])
        let moved = tmux.screen(containing: "removed by another process")
        #expect(moved.contains("removed by another process: \"Beta\""), "\(moved)")
        #expect(moved.contains(">  3  · Gamma"), "the cursor goes to the next row: \(moved)")
        // And the other way: a change made here is undone by a command in another shell.
        tmux.send(["x"])
        _ = tmux.screen(containing: "marked \"Gamma\" done")
        #expect(try outline.run(["undo"]).stdout == "undone: done \"Gamma\"\n")
        #expect(!tmux.screen(containing: "* 3").contains("✓ Gamma"))
    }

    @Test func aResizeRedrawsForTheNewSize() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "A title long enough to be cut when the terminal is narrow"])
        try start(tmux, columns: 100)
        defer { tmux.stop() }
        #expect(tmux.screen(containing: "narrow").contains("when the terminal is narrow"))
        tmux.run(["resize-window", "-t", TmuxSession.name, "-x", "40", "-y", "10"])
        let narrow = tmux.screen(containing: "…")
        #expect(narrow.contains(">  1  · A title long enough to be cut w…"), "\(narrow)")
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 40 })
    }

    @Test(arguments: ["TERM", "SEGV"])
    func theTerminalIsGivenBackAfterASignal(_ signal: String) throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Alpha"])
        try start(tmux)
        defer { tmux.stop() }
        _ = tmux.screen(containing: "Alpha")
        let pid = try #require(tuiPID)
        kill(pid, signal == "TERM" ? SIGTERM : SIGSEGV)
        let ended = tmux.screen(containing: "ended")
        #expect(ended.contains("with icanon echo"), "\(ended)")
        #expect(!ended.contains("Alpha"), "the alternate screen is left: \(ended)")
        #expect(ended.contains(signal == "TERM" ? "ended 143" : "ended 139"), "\(ended)")
    }

    /// What the outliner writes on standard error while it has the screen (here, that it waits
    /// for another process's lock) is held, and written to the terminal once it is given back.
    @Test func wordsOnStandardErrorShowAfterTheScreen() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Alpha"])
        try start(tmux)
        defer { tmux.stop() }
        _ = tmux.screen(containing: "Alpha")
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/bin/sh")
        locker.arguments = ["-c", "(echo 'BEGIN EXCLUSIVE;'; sleep 2; echo 'COMMIT;') | sqlite3 '\(outline.database)'"]
        try locker.run()
        usleep(500_000)
        tmux.send(["x"])
        #expect(tmux.screen(timeout: 20) { $0.contains("marked \"Alpha\" done") }.contains("DONE Alpha"))
        locker.waitUntilExit()
        tmux.send(["q"])
        let ended = tmux.screen(containing: "ended")
        #expect(ended.contains("another process has database"), "\(ended)")
        #expect(ended.contains("ended 0 with icanon echo"), "\(ended)")
    }

    /// Ctrl-C, the `?` list's other way out, quits and gives the terminal back; a title that an
    /// edit outside outline filled with escape sequences is drawn with them made visible, and
    /// clears nothing.
    @Test func ctrlCQuitsAndTitlesCannotDriveTheTerminal() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Alpha", "Omega"])
        _ = try OutlineProcess.sqlite(
            outline.database,
            "UPDATE item SET title = 'Evil' || char(27) || '[2J' || char(27) || ']0;pwned' || char(7) WHERE id = 1")
        try start(tmux)
        defer { tmux.stop() }
        let screen = tmux.screen(containing: "Omega")
        #expect(screen.contains("outline tui"), "the header was not cleared away: \(screen)")
        #expect(screen.contains(">  1  · Evil"), "\(screen)")
        #expect(!screen.contains("Evil[2J"), "the escape is not passed through as it was: \(screen)")
        tmux.send(["C-c"])
        let ended = tmux.screen(containing: "ended")
        #expect(ended.contains("ended 0 with icanon echo"), "\(ended)")
    }

    @Test func refusedWithoutATerminal() throws {
        try outline.run(["add", "Alpha"])
        let piped = try outline.run(["tui"])
        #expect(piped.status == 1)
        #expect(
            piped.stderr
                == "error: tui needs a terminal on standard input and output; scripts use ls, find and the other commands\n"
        )
        let json = try outline.run(["tui", "--json"])
        #expect(json.status == 64)
        let dumb = try outline.run(["tui"], environment: ["TERM": "dumb"])
        #expect(dumb.status == 1)
        #expect(dumb.stderr.hasPrefix("error: tui needs a terminal that can move its cursor, and TERM is 'dumb'"))
        let unknown = try outline.run(["tui", "9"])
        #expect(unknown.stderr == "error: no item with id 9\n")
    }
}
