import Foundation
import Testing

/// Inputs a fresh-eyes trial found mishandled: each must end in one clear line and the right
/// exit status, never a crash, a hang or a silently wrong result.
@Suite("Odd inputs and damaged files")
struct RobustnessTests {
    let outline = OutlineProcess()

    @Test func movesWorkOnAListWithAGapLeftByAnOutsideEdit() throws {
        try outline.run(["add", "A", "B", "C"])
        try outline.sqlite("DELETE FROM item WHERE id = 2")
        #expect(try outline.run(["mv", "1", "--after", "3"]).status == 0)
        #expect(try outline.tsv() == ["3\t0\t1\t1\tC\t0", "1\t0\t2\t1\tA\t0"])
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func aCycleStopsTheWalkWithAnError() throws {
        try outline.run(["add", "A"])
        try outline.run(["add", "A1", "--under", "1"])
        try outline.run(["add", "A1a", "--under", "2"])
        try outline.sqlite("UPDATE item SET parent_id = 3, position = 1 WHERE id = 1")
        let result = try outline.run(["ls", "2"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: item 2 is its own ancestor (the file was edited outside outline); run 'outline check'\n")
    }

    @Test func unwritableOutputIsAnErrorNotACrash() throws {
        try outline.run(["add", "A"])
        let full = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" ls --tsv --db \"$1\" > /dev/full; echo $?", OutlineProcess.binary, outline.database],
            input: nil, viaShell: true)
        #expect(full.stdout == "1\n")
        #expect(full.stderr == "error: could not write standard output: no space left on device\n")
        // A change that was made says so, lest a script take "failed" for "nothing happened".
        let saved = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" add B --db \"$1\" > /dev/full; echo $?", OutlineProcess.binary, outline.database],
            input: nil, viaShell: true)
        #expect(saved.stdout == "1\n")
        #expect(
            saved.stderr
                == "error: could not write standard output: no space left on device; the change itself was saved "
                + "('outline history' shows it)\n")
        #expect(try outline.tsv().count == 2)
        let noStderr = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" ls 99 --db \"$1\" 2>/dev/full; echo $?", OutlineProcess.binary, outline.database],
            input: nil, viaShell: true)
        #expect(noStderr.stdout == "1\n")
    }

    /// Help, the version and completion scripts are output too: a lost one is an error.
    @Test(arguments: [
        ["--version"], ["--help"], ["help", "add"], ["add", "--help"], ["--generate-completion-script", "bash"],
    ])
    func unwritableHelpIsAnErrorToo(arguments: [String]) throws {
        let full = try OutlineProcess.run(
            ["sh", "-c", "\"$0\" \"$@\" > /dev/full; echo $?", OutlineProcess.binary] + arguments, input: nil,
            viaShell: true)
        #expect(full.stdout == "1\n", "\(arguments)")
        #expect(full.stderr == "error: could not write standard output: no space left on device\n", "\(arguments)")
        let written = try OutlineProcess.run(arguments, input: nil)
        #expect(written.status == 0 && !written.stdout.isEmpty && written.stderr.isEmpty, "\(arguments)")
    }

    @Test func anEmptyDatabasePathIsAUsageError() throws {
        let result = try OutlineProcess.run(["ls", "--db", ""], input: nil)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: --db needs a path; it was given an empty one"))
    }

    @Test func argumentsMustBeUTF8() throws {
        let result = try OutlineProcess.run(
            [
                "sh", "-c", "\"$0\" add \"$(printf 'bad\\377')\" --db \"$1\"; echo $?", OutlineProcess.binary,
                outline.database,
            ], input: nil, viaShell: true)
        #expect(result.stdout == "64\n")
        #expect(result.stderr == "error: argument 2 is not valid UTF-8 (titles and paths must be)\n")
        // A path from the environment with its bytes replaced would name another file.
        let fromEnvironment = try OutlineProcess.run(
            [
                "sh", "-c", "OUTLINE_DB=\"$(printf '%s/\\377.db' \"$1\")\" \"$0\" add x", OutlineProcess.binary,
                outline.directory,
            ],
            input: nil, viaShell: true)
        #expect(fromEnvironment.status == 1)
        #expect(fromEnvironment.stderr == "error: $OUTLINE_DB is not valid UTF-8; outline takes paths in UTF-8\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outline.directory).isEmpty)
    }

    @Test func aPathStartingWithFileIsAFileNotAURI() throws {
        // SQLite as Debian builds it reads "file:..." as a URI: it opened real.db instead, and
        // created it for a command that only reads.
        let script =
            "cd \"$1\" && \"$0\" --db file:real.db add hello && \"$0\" --db file:real.db find hell"
            + " && \"$0\" --db file:other.db ls; echo \"exit $?\"; ls"
        let result = try OutlineProcess.run(
            ["sh", "-c", script, OutlineProcess.binary, outline.directory], input: nil, viaShell: true)
        #expect(result.stdout == "1\n1  /hello\nexit 1\nfile:real.db\n")
        #expect(result.stderr == "error: no outline at file:other.db\n")
    }

    @Test func showRefusesAnItemBelowACycle() throws {
        try outline.run(["add", "A"])
        try outline.run(["add", "A1", "--under", "1"])
        try outline.run(["add", "A1a", "--under", "2"])
        try outline.sqlite("UPDATE item SET parent_id = 3 WHERE id = 1")
        for id in ["1", "3"] {
            let result = try outline.run(["show", id, "--json"])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(
                result.stderr.hasSuffix(
                    "is its own ancestor (the file was edited outside outline); run 'outline check'\n"))
        }
    }

    @Test func anItemCutOffFromTheRootIsNamedAsSuch() throws {
        try outline.run(["add", "A"])
        try outline.run(["add", "a1", "--under", "1"])
        try outline.sqlite("UPDATE item SET parent_id = 999 WHERE id = 1")
        // Not "no item with id 999": the user never named 999.
        for arguments in [["show", "2"], ["find", "a1", "--under", "1"], ["add", "x", "--under", "2"]] {
            let result = try outline.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr == "error: item 1 is cut off from the root: its parent 999 is missing "
                    + "(the file was edited outside outline); run 'outline check'\n", "\(arguments)")
        }
        // A search of the whole outline leaves the cut-off items out, as ls does.
        #expect(try outline.run(["find", "a1"]).stdout == "")
    }

    @Test func aDanglingSymbolicLinkIsRefusedAndLeftAlone() throws {
        let link = outline.directory + "/link.db"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outline.directory + "/nowhere.db")
        let result = try OutlineProcess.run(["add", "x", "--db", link], input: nil)
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot open database '\(link)': it is a symbolic link to a missing file\n")
        #expect(!FileManager.default.fileExists(atPath: outline.directory + "/nowhere.db"))
    }

    @Test func missingAndUnknownCommands() throws {
        let none = try outline.run([])
        #expect(none.status == 64)
        #expect(none.stderr == "error: name a command, such as 'outline ls' (see 'outline --help')\n")
        let unknown = try outline.run(["frob"], useDatabaseOption: false)
        #expect(unknown.stderr == "error: unknown command 'frob' (see 'outline --help')\n")
    }

    @Test func aTitleThatLooksLikeAnOptionGetsAHint() throws {
        let result = try outline.run(["add", "-20%"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option '-20%'; put titles that start with '-' after --"))
        // ls takes no titles: an unknown option there gets no advice about titles.
        let unknown = try outline.run(["ls", "--bogus"])
        #expect(unknown.status == 64)
        #expect(!unknown.stderr.contains("titles"))
        // After --, everything is a title, so --db goes first.
        #expect(try outline.run(["--db", outline.database, "add", "--", "-20%"], useDatabaseOption: false).status == 0)
    }

    @Test func aCommandThatChangesNothingSaysSo() throws {
        try outline.run(["add", "A", "B"])
        #expect(try outline.run(["edit", "1", "A"]).stdout == "nothing changed: \"A\" already has that title\n")
        #expect(try outline.run(["mv", "2", "--after", "1"]).stdout == "nothing changed: \"B\" is already there\n")
        #expect(try outline.run(["history"]).lines.count == 1)
    }

    @Test func standardInputLosesItsByteOrderMarkAndInvisibleTitlesAreRefused() throws {
        #expect(try outline.run(["add", "-"], input: "\u{FEFF}first\nsecond\n").stdout == "1\n2\n")
        #expect(try outline.tsv().first == "1\t0\t1\t1\tfirst\t0")
        let invisible = try outline.run(["add", "\u{200B}\u{200B}"])
        #expect(invisible.status == 1)
        #expect(invisible.stderr == "error: a title cannot be empty\n")
    }

    @Test func checkListsTheDamageOfACorruptFile() throws {
        try outline.run(["add", "-"], input: (1...3000).map { "item number \($0)\n" }.joined())
        // Move every page into the main file, then overwrite the root page of the tree's index.
        try outline.sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        let rootPage = UInt64(try outline.sqlite("SELECT rootpage FROM sqlite_master WHERE name = 'item_by_parent'"))!
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: outline.database))
        try handle.seek(toOffset: (rootPage - 1) * 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        try handle.close()
        let result = try outline.run(["check"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("problem: "))
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.filter { $0 == "\n" }.count == 1)
        let json = try outline.run(["check", "--json"])
        #expect(json.stdout.hasPrefix("{\"ok\":false,"))
    }
}
