import Foundation
import Testing

/// What `import` says on standard error, and `--dry-run`, end to end (SPEC, "Formats": What import
/// says).
@Suite("import: the report and --dry-run")
struct ImportReportingTests {
    let outline = OutlineProcess()

    @Test func anImportSaysHowManyItemsItAddedFromWhichFiles() throws {
        let first = outline.directory + "/trip.md"
        let second = outline.directory + "/more.txt"
        try "- Rome\n  - Flights\n".write(toFile: first, atomically: true, encoding: .utf8)
        try "Naples\n".write(toFile: second, atomically: true, encoding: .utf8)
        let result = try outline.run(["import", first, second])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1\n3\n")
        #expect(result.stderr == "imported 3 items from trip.md, more.txt\n")
    }

    @Test func aDryRunSaysWhatItWouldDoAndCreatesNothing() throws {
        let result = try outline.run(["import", "--dry-run", "-"], input: "- Rome\n  - Flights\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "would import 2 items from standard input\n")
        #expect(!FileManager.default.fileExists(atPath: outline.database))
        // On an outline that exists: checked against it, and nothing is added, no step recorded.
        try outline.run(["add", "Inbox"])
        let history = try outline.run(["history"]).stdout
        let refused = try outline.run(["import", "--dry-run", "--under", "Nowhere", "-"], input: "- Rome\n")
        #expect(refused.status != 0)
        #expect(refused.stderr.hasPrefix("error: "))
        #expect(try outline.run(["import", "--dry-run", "--under", "Inbox", "-"], input: "- Rome\n").status == 0)
        #expect(try outline.tsv() == ["1\t0\t1\t1\tInbox\t0"])
        #expect(try outline.run(["history"]).stdout == history)
    }

    @Test func aDocumentThatCannotBeReadCreatesNoDatabase() throws {
        let result = try outline.run(["import", "--format", "json", "-"], input: "[{\"title\": 3}]")
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: outline.database))
    }

    /// A place that a new, empty outline cannot have is refused before the file is made.
    @Test(arguments: [["--under", "Nope"], ["--at", "5"], ["--before", "3"]])
    func aPlaceANewOutlineLacksCreatesNoDatabase(place: [String]) throws {
        let result = try outline.run(["import"] + place + ["-"], input: "- Rome\n")
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(!FileManager.default.fileExists(atPath: outline.database))
        #expect(try outline.run(["import", "--at", "1", "-"], input: "- Rome\n").status == 0)
        #expect(FileManager.default.fileExists(atPath: outline.database))
    }
}
