import Foundation
import Testing

@testable import OutlineCommands

/// The completion scripts, run as a shell runs them, offer the REFs of the database the command
/// line names.
@Suite("Shell completion of REFs")
struct ShellCompletionTests {
    let outline = OutlineProcess()

    init() throws {
        try outline.run(["add", "Groceries", "Work", "Buy milk", "a$(touch PWNED)b"])
        try outline.run(["add", "Milk", "Bread", "Mi/lk", "--under", "Groceries"])
        try outline.run(["add", "Milk", "--under", "Work"])
    }

    /// COMPREPLY after bash's completion function for `line` (`OutlineProcess.bashCompletion`).
    func bashCompletions(_ line: String, environment: [String: String] = [:]) throws -> [String] {
        try outline.bashCompletion(line, environment: environment).replies
    }

    /// COMPREPLY and the `compopt` calls after bash's completion function for `line`.
    func bashCompletion(_ line: String, environment: [String: String] = [:]) throws -> BashCompletion {
        try outline.bashCompletion(line, environment: environment)
    }

    @Test func bashCompletesTitlesPathsAndIds() throws {
        let db = outline.database
        #expect(try bashCompletions("outline ls --db \(db) Gr") == ["Groceries"])
        #expect(
            try bashCompletions("outline show --db \(db) Groceries/") == [
                "Groceries/Bread", "Groceries/Mi\\/lk", "Groceries/Milk",
            ])
        #expect(try bashCompletions("outline add x --db \(db) --under Wo") == ["Work"])
        #expect(try bashCompletions("outline mv --db \(db) 1 --before /Work/") == ["/Work/Milk"])
        // --db before the command's name, and the database from the environment.
        #expect(try bashCompletions("outline --db \(db) rm Bu") == ["Buy milk"])
        #expect(try bashCompletions("outline rm Bu", environment: ["OUTLINE_DB": db]) == ["Buy milk"])
        #expect(try bashCompletions("outline show --db \(db) 1").first == "1")
    }

    /// An item with children completes without the space after it, so that a `/` and a child
    /// can follow, as a folder's name does; an item without children with the space, as before.
    @Test func bashLeavesTheSpaceOutAfterAnItemWithChildren() throws {
        let db = outline.database
        let parent = try bashCompletion("outline show --db \(db) /Gro")
        #expect(parent.replies == ["/Groceries"] && parent.compopt == ["-o nospace"], "\(parent)")
        let leaf = try bashCompletion("outline show --db \(db) Bu")
        #expect(leaf.replies == ["Buy milk"] && leaf.compopt.isEmpty, "\(leaf)")
        let child = try bashCompletion("outline done --db \(db) Work/")
        #expect(child.replies == ["Work/Milk"] && child.compopt.isEmpty, "\(child)")
        // Several offers: bash inserts what they share, and never a space.
        let several = try bashCompletion("outline show --db \(db) ")
        #expect(several.replies.count > 1 && several.compopt.isEmpty, "\(several)")
    }

    /// After a path that names several items, the items' anchored paths are offered in its
    /// place, as the ambiguity error lists them, each to go on from with a `/`.
    @Test func bashOffersTheAnchoredPathsOfAnAmbiguousPath() throws {
        let db = outline.database
        try outline.run(["add", "Reading", "Books"])  // 9, 10
        try outline.run(["add", "A", "B", "--under", "9"])
        try outline.run(["add", "Reading", "--under", "Books"])  // 13
        try outline.run(["add", "C", "--under", "13"])
        let both = try bashCompletion("outline ls --db \(db) Reading/")
        // The word as typed stays among them, so that bash keeps it rather than cut it back to
        // the "/" the paths share; it lists them all on a second tab.
        #expect(both.replies.sorted() == ["/Books/Reading/", "/Reading/", "Reading/"], "\(both)")
        // Whole paths are listed (bash's file-name display would show "Reading/" twice), and
        // none is followed by a space.
        #expect(both.compopt == ["-o nospace"], "\(both)")
        let one = try bashCompletion("outline ls --db \(db) reading/c")
        #expect(one.replies == ["/Books/Reading/C"] && !one.compopt.contains("-o nospace"), "\(one)")
        // The paths are quoted for the shell: read back as bash reads the line, one is one word.
        try outline.run(["add", "Old Books"])  // 15
        try outline.run(["add", "Reading", "--under", "15"])
        try outline.run(["add", "D", "--under", "16"])
        let quoted = try bashCompletion("outline ls --db \(db) Reading/")
        #expect(quoted.replies.contains("/Old Books/Reading/"), "\(quoted)")
    }

    /// The scripts outline amends keep no REF, keyword, tag or property on the generator's way
    /// (which matches offers again and always adds a space): a newer swift-argument-parser that
    /// writes its scripts otherwise fails here, by name, before any shell does.
    @Test func everyCustomCompletionGoesThroughOutlinesOwnFunction() throws {
        let bash = try outline.run(["--generate-completion-script", "bash"], useDatabaseOption: false).stdout
        #expect(!bash.contains(#"-W "$(__outline_custom_complete"#))
        #expect(
            bash.components(separatedBy: #"__outline_add_custom_completions "$(__outline_custom_complete"#).count > 10)
        for option in ["--state", "--tag", "--untag", "--priority", "--property"] {
            #expect(
                bash.contains(
                    #"__outline_add_custom_completions "$(__outline_custom_complete ---completion set -- \#(option)"#),
                "\(option)")
        }
        let zsh = try outline.run(["--generate-completion-script", "zsh"], useDatabaseOption: false).stdout
        let definitions = zsh.components(separatedBy: "\n__outline_custom_complete() {").count - 1
        let ours = try #require(zsh.range(of: "# REFs, keywords, tags, property keys: outline offers them"))
        let run = try #require(zsh.range(of: #"if [[ "${funcstack[1]}" = _outline ]]"#))
        #expect(definitions == 2 && ours.lowerBound < run.lowerBound)
    }

    /// `--db` completes file names, before the command's name and after it (it offered nothing).
    @Test func theDatabaseOptionCompletesFileNames() throws {
        FileManager.default.createFile(atPath: outline.directory + "/work-notes.db", contents: Data())
        #expect(try bashCompletions("outline --db work-n") == ["work-notes.db"])
        #expect(try bashCompletions("outline ls --db work-n") == ["work-notes.db"])
        #expect(try bashCompletions("outline sync status --db work-n") == ["work-notes.db"])
        // So do the documents import reads.
        FileManager.default.createFile(atPath: outline.directory + "/plans.md", contents: Data())
        #expect(try bashCompletions("outline import pla") == ["plans.md"])
    }

    /// A title that typed alone would be read as something else (digits are an id, `root` the
    /// root, a dash an option) is offered as a path that names it; new commands complete too.
    @Test func titlesReadAsOtherThingsAreOfferedAsPaths() throws {
        let db = outline.database
        try outline.run(["add", "--", "2026", "root", "-x"])
        try outline.run(["add", "2026", "--under", "Work"])
        #expect(try bashCompletions("outline show --db \(db) /2").first == "/2026")
        let topLevel = try bashCompletions("outline done --db \(db) ")
        #expect(["/2026", "/root", "/-x"].allSatisfy(topLevel.contains), "\(topLevel)")
        #expect(!topLevel.contains("2026") && !topLevel.contains("root") && !topLevel.contains("-x"), "\(topLevel)")
        let request = ["---completion", "cp", "--", "positional@0", "3", "4", "outline", "cp", "--db", db, ""]
        let offers = try outline.run(request, useDatabaseOption: false).lines
        #expect(offers.contains { $0.hasPrefix("/2026") } && offers.contains { $0.hasPrefix("/root") }, "\(offers)")
        #expect(offers.contains { $0.hasPrefix("/-x") }, "\(offers)")
        let anywhere = try outline.run(
            ["---completion", "sort", "--", "positional@0", "3", "4", "outline", "sort", "--db", db, "20"],
            useDatabaseOption: false)
        #expect(anywhere.lines.allSatisfy { !$0.hasPrefix("2026") }, "digits complete ids: \(anywhere.lines)")
    }

    /// A title that holds `$`, a backquote or `$(…)` is offered quoted for the shell, so that
    /// entering the completed line runs nothing (bash's own quoting of file names, used before,
    /// left `$` and the backquote as they were). A second trial found it.
    @Test func aCompletedTitleRunsNothingWhenTheLineIsEntered() throws {
        let titles = ["Back`touch PWNED3`tick", "Cost $5", "Run$(touch PWNED4)"]
        try outline.run(["add"] + titles)
        for (title, typed) in zip(titles, ["Back", "Cost", "Run"]) {
            #expect(try bashCompletions("outline show --db \(outline.database) \(typed)") == [title])
        }
        #expect(!FileManager.default.fileExists(atPath: outline.directory + "/PWNED3"))
        #expect(!FileManager.default.fileExists(atPath: outline.directory + "/PWNED4"))
    }

    @Test func aTitleNeverRunsACommandWhileCompleting() throws {
        let offered = try bashCompletions("outline show --db \(outline.database) a")
        #expect(offered == ["a$(touch PWNED)b"])
        #expect(!FileManager.default.fileExists(atPath: outline.directory + "/PWNED"))
        // A backquote that a combining mark follows is one character with it, to Swift, and
        // was once left unescaped: compgen mangled the offer (it ran nothing, but must not
        // be given the chance).
        let sneaky = "q`\u{301};touch PWNED2;`"
        try outline.run(["add", sneaky])
        #expect(try bashCompletions("outline show --db \(outline.database) q") == [sneaky])
        #expect(!FileManager.default.fileExists(atPath: outline.directory + "/PWNED2"))
    }

    @Test func noDatabaseOffersNothingAndPrintsNothing() throws {
        #expect(try bashCompletions("outline ls --db \(outline.directory)/missing.db G").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: outline.directory + "/missing.db"))
        let request = try outline.run(
            ["---completion", "ls", "--", "positional@0", "3", "1", "outline", "ls", "--db", "/nonexistent/x.db", "G"],
            useDatabaseOption: false)
        #expect(request.status == 0 && request.stdout.isEmpty && request.stderr.isEmpty, "\(request)")
    }

    @Test func anOlderFileIsNeitherUpgradedNorCompleted() throws {
        try outline.loadFixture("schema-4")
        try outline.sqlite(UndoCommandTests.removeVersion4 + "PRAGMA user_version = 3;")
        #expect(try bashCompletions("outline ls --db \(outline.database) Gr").isEmpty)
        #expect(try outline.sqlite("PRAGMA user_version") == "3")
        // The next command upgrades it, and completion works again.
        try outline.run(["ls"])
        #expect(try bashCompletions("outline ls --db \(outline.database) Gr") == ["Groceries"])
    }

    @Test func zshAndFishGetDescriptions() throws {
        let words = ["outline", "show", "--db", outline.database, "Groceries/M"]
        let request = ["---completion", "show", "--", "positional@0", "4", "11"] + words
        let zsh = try outline.run(request, environment: ["SAP_SHELL": "zsh"], useDatabaseOption: false)
        // Each after its flags ("-": neither going on with a "/" nor in place of the word).
        #expect(zsh.lines.contains("-\tGroceries/Mi\\\\/lk:/Groceries/Mi\\\\/lk"), "\(zsh)")
        #expect(zsh.lines.contains("-\tGroceries/Milk:/Groceries/Milk"), "\(zsh)")
        let fish = try outline.run(request, environment: ["SAP_SHELL": "fish"], useDatabaseOption: false)
        #expect(fish.lines.contains("Groceries/Milk\t/Groceries/Milk"), "\(fish)")
    }

    @Test func shellWordsLoseTheirQuoting() {
        #expect(ShellWord.unquoted("Buy\\ milk") == "Buy milk")
        #expect(ShellWord.unquoted("'a\\/b'") == "a\\/b")
        #expect(ShellWord.unquoted("\"say \\\"hi\\\" \\/\"") == "say \"hi\" \\/")
        #expect(ShellWord.unquoted("\"unfinished") == "unfinished")
        // Quotes are read as scalars, whatever combining mark follows them.
        #expect(ShellWord.unquoted("'\u{301}x'") == "\u{301}x")
        #expect(ShellWord.quoted("it'\u{301}s") == "'it'\\''\u{301}s'")
    }

    @Test func theDatabaseIsTheLastOneNamed() {
        #expect(CompletionRequest.databasePath(in: ["outline", "ls"]) == nil)
        #expect(CompletionRequest.databasePath(in: ["outline", "--db", "a.db", "ls", "--db=b.db"]) == "b.db")
        #expect(CompletionRequest.databasePath(in: ["outline", "ls", "--db", "'my file.db'"]) == "my file.db")
    }
}
