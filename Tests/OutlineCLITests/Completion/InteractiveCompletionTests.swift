import Foundation
import Testing

/// zsh, fish and bash, run interactively in tmux with the scripts `--generate-completion-script`
/// prints, complete REFs (and keywords, tags, property keys and priorities) as a person sees
/// it: the line after a Tab, trailing space and all. A key bound to write the line to a file
/// reads it back exactly (a screen drops trailing spaces).
@Suite("Completion in zsh, fish and bash, interactive")
struct InteractiveCompletionTests {
    let outline = OutlineProcess()

    /// 1 Groceries (4 Milk), 2 Reading (5 A), 3 Books (6 Reading (7 C)), 8 Buy milk; Groceries
    /// tagged shop, with a property Store.
    init() throws {
        try outline.run(["add", "Groceries", "Reading", "Books"])
        try outline.run(["add", "Milk", "--under", "Groceries"])
        try outline.run(["add", "A", "--under", "Reading"])
        try outline.run(["add", "Reading", "--under", "Books"])
        try outline.run(["add", "C", "--under", "6"])
        try outline.run(["add", "Buy milk"])
        try outline.run(["set", "1", "--tag", "shop", "--property", "Store=Corner"])
    }

    static let zshInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")
    static let fishInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")

    @Test(.enabled(if: zshInstalled, "zsh is not installed (scripts/deps installs it): zsh's completion is not tested"))
    func zshCompletes() throws {
        // Installed as scripts/install installs it: a function file on $fpath, which compinit
        // loads at the first completion.
        let folder = outline.directory + "/zsh-functions"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try script(for: "zsh").write(toFile: folder + "/_outline", atomically: true, encoding: .utf8)
        // ^X starts zsh's two-key bindings, so it waits KEYTIMEOUT (0.4 s) for a second key.
        let setup = """
            fpath=('\(folder)' $fpath); autoload -Uz compinit; compinit -u -d '\(outline.directory)/zcompdump'; \
            dump() { print -rn -- "$BUFFER" > '\(outline.directory)/line'; BUFFER=; }; zle -N dump; bindkey '^X' dump; \
            KEYTIMEOUT=1
            """
        try expectCompletions(shell: "zsh -f -i", setup: setup)
    }

    @Test(
        .enabled(if: fishInstalled, "fish is not installed (scripts/deps installs it): fish's completion is not tested")
    )
    func fishCompletes() throws {
        let file = outline.directory + "/outline.fish"
        try script(for: "fish").write(toFile: file, atomically: true, encoding: .utf8)
        let setup = """
            source '\(file)'; \
            function dump; commandline > '\(outline.directory)/line'; commandline ''; end; bind \\cx dump
            """
        try expectCompletions(shell: "fish --no-config -i", setup: setup)
    }

    /// bash as a person runs it: the other tests of bash call its completion function on a line
    /// split at spaces alone, where bash splits it at `=` too (`--property Store=C`).
    @Test func bashCompletes() throws {
        let file = outline.directory + "/outline.bash"
        try script(for: "bash").write(toFile: file, atomically: true, encoding: .utf8)
        // Listed at the first Tab, as zsh and fish list them. C-x starts readline's two-key
        // bindings, so it waits keyseq-timeout (half a second) for a second key after it.
        let setup = """
            source '\(file)'; bind 'set show-all-if-ambiguous on'; bind 'set keyseq-timeout 10'; \
            dump() { printf '%s' "$READLINE_LINE" > '\(outline.directory)/line'; READLINE_LINE=; }; \
            bind -x '"\\C-x": dump'
            """
        try expectCompletions(shell: "bash --norc --noprofile -i", setup: setup)
    }

    /// What a Tab does to each line, in `shell`.
    private func expectCompletions(
        shell: String, setup: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        let binaryFolder = URL(fileURLWithPath: OutlineProcess.binary).deletingLastPathComponent().path
        // The test's folder as home, so that the shell reads no one's settings and keeps its
        // history there.
        let environment = [
            "HOME=\(outline.directory)", "XDG_CONFIG_HOME=\(outline.directory)/config",
            "XDG_DATA_HOME=\(outline.directory)/data", "OUTLINE_DB=\(outline.database)", "TERM=xterm",
            "PATH=\(binaryFolder):/usr/bin:/bin",
        ]
        try tmux.start("env -i " + environment.map { "'\($0)'" }.joined(separator: " ") + " " + shell, columns: 150)
        defer { tmux.stop() }
        let line = outline.directory + "/line"
        // Each setup step done once the shell has shown that it took the last.
        tmux.send(["-l", setup])
        tmux.send(["Enter"])
        tmux.send(["-l", "echo set\"\"up"])
        tmux.send(["Enter"])
        #expect(tmux.screen(containing: "setup\n").contains("setup\n"), sourceLocation: sourceLocation)
        /// The line after typing `typed` and a Tab, once the screen shows `shown`.
        func completed(_ typed: String, showing shown: [String] = []) -> String {
            try? FileManager.default.removeItem(atPath: line)
            tmux.send(["-l", typed])
            tmux.send(["Tab"])
            if !shown.isEmpty {
                let screen = tmux.screen { screen in shown.allSatisfy(screen.contains) }
                #expect(shown.allSatisfy(screen.contains), "\(screen)", sourceLocation: sourceLocation)
            }
            tmux.send(["C-x"])
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: line), Date() < deadline { usleep(20_000) }
            usleep(50_000)  // the file is written whole before the next key is read
            let text = (try? String(contentsOfFile: line, encoding: .utf8)) ?? "(nothing)"
            return text.hasSuffix("\n") ? String(text.dropLast()) : text
        }
        // An item with children: no space, so that "/" and a child can follow.
        #expect(completed("outline show /Gro") == "outline show /Groceries", sourceLocation: sourceLocation)
        // One without: the space, as before.
        #expect(completed("outline show Bu") == "outline show Buy\\ milk ", sourceLocation: sourceLocation)
        #expect(completed("outline show Groceries/M") == "outline show Groceries/Milk ", sourceLocation: sourceLocation)
        // A path that names two items: their anchored paths, listed in its place (zsh puts the
        // first on the line, and the next Tab the next; fish keeps the word until one is picked).
        let ambiguous = completed("outline ls Reading/", showing: ["/Reading/", "/Books/Reading/"])
        #expect(
            ["outline ls /Reading/", "outline ls Reading/"].contains(ambiguous), "\(ambiguous)",
            sourceLocation: sourceLocation)
        #expect(completed("outline ls Reading/C") == "outline ls /Books/Reading/C ", sourceLocation: sourceLocation)
        // A keyword, in the workflow's case; a tag; a priority.
        #expect(completed("outline set 4 --state t") == "outline set 4 --state TODO ", sourceLocation: sourceLocation)
        #expect(completed("outline find --tag sh") == "outline find --tag shop ", sourceLocation: sourceLocation)
        #expect(
            completed("outline add x --priority n") == "outline add x --priority none ", sourceLocation: sourceLocation)
        // A property key: without the space, so that its value follows.
        #expect(
            completed("outline set 4 --property st") == "outline set 4 --property Store=",
            sourceLocation: sourceLocation)
        // Its value: nothing (not the title C, which bash's split at the = once offered).
        #expect(
            completed("outline set 4 --property Store=C") == "outline set 4 --property Store=C",
            sourceLocation: sourceLocation)
    }

    private func script(for shell: String) throws -> String {
        let result = try outline.run(["--generate-completion-script", shell], useDatabaseOption: false)
        #expect(result.status == 0, "\(result)")
        return result.stdout
    }
}
