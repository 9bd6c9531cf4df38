import Foundation
import Testing

/// `find TEXT... [--under REF] [--tsv | --json]`, as SPEC words it.
@Suite("find, end to end")
struct FindTests {
    let outline = OutlineProcess()

    private func ids(_ arguments: [String]) throws -> [String] {
        let result = try outline.run(["find"] + arguments)
        #expect(result.status == (result.stdout.isEmpty ? 1 : 0), "\(arguments): \(result)")
        return result.lines.map { String($0.prefix { $0 != " " }) }
    }

    @Test func findsEveryTermIgnoringCaseAndDiacritics() throws {
        try outline.makeMilkTitles()
        #expect(try ids(["milk"]) == ["2", "3", "6"])
        #expect(try ids(["MILK", "oat"]) == ["3"])
        #expect(try ids(["ilk"]) == ["2", "3", "6"], "anywhere in a title")
        #expect(try ids(["cafe", "CREME"]) == ["4"], "diacritics and case ignored")
        #expect(try ids(["café"]) == ["4"])
        #expect(try ids(["牛"]) == ["7"], "a term shorter than the index's three characters")
        #expect(try ids(["mi"]) == ["2", "3", "6"])
        #expect(try ids(["milk", "tea"]) == [], "every term must be there")
        #expect(try ids(["a/b"]) == ["8"])
        #expect(try ids(["\"quoted\""]) == [], "a quote is text, not query syntax")
        #expect(try ids(["milk", "--under", "Work"]) == ["6"])
        #expect(try ids(["milk", "--under", "0"]) == ["2", "3", "6"])
    }

    @Test func linesAreIDAndAPathThatWorksAsAReference() throws {
        try outline.makeMilkTitles()
        let found = try outline.run(["find", "milk"])
        #expect(found.stdout == "2  /Groceries/Milk\n3  /Groceries/Oat milk\n6  /Work/Call Ana about milk\n")
        #expect(try outline.run(["find", "a/"]).stdout == "8  /a\\/b\n")
        #expect(try outline.run(["show", "/a\\/b", "--json"]).stdout.hasPrefix(#"{"id":8,"#))
        let tsv = try outline.run(["find", "oat", "--tsv"])
        #expect(tsv.stdout == "3\t1\t2\t2\tOat milk\t0\t/Groceries/Oat milk\n")
        let json = try outline.run(["find", "oat", "--json"])
        #expect(
            json.stdout
                == #"[{"id":3,"uid":null,"title":"Oat milk","path":"/Groceries/Oat milk","parent":1,"position":2,"#
                + #""depth":2,"done":false,"done_at":null,"# + OutlineProcess.noAttributesJSON
                + #","note":null,"children":0,"descendants":0}]"# + "\n")
        #expect(try outline.run(["find", "nothing", "--json"]).stdout == "[]\n")
    }

    /// Finding nothing is no error, but exits 1, as grep does, so that `if outline find milk;
    /// then` works: nothing on standard output (`[]` with --json), nothing on standard error.
    @Test func findingNothingExitsOneAsGrepDoes() throws {
        try outline.makeMilkTitles()
        for arguments in [["tea"], ["tea", "--tsv"], ["milk", "tea"], ["oat", "--under", "Work"], ["  tea", "x"]] {
            let result = try outline.run(["find"] + arguments)
            #expect(result.status == 1 && result.stdout.isEmpty && result.stderr.isEmpty, "\(arguments): \(result)")
        }
        let json = try outline.run(["find", "tea", "--json"])
        #expect(json.status == 1 && json.stdout == "[]\n" && json.stderr.isEmpty, "\(json)")
        for arguments in [["milk"], ["oat", "--tsv"], ["oat", "--json"], ["milk", "--under", "Work"]] {
            let result = try outline.run(["find"] + arguments)
            #expect(result.status == 0 && !result.stdout.isEmpty, "\(arguments): \(result)")
        }
        // The script of issue 31.
        let script = """
            for word in milk tea; do
                if "$0" --db "$1" find "$word" > /dev/null; then echo "$word: found"; else echo "$word: none"; fi
            done
            """
        let shell = try OutlineProcess.run(
            ["sh", "-c", script, OutlineProcess.binary, outline.database], input: nil, viaShell: true)
        #expect(shell.stdout == "milk: found\ntea: none\n", "\(shell)")
        // A refusal still says why, and exits 1 too: the message tells it from finding nothing.
        let refused = try outline.run(["find", "tea", "--under", "Nope"])
        #expect(refused.status == 1 && refused.stderr.hasPrefix("error: "), "\(refused)")
    }

    @Test func findFollowsEditsUndoRedoAndOutsideWrites() throws {
        try outline.makeMilkTitles()
        try outline.run(["edit", "Groceries/Milk", "Lait entier"])
        #expect(try ids(["milk"]) == ["3", "6"])
        #expect(try ids(["entier"]) == ["2"])
        try outline.run(["rm", "Groceries"])
        #expect(try ids(["milk"]) == ["6"])
        try outline.run(["undo"])
        #expect(try ids(["entier"]) == ["2"])
        try outline.run(["undo"])
        #expect(try ids(["milk"]) == ["2", "3", "6"])
        try outline.run(["redo"])
        #expect(try ids(["entier"]) == ["2"])
        // The sqlite3 shell cannot fold titles; find folds what it wrote until the next change.
        try outline.sqlite(
            "UPDATE item SET title = 'Pâté' WHERE id = 8; INSERT INTO item (parent_id, position, title) VALUES (5, 3, 'Milk run')"
        )
        #expect(try ids(["pate"]) == ["8"])
        #expect(try ids(["milk"]) == ["3", "6", "9"])
        try outline.run(["add", "x"])
        #expect(try ids(["pate"]) == ["8"])
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func findRefusals() throws {
        try outline.makeMilkTitles()
        let cases: [([String], Int32, String)] = [
            (
                ["find"], 64,
                "error: give some text to look for, or a filter such as --tag or --due-by (see 'outline find --help')\n"
            ),
            (
                ["find", "  "], 64,
                "error: give some text to look for; blank TEXT finds nothing (see 'outline find --help')\n"
            ),
            (["find", "x", "--under", "Nope"], 1, "error: no item titled \"Nope\"\n"),
            (["find", "x", "--under", "99"], 1, "error: no item with id 99\n"),
            (
                ["find", "x", "--tsv", "--json"], 64,
                "error: use only one of --tsv and --json (see 'outline find --help')\n"
            ),
        ]
        for (arguments, status, message) in cases {
            let result = try outline.run(arguments)
            #expect(result.status == status && result.stderr == message, "\(arguments): \(result)")
        }
    }

    /// On a terminal the matches in the title are marked, and only there.
    @Test func matchesAreMarkedOnATerminalOnly() throws {
        try outline.makeMilkTitles()
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        defer { tmux.stop() }
        try tmux.start(
            "env -u NO_COLOR TERM=xterm \(OutlineProcess.binary) --db \(outline.database) find CAFE; sleep 30")
        _ = tmux.screen(containing: "crème")
        // With -e, tmux writes the attributes of each cell: bold on the match, off after it.
        let marked = tmux.run(["capture-pane", "-e", "-p", "-t", TmuxSession.name])
        #expect(marked.contains("4  /Groceries/\u{1B}[1mCafé\u{1B}[0m"), "\(marked)")
        #expect(try outline.run(["find", "cafe"]).stdout == "4  /Groceries/Café crème\n")
    }
}
