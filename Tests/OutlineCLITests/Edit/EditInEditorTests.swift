import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// `outline edit [REF]` without a title, end to end: editors that are small shell scripts, each
/// making one kind of edit, run on a real pseudo-terminal (`script`); `--print` and `--apply`
/// for scripts; a real editor (Debian's vim.tiny) driven through tmux.
@Suite("edit in an editor, end to end")
struct EditInEditorTests {
    /// An outline of Groceries (1) with Milk (2), Eggs (3) and Bread (4), and Work (5).
    static func groceries() throws -> OutlineProcess {
        let outline = OutlineProcess()
        try outline.run(["add", "Groceries", "Work"])
        try outline.run(["add", "Milk", "Eggs", "Bread", "--under", "1"])
        // Ids: Groceries 1, Work 2, Milk 3, Eggs 4, Bread 5.
        return outline
    }

    /// Writes an editor: a shell script that edits the file it is given (`$1`).
    static func editor(_ body: String, in outline: OutlineProcess, named name: String = "editor.sh") throws -> String {
        let path = outline.directory + "/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// Runs `outline --db DB ARGUMENTS` on a pseudo-terminal, as a user at a terminal does, with
    /// `environment` added; standard output and error arrive together, as on a screen.
    static func runOnTerminal(
        _ outline: OutlineProcess, _ arguments: [String], environment: [String: String]
    ) throws -> RunResult {
        let words = ([OutlineProcess.binary, "--db", outline.database] + arguments).map(Self.quoted)
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }
        let command = (["env"] + assignments + words).joined(separator: " ")
        var result = try OutlineProcess.run(
            ["-qec", command, "/dev/null"], input: nil, executable: "/usr/bin/script", timeout: 60)
        result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The path of the kept text an error names.
    static func keptFile(in message: String) -> String? {
        guard let start = message.range(of: "the text is kept in ")?.upperBound else { return nil }
        return String(message[start...].prefix { $0 != ":" && $0 != "," && $0 != ";" && !$0.isNewline })
    }

    @Test func anEditorThatMakesEveryKindOfEditIsAppliedAsOneStep() throws {
        let outline = try Self.groceries()
        let before = try outline.tsv()
        // Milk retitled and done, Eggs deleted, Bread moved first, a new nested item.
        let editor = try Self.editor(
            """
            sed -i -e 's/^Milk  #3$/[x] Oat milk  #3/' -e '/#4$/d' "$1"
            grep -v '#5$' "$1" > "$1.new"
            { grep '^#' "$1.new"; echo 'Bread  #5'; grep -v '^#' "$1.new"; printf 'Cheese\\n  Cheddar\\n'; } > "$1"
            rm "$1.new"
            """, in: outline)
        let result = try Self.runOnTerminal(outline, ["edit", "Groceries"], environment: ["EDITOR": editor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "edited \"Groceries\": 2 added, 1 removed, 1 moved, 1 retitled, 1 marked done\n")
        #expect(
            try outline.tsv() == [
                "1\t0\t1\t1\tGroceries\t0", "5\t1\t1\t2\tBread\t0", "3\t1\t2\t2\tOat milk\t1", "6\t1\t3\t2\tCheese\t0",
                "7\t6\t1\t3\tCheddar\t0", "2\t0\t2\t1\tWork\t0",
            ])
        #expect(try outline.run(["history"]).lines.count == 3)
        try outline.run(["undo"])
        #expect(try outline.tsv() == before)
        // No text is left behind in the temporary folder.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: outline.directory).allSatisfy {
                !$0.hasPrefix("outline-edit")
            })
    }

    @Test func visualComesBeforeEditorAndEitherMayHoldArguments() throws {
        let outline = try Self.groceries()
        let result = try Self.runOnTerminal(
            outline, ["edit", "1"],
            environment: ["VISUAL": "sed -i s/Eggs/Duck\\ eggs/", "EDITOR": "false", "TMPDIR": outline.directory])
        #expect(result.status == 0, "\(result)")
        #expect(try outline.run(["ls", "1", "--tsv"]).lines[1] == "4\t1\t2\t1\tDuck eggs\t0")
    }

    @Test func anEditorThatFailsChangesNothingAndKeepsAChangedText() throws {
        let outline = try Self.groceries()
        let before = try outline.tsv()
        let editor = try Self.editor("echo Butter >> \"$1\"; exit 3", in: outline)
        let result = try Self.runOnTerminal(
            outline, ["edit", "Groceries"], environment: ["EDITOR": editor, "TMPDIR": outline.directory])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("error: the editor '\(editor)' exited with status 3; nothing was changed;"))
        #expect(try outline.tsv() == before)
        let kept = try #require(
            Self.keptFile(in: result.stdout.replacingOccurrences(of: "your text is", with: "the text is")))
        #expect(try String(contentsOfFile: kept, encoding: .utf8).hasSuffix("Bread  #5\nButter\n"))
        let applied = try outline.run(["edit", "1", "--apply", kept])
        #expect(applied.stdout == "edited \"Groceries\": 1 added\n", "\(applied)")
        // An editor that fails without changing the text leaves nothing behind.
        let quiet = try Self.runOnTerminal(
            outline, ["edit"], environment: ["EDITOR": "false", "TMPDIR": outline.directory])
        #expect(quiet.status == 1 && !quiet.stdout.contains("kept"), "\(quiet)")
    }

    @Test func savingTheTextAsItWasOrEmptyingItChangesNothing() throws {
        let outline = try Self.groceries()
        for (editor, said) in [
            ("true", "nothing changed: the text was not changed"),
            ("truncate -s 0", "nothing changed: the text holds no items (an emptied text never removes them)"),
            ("sed -i /#/d", "nothing changed: the text holds no items (an emptied text never removes them)"),
        ] {
            let result = try Self.runOnTerminal(outline, ["edit"], environment: ["EDITOR": editor])
            #expect(result.status == 0 && result.stdout == said + "\n", "\(editor): \(result)")
        }
        #expect(try outline.run(["history"]).lines.count == 2)
    }

    @Test func aRefusedTextIsKeptAndAppliesOnceFixed() throws {
        let outline = try Self.groceries()
        let before = try outline.tsv()
        let editor = try Self.editor("echo 'Ghost  #99' >> \"$1\"", in: outline)
        let result = try Self.runOnTerminal(
            outline, ["edit", "Groceries"], environment: ["EDITOR": editor, "TMPDIR": outline.directory])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("error: line 14: there is no item #99; delete the id"), "\(result)")
        #expect(try outline.tsv() == before)
        let kept = try #require(Self.keptFile(in: result.stdout))
        #expect(result.stdout.contains("run 'outline --db \(outline.database) edit 1 --apply \(kept)'"))
        var text = try String(contentsOfFile: kept, encoding: .utf8)
        text = text.replacingOccurrences(of: "Ghost  #99", with: "Ghost")
        try text.write(toFile: kept, atomically: true, encoding: .utf8)
        let retried = try outline.run(["edit", "1", "--apply", kept])
        #expect(retried.status == 0 && retried.stdout == "edited \"Groceries\": 1 added\n", "\(retried)")
    }

    /// A text that a refusal kept is removed once `--apply` applies it (issue 31): its text is in
    /// the outline then, and `undo` takes it back. A retry that is refused again keeps it.
    @Test func aKeptTextIsRemovedOnceItApplies() throws {
        let outline = try Self.groceries()
        let environment = ["TMPDIR": outline.directory]
        // Kept from standard input, refused by --apply.
        let refused = try outline.run(
            ["edit", "1", "--apply", "-"], input: "Milk  #3\nGhost  #99\n", environment: environment)
        #expect(refused.status == 1, "\(refused)")
        let kept = try #require(Self.keptFile(in: refused.stderr))
        let again = try outline.run(["edit", "1", "--apply", kept], environment: environment)
        #expect(again.status == 1 && again.stderr.contains("the text is kept in \(kept)"), "\(again)")
        #expect(FileManager.default.fileExists(atPath: kept))
        try "Milk  #3\nEggs  #4\nBread  #5\nGhost\n".write(toFile: kept, atomically: false, encoding: .utf8)
        let applied = try outline.run(["edit", "1", "--apply", kept], environment: environment)
        #expect(applied.status == 0 && applied.stdout == "edited \"Groceries\": 1 added\n", "\(applied)")
        #expect(!FileManager.default.fileExists(atPath: kept), "applied, so removed")
        // Kept by an editor session that was refused, and applied once fixed.
        let editor = try Self.editor("echo 'Spook  #98' >> \"$1\"", in: outline)
        let edited = try Self.runOnTerminal(
            outline, ["edit", "1"], environment: ["EDITOR": editor, "TMPDIR": outline.directory])
        #expect(edited.status == 1, "\(edited)")
        let keptByEditor = try #require(Self.keptFile(in: edited.stdout))
        let text = try String(contentsOfFile: keptByEditor, encoding: .utf8)
        try text.replacingOccurrences(of: "Spook  #98", with: "Spook").write(
            toFile: keptByEditor, atomically: false, encoding: .utf8)
        let retried = try outline.run(["--json", "edit", "1", "--apply", keptByEditor], environment: environment)
        #expect(retried.status == 0, "\(retried)")
        #expect(!FileManager.default.fileExists(atPath: keptByEditor))
        #expect(
            try outline.run(["ls", "1", "--tsv"]).lines.map { $0.split(separator: "\t")[4] } == [
                "Milk", "Eggs", "Bread", "Ghost", "Spook",
            ])
    }

    /// A file of the user's own given to --apply stays, whatever it is called and wherever it
    /// lies: only a kept text, by its name, its folder and its owner, is removed.
    @Test func theUsersOwnFilesAreNeverRemoved() throws {
        let outline = try Self.groceries()
        let environment = ["TMPDIR": outline.directory]
        let folder = outline.directory
        try FileManager.default.createDirectory(atPath: folder + "/mine", withIntermediateDirectories: true)
        let own = [
            folder + "/groceries.txt",  // any name
            folder + "/outline-edit-abc12.txt",  // one character short
            folder + "/outline-edit-abc1234.txt",  // one too many
            folder + "/outline-edit-abc-12.txt",  // not what mkstemps writes
            folder + "/mine/outline-edit-abc123.txt",  // a kept text's name, outside the temporary folder
        ]
        // A link with a kept text's name in the temporary folder, to a file of the user's.
        let link = folder + "/outline-edit-link01.txt"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: own[0])
        for (index, file) in (own + [link]).enumerated() {
            if file != link {
                try "Milk  #3\nEggs  #4\nBread  #5\nExtra \(index)\n".write(
                    toFile: file, atomically: false, encoding: .utf8)
            }
            let applied = try outline.run(["edit", "1", "--apply", file], environment: environment)
            #expect(applied.status == 0, "\(file): \(applied)")
            #expect(FileManager.default.fileExists(atPath: file), "\(file) was removed")
        }
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == own[0])
    }

    @Test func aChangeMadeWhileTheEditorWasOpenIsNotOverwritten() throws {
        let outline = try Self.groceries()
        // The editor adds Milk's line back under another title; meanwhile another command adds
        // Butter to the same list.
        let editor = try Self.editor(
            """
            '\(OutlineProcess.binary)' --db '\(outline.database)' add Butter --under 1 > /dev/null
            sed -i 's/^Milk  #3$/Oat milk  #3/' "$1"
            """, in: outline)
        let result = try Self.runOnTerminal(
            outline, ["edit", "1"], environment: ["EDITOR": editor, "TMPDIR": outline.directory])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "error: the items under \"Groceries\", or the workflow that [ ] and [x] stand for, changed after "
                    + "this text was made, so applying it could undo that change; nothing was changed; the text is "
                    + "kept in "), "\(result)")
        #expect(
            try outline.run(["ls", "1", "--tsv"]).lines.map { $0.split(separator: "\t")[4] } == [
                "Milk", "Eggs", "Bread", "Butter",
            ])
        // Retried as it is, it is refused again; without its base line it applies over the change.
        let kept = try #require(Self.keptFile(in: result.stdout))
        #expect(try outline.run(["edit", "1", "--apply", kept]).status == 1)
        let text = try String(contentsOfFile: kept, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("# outline-edit-base") }.joined(separator: "\n")
        try text.write(toFile: kept, atomically: true, encoding: .utf8)
        let applied = try outline.run(["edit", "1", "--apply", kept])
        #expect(applied.stdout == "edited \"Groceries\": 1 removed, 1 retitled\n", "\(applied)")
    }

    @Test func scriptsPrintAndApplyWithoutATerminal() throws {
        let outline = try Self.groceries()
        let printed = try outline.run(["edit", "Groceries", "--print"])
        let items = printed.lines.filter { !$0.hasPrefix("#") }
        #expect(items == ["Milk  #3", "Eggs  #4", "Bread  #5"])
        // The pipeline of the help text: reverse the item lines, keep the comments first.
        let reversed = printed.lines.filter { $0.hasPrefix("#") } + items.reversed()
        let applied = try outline.run(
            ["--json", "edit", "Groceries", "--apply", "-"], input: reversed.joined(separator: "\n") + "\n")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(applied.stdout.utf8)) as? [String: Any], "\(applied)")
        #expect(report["action"] as? String == "edit \"Groceries\": 2 moved")
        #expect((report["changes"] as? [[String: Any]])?.allSatisfy { $0["type"] as? String == "move" } == true)
        #expect(report["ids"] as? [Int] == [])
        #expect(try outline.run(["ls", "1", "--tsv"]).lines.map { $0.split(separator: "\t")[0] } == ["5", "4", "3"])
        // New items' ids come back with --json.
        let added = try outline.run(["--json", "edit", "Work", "--apply", "-"], input: "Plan\nShip\n")
        #expect(added.stdout.contains("\"ids\":[6,7]"), "\(added)")
    }

    @Test(
        arguments: [
            (
                ["edit"],
                "error: edit without a TITLE opens an editor, which needs a terminal; in a script, use 'outline edit [REF] --print' and 'outline edit [REF] --apply FILE'",
                1
            ),
            (
                ["edit", "1", "--print", "--apply", "-"],
                "error: --print and --apply cannot be given together (see 'outline edit --help')", 64
            ),
            (
                ["edit", "1", "New", "--print"],
                "error: --print and --apply edit a subtree as text; they take no TITLE (see 'outline edit --help')", 64
            ),
            (["edit", "99", "--print"], "error: no item with id 99", 1),
            (
                ["--json", "edit", "--print"],
                "error: --print writes the text itself; it has no --json form (see 'outline edit --help')", 64
            ),
            (["edit", "--apply", "missing.txt"], "error: cannot read 'missing.txt': no such file or directory", 1),
        ] as [([String], String, Int32)])
    func mistakesAreOneLineAndChangeNothing(arguments: [String], message: String, status: Int32) throws {
        let outline = try Self.groceries()
        let before = try outline.tsv()
        let result = try outline.run(arguments, input: "")
        #expect(result.status == status)
        #expect(result.stderr == message + "\n", "\(result)")
        #expect(try outline.tsv() == before)
    }

    @Test func aMissingDatabaseIsNeverMade() throws {
        let outline = OutlineProcess()
        for (arguments, input) in [
            (["edit", "--print"], nil), (["edit", "--apply", "-"], "A\n"), (["edit", "--apply", "-"], ""),
            (["edit", "Foo", "--apply", "-"], "A\n"),
        ] as [([String], String?)] {
            let result = try outline.run(arguments, input: input)
            #expect(result.status == 1 && result.stderr.hasPrefix("error: no outline at"), "\(arguments): \(result)")
        }
        let editor = try Self.runOnTerminal(outline, ["edit"], environment: ["EDITOR": "true"])
        #expect(editor.status == 1 && editor.stdout.hasPrefix("error: no outline at"), "\(editor)")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
    }

    @Test func textPipedInIsKeptWhateverRefusesIt() throws {
        let outline = try Self.groceries()
        let environment = ["TMPDIR": outline.directory]
        let unknown = try outline.run(["edit", "Nope", "--apply", "-"], input: "Kept line\n", environment: environment)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("error: no item titled \"Nope\"; the text is kept in "), "\(unknown)")
        let kept = try #require(Self.keptFile(in: unknown.stderr))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "Kept line\n")
        // With nowhere to keep it, the refusal still says why, and that the text was not kept.
        let nowhere = try outline.run(
            ["edit", "1", "--apply", "-"], input: "Milk #3\n", environment: ["TMPDIR": "/nonexistent/folder"])
        #expect(nowhere.stderr.hasPrefix("error: line 1: #3 at the end needs two spaces"), "\(nowhere)")
        #expect(nowhere.stderr.contains("; and the text could not be kept: cannot make a file for the text in"))
    }

    @Test func theEditedItemRemovedMeanwhileLeavesTheTextKept() throws {
        let outline = try Self.groceries()
        let editor = try Self.editor(
            """
            '\(OutlineProcess.binary)' --db '\(outline.database)' rm Groceries > /dev/null
            sed -i 's/^Milk  #3$/Oat milk  #3/' "$1"
            """, in: outline)
        let result = try Self.runOnTerminal(
            outline, ["edit", "Groceries"], environment: ["EDITOR": editor, "TMPDIR": outline.directory])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("error: no item with id 1; the text is kept in "), "\(result)")
        let kept = try #require(Self.keptFile(in: result.stdout))
        #expect(try String(contentsOfFile: kept, encoding: .utf8).contains("Oat milk  #3"))
    }

    /// vim, as Debian ships it, run by `outline edit` in a real terminal: a word changed, a line
    /// added, saved with `:wq`.
    @Test func aRealEditorInATerminal() throws {
        let outline = try Self.groceries()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/vim.tiny") else {
            Issue.record("vim.tiny is not installed; scripts/deps installs it")
            return
        }
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        defer { tmux.stop() }
        try tmux.start(
            "EDITOR=vim.tiny '\(OutlineProcess.binary)' --db '\(outline.database)' edit Groceries;"
                + " echo \"status=$?\"; sleep 60", rows: 24)
        #expect(tmux.screen(containing: "Bread  #5").contains("Milk  #3"))
        tmux.send([":%s/^Milk/Oat milk/", "Enter"])
        tmux.send(["G", "o", "Butter", "Escape"])
        tmux.send([":wq", "Enter"])
        let screen = tmux.screen(containing: "status=")
        #expect(screen.contains("edited \"Groceries\": 1 added, 1 retitled"), "\(screen)")
        #expect(screen.contains("status=0"), "\(screen)")
        #expect(
            try outline.run(["ls", "1", "--tsv"]).lines.map { $0.split(separator: "\t")[4] } == [
                "Oat milk", "Eggs", "Bread", "Butter",
            ])
    }
}
