import Foundation
import Testing

@Suite("The outline binary, end to end")
struct SessionTests {
    let outline = OutlineProcess()

    @Test func aNestedListSession() throws {
        #expect(try outline.run(["add", "Groceries", "Work"]).stdout == "1\n2\n")
        #expect(try outline.run(["add", "Milk", "Eggs", "--under", "1"]).stdout == "3\n4\n")
        #expect(try outline.run(["add", "Oat milk", "--under", "3"]).stdout == "5\n")
        let tree = try outline.run(["ls"])
        #expect(tree.status == 0)
        #expect(tree.stdout == "1  Groceries\n3  ├─ Milk\n5  │  └─ Oat milk\n4  └─ Eggs\n2  Work\n")
        #expect(try outline.run(["mv", "4", "--before", "3"]).stdout == "moved \"Eggs\" before \"Milk\"\n")
        #expect(try outline.run(["rm", "3"]).stdout == "removed \"Milk\" and 1 descendant\n")
        #expect(try outline.run(["edit", "4", "Eggs (6)"]).stdout == "retitled \"Eggs\" to \"Eggs (6)\"\n")
        #expect(try outline.tsv() == ["1\t0\t1\t1\tGroceries\t0", "4\t1\t1\t2\tEggs (6)\t0", "2\t0\t2\t1\tWork\t0"])
        let check = try outline.run(["check"])
        #expect(check.status == 0)
        #expect(check.stdout == "ok: 3 items, schema 6, no problems found\n")
    }

    @Test func lsOfOneItemWithDepthAndJSON() throws {
        try outline.run(["add", "a", "b"])
        try outline.run(["add", "a1", "a2", "--under", "1"])
        try outline.run(["add", "deep", "--under", "3"])
        #expect(
            try outline.run(["ls", "1", "--tsv"]).lines == [
                "3\t1\t1\t1\ta1\t0", "5\t3\t1\t2\tdeep\t0", "4\t1\t2\t1\ta2\t0",
            ])
        #expect(try outline.run(["ls", "--depth", "1", "--tsv"]).lines == ["1\t0\t1\t1\ta\t0", "2\t0\t2\t1\tb\t0"])
        let json = try outline.run(["ls", "1", "--json"]).stdout
        #expect(
            json == """
                [{"id":3,"title":"a1","position":1,"done":false,"note":null,"children":[{"id":5,"title":"deep",\
                "position":1,"done":false,"note":null,"children":[]}]},\
                {"id":4,"title":"a2","position":2,"done":false,"note":null,"children":[]}]

                """)
        let parsed = try JSONSerialization.jsonObject(with: Data(try outline.run(["ls", "--json"]).stdout.utf8))
        #expect((parsed as? [[String: Any]])?.count == 2)
        #expect(try outline.run(["ls", "root", "--tsv"]).lines.count == 5)
    }

    /// A depth limit never reads as "no children": the tree counts what it hides, the JSON
    /// gives null and the count.
    @Test func depthSaysHowManyItHides() throws {
        try outline.run(["add", "Groceries", "Work"])
        try outline.run(["add", "Milk", "Eggs", "--under", "1"])
        try outline.run(["add", "Oat milk", "--under", "3"])
        #expect(try outline.run(["ls", "--depth", "1"]).stdout == "1  Groceries (+3)\n2  Work\n")
        #expect(
            try outline.run(["ls", "--depth", "2"]).stdout == "1  Groceries\n3  ├─ Milk (+1)\n4  └─ Eggs\n2  Work\n")
        #expect(
            try outline.run(["ls", "--depth", "1", "--json"]).stdout
                == #"[{"id":1,"title":"Groceries","position":1,"done":false,"note":null,"children":null,"hidden":3},"#
                + #"{"id":2,"title":"Work","position":2,"done":false,"note":null,"children":[]}]"# + "\n")
        let json = try outline.run(["ls", "1", "--depth", "1", "--json"]).stdout
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["children"] is NSNull)
        #expect(parsed?.first?["hidden"] as? Int == 1)
        #expect(parsed?.last?["children"] as? [Any] != nil)
        #expect(parsed?.last?["hidden"] == nil)
    }

    @Test func sectionsFileNamesAsAnEnglishContactsListDoes() throws {
        try outline.run(["add", "Contacts"])
        try outline.run(["add", "Яна", "Юлия", "Харитон", "Жанна", "さくら", "张伟", "אברהם", "Kate", "--under", "1"])
        let sections = try outline.run(["ls", "1", "--sections", "initial", "--tsv"]).lines.map {
            $0.split(separator: "\t").map(String.init)
        }
        #expect(
            sections.map { $0[0] + " " + $0[5] } == [
                "A אברהם", "K Kate", "K Харитон", "S さくら", "Y Яна", "Y Юлия", "Z 张伟", "Z Жанна",
            ])
    }

    @Test func addReadsTitlesFromStandardInput() throws {
        let result = try outline.run(["add", "first", "-", "last"], input: "one\n\n  two  \r\nthree")
        #expect(result.stdout == "1\n2\n3\n4\n5\n")
        #expect(try outline.tsv().map { $0.split(separator: "\t")[4] } == ["first", "one", "two", "three", "last"])
    }

    @Test func jsonOutputOfChangingCommands() throws {
        #expect(
            try outline.run(["add", "Milk", "--json"]).stdout
                == #"{"step":1,"action":"add \"Milk\"","changes":[{"parent":0,"type":"insert","id":1,"from":null,"to":1}],"ids":[1]}"#
                + "\n")
        #expect(
            try outline.run(["--json", "rm", "1"]).stdout
                == #"{"step":2,"action":"rm \"Milk\"","changes":[{"parent":0,"type":"delete","id":1,"from":1,"to":null}]}"#
                + "\n")
        let check = try outline.run(["check", "--json"])
        #expect(check.stdout == "{\"ok\":true,\"items\":0,\"schema\":6,\"problems\":[]}\n")
    }

    @Test func globalOptionsMayComeBeforeTheSubcommand() throws {
        #expect(try OutlineProcess.run(["--db", outline.database, "add", "x"], input: nil).stdout == "1\n")
        #expect(
            try OutlineProcess.run(["--db=\(outline.database)", "ls", "--tsv"], input: nil).stdout
                == "1\t0\t1\t1\tx\t0\n")
    }

    @Test func theDatabaseComesFromTheEnvironment() throws {
        let viaVariable = outline.directory + "/from-env.db"
        let result = try outline.run(["add", "x"], environment: ["OUTLINE_DB": viaVariable], useDatabaseOption: false)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: viaVariable))
        let xdg = outline.directory + "/xdg"
        try outline.run(["add", "y"], environment: ["OUTLINE_DB": "", "XDG_DATA_HOME": xdg], useDatabaseOption: false)
        #expect(FileManager.default.fileExists(atPath: xdg + "/outline/outline.db"))
    }

    @Test func titlesAreSanitisedOnOutput() throws {
        try outline.run(["add", "safe \u{202E}reversed"])
        // A title with an escape sequence can only arrive by editing the file behind outline's back.
        try outline.sqlite("INSERT INTO item (parent_id, position, title) VALUES (0, 2, 'evil' || char(27) || '[2J')")
        let human = try outline.run(["ls"]).stdout
        #expect(!human.contains("\u{1B}"))
        #expect(!human.contains("\u{202E}"))
        #expect(human.contains("evil\\x1b[2J"))
        #expect(try outline.run(["ls", "--tsv"]).stdout.contains("evil\\x1b[2J"))
        #expect(try outline.run(["ls", "--json"]).stdout.contains("evil\\u001b[2J"))
    }

    @Test func helpHasExamplesForEveryCommand() throws {
        for command in ["add", "ls", "rm", "mv", "edit", "undo", "redo", "history", "watch", "check"] {
            let help = try outline.run([command, "--help"], useDatabaseOption: false)
            #expect(help.status == 0)
            #expect(help.stdout.contains("Examples:"), "\(command) --help")
            // A paragraph is joined with a trailing backslash in the source; one left in the text
            // means the join went wrong.
            #expect(!help.stdout.contains("\\\n"), "\(command) --help has a stray backslash")
            #expect(help.stdout.contains("USAGE: outline \(command)"))
        }
        #expect(try outline.run(["--help"], useDatabaseOption: false).stdout.contains("SUBCOMMANDS:"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) throws {
        let script = try outline.run(["--generate-completion-script", shell], useDatabaseOption: false)
        #expect(script.status == 0)
        #expect(script.stdout.contains("outline"))
        #expect(script.stdout.count > 500)
    }
}
