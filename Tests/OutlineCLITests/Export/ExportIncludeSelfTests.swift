import Foundation
import Testing

/// `export REF --include-self` (issue 31): REF itself above its descendants, in every format, so
/// that a copy piped into `import` keeps the item it was made of; the root, which is no item,
/// refused; and a word on standard error when an item without children writes nothing.
@Suite("export --include-self")
struct ExportIncludeSelfTests {
    let outline = OutlineProcess()

    /// 1 Groceries (3 Milk (5 Oat milk), 4 Eggs [done, note]), 2 Work [done, note] (6 Plan (7 Ship)),
    /// 8 Archive
    private func makeOutline() throws {
        try outline.run(["add", "Groceries", "Work"])
        try outline.run(["add", "Milk", "Eggs", "--under", "Groceries"])
        try outline.run(["add", "Oat milk", "--under", "Groceries/Milk"])
        try outline.run(["done", "Eggs"])
        try outline.run(["note", "Eggs", "Free range\n  six of them"])
        try outline.run(["add", "Plan", "--under", "Work"])
        try outline.run(["add", "Ship", "--under", "Work/Plan"])
        try outline.run(["note", "Work", "Q3 only"])
        try outline.run(["done", "Work"])
        try outline.run(["add", "Archive"])
    }

    private func export(_ arguments: [String]) throws -> String {
        let result = try outline.run(["export"] + arguments)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)")
        return result.stdout
    }

    @Test func eachFormatWritesTheItemAboveItsDescendants() throws {
        try makeOutline()
        #expect(
            try export(["Groceries", "--include-self"]) == """
                - Groceries
                  - Milk
                    - Oat milk
                  - [x] Eggs

                    Free range
                      six of them

                """)
        #expect(try export(["Groceries/Milk", "--include-self", "--tasks"]) == "- [ ] Milk\n  - [ ] Oat milk\n")
        #expect(
            try export(["Groceries", "--include-self", "--format", "opml"])
                .replacing(/_done_at="[0-9T:Z-]+"/, with: #"_done_at="(time)""#) == """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <opml version="2.0">
                      <head>
                        <title>Groceries</title>
                      </head>
                      <body>
                        <outline text="Groceries">
                          <outline text="Milk">
                            <outline text="Oat milk"/>
                          </outline>
                          <outline text="Eggs" _note="Free range&#10;  six of them" _complete="true" _state="DONE" _done_at="(time)"/>
                        </outline>
                      </body>
                    </opml>

                    """)
        #expect(
            try export(["Groceries", "--include-self", "--format", "org"]).replacing(
                /CLOSED: \[\d{4}-\d\d-\d\d [A-Z][a-z]{2} \d\d:\d\d\]/, with: "CLOSED: [(time)]") == """
                    * Groceries
                    ** Milk
                    *** Oat milk
                    ** DONE Eggs
                    CLOSED: [(time)]
                    Free range
                      six of them

                    """)
        #expect(
            try export(["Groceries", "--include-self", "--format", "text"])
                == "Groceries\n  Milk\n    Oat milk\n  Eggs\n")
        let json = try export(["Groceries/Milk", "--include-self", "--format", "json"])
        #expect(
            json == #"[{"id":3,"title":"Milk","position":1,"done":false,"note":null,"# + OutlineProcess.openListingJSON
                + #","children":[{"id":5,"title":"Oat milk","position":1,"done":false,"note":null,"#
                + OutlineProcess.openListingJSON + #","children":[]}]}]"# + "\n")
        #expect(try export(["Groceries/Milk", "--include-self", "--json"]) == json)
        // --open leaves out done items with their subtrees, the exported item too.
        #expect(
            try export(["Groceries", "--include-self", "--open", "--format", "text"])
                == "Groceries\n  Milk\n    Oat milk\n")
        #expect(try export(["Work", "--include-self", "--open", "--format", "text"]) == "")
    }

    /// An item without children, which a plain export writes as an empty document.
    @Test(arguments: [
        ("markdown", "- [x] Eggs\n\n  Free range\n    six of them\n"),
        ("org", "* DONE Eggs\nCLOSED: [(time)]\nFree range\n  six of them\n"),
        ("text", "Eggs\n"),
        (
            "opml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>Eggs</title>
              </head>
              <body>
                <outline text="Eggs" _note="Free range&#10;  six of them" _complete="true" _state="DONE" _done_at="(time)"/>
              </body>
            </opml>

            """
        ),
        (
            "json",
            #"[{"id":4,"title":"Eggs","position":2,"done":true,"note":"Free range\n  six of them","#
                + #""done_at":"(time)","last_done":null,"state":"DONE","tags":[],"scheduled":null,"due":null,"#
                + #""priority":null,"properties":{},"children":[]}]"# + "\n"
        ),
    ])
    func aLeafIsWrittenWithItsNoteAndState(format: String, expected: String) throws {
        try makeOutline()
        // The moment it was marked done is the test's own: JSON, org and OPML give it, the others do not.
        let written = try export(["Groceries/Eggs", "--include-self", "--format", format])
            .replacing(/"done_at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/, with: #""done_at":"(time)""#)
            .replacing(/CLOSED: \[\d{4}-\d\d-\d\d [A-Z][a-z]{2} \d\d:\d\d\]/, with: "CLOSED: [(time)]")
            .replacing(/_done_at="[0-9T:Z-]+"/, with: #"_done_at="(time)""#)
        #expect(written == expected)
    }

    /// The copy of issue 31: `export Work --include-self | import - --under Archive` brings Work
    /// itself, with its note, its state and everything below it; and exporting the copy gives
    /// the same document.
    @Test(arguments: ["json", "markdown", "org", "opml"])
    func aPipedCopyKeepsTheItemWhole(format: String) throws {
        try makeOutline()
        let document = try export(["Work", "--include-self", "--format", format])
        let imported = try outline.run(["import", "-", "--format", format, "--under", "Archive"], input: document)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout == "9\n", "one top-level item: Work itself")
        let copy = try outline.run(["ls", "Archive", "--json"])
        let original = try outline.run(["ls", "--json"])
        let work = try #require(try DocumentNode.fromListing(original.stdout).first { $0.title == "Work" })
        #expect(try DocumentNode.fromListing(copy.stdout) == [work], "\(copy.stdout)")
        #expect(work.done == true && work.note == "Q3 only" && work.children.map(\.title) == ["Plan"])
        let again = try export(["Archive/Work", "--include-self", "--format", format])
        if format == "json" {
            #expect(try DocumentNode.fromListing(again) == DocumentNode.fromListing(document))
        } else {
            #expect(again == document)
        }
    }

    /// The root is no item: there is no self to include. Refused as a command-line mistake,
    /// whichever way the root is named, with nothing written.
    @Test(arguments: [["--include-self"], ["0", "--include-self"], ["root", "--include-self", "--format", "opml"]])
    func theRootIsRefused(arguments: [String]) throws {
        try makeOutline()
        let before = try outline.tsv()
        let result = try outline.run(["export"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "error: the root is not an item; name an item, or drop --include-self (see 'outline export --help')\n",
            "\(result)")
        #expect(try outline.tsv() == before)
    }

    /// An item without children writes nothing, as scripts expect (exit 0, standard output
    /// empty, or an empty array in JSON); a person reading the terminal is told why, and what
    /// writes the item.
    @Test func aLeafWithoutIncludeSelfSaysWhyNothingWasWritten() throws {
        try makeOutline()
        let hint = "item 4 has no children, so nothing was written; --include-self writes the item itself\n"
        let markdown = try outline.run(["export", "Groceries/Eggs"])
        #expect(markdown.status == 0 && markdown.stdout.isEmpty && markdown.stderr == hint, "\(markdown)")
        let json = try outline.run(["export", "4", "--format", "json"])
        #expect(json.status == 0 && json.stdout == "[]\n" && json.stderr == hint, "\(json)")
        // Not where the document is empty for another reason: every child done, with --open.
        let open = try outline.run(["export", "Groceries/Milk/Oat milk", "--include-self", "--open"])
        #expect(open.status == 0 && open.stdout == "- Oat milk\n" && open.stderr.isEmpty, "\(open)")
        try outline.run(["done", "Groceries/Milk/Oat milk"])
        let allDone = try outline.run(["export", "Groceries/Milk", "--open"])
        #expect(allDone.status == 0 && allDone.stdout.isEmpty && allDone.stderr.isEmpty, "\(allDone)")
        // Nor for the root of an empty outline.
        let empty = OutlineProcess()
        try empty.createDatabase()
        let nothing = try empty.run(["export"])
        #expect(nothing.status == 0 && nothing.stdout.isEmpty && nothing.stderr.isEmpty, "\(nothing)")
    }
}
