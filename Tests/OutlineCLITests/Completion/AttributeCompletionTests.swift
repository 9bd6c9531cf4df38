import Foundation
import Testing

/// The completion scripts, run as bash runs them, offer the workflow's keywords after `--state`,
/// the tags in use after `--tag` and `--untag`, the property keys in use after `--property`, and
/// the priorities after `--priority`, of `set`, `add` and `find`, from the database the command
/// line names, as they offer REFs.
@Suite("Shell completion of keywords, tags, properties and priorities")
struct AttributeCompletionTests {
    let outline = OutlineProcess()
    var db: String { outline.database }

    /// 1 Report, 2 Taxes, 3 Call Ana #urgent, 4 Plan #[[two words]] trip, 5 Bake: tags work (3
    /// items), Money (2: `money` on a later item), urgent (1) and `two words` (1, no word set --tag
    /// takes); properties Effort (2: `effort` on a later item) and Store (1).
    init() throws {
        try outline.run(["add", "Report", "Taxes", "Call Ana #urgent", "Plan #[[two words]] trip", "Bake"])
        try outline.run(["workflow", "TODO NEXT WAITING | DONE CANCELLED"])
        try outline.run(["set", "1", "2", "5", "--tag", "work"])
        try outline.run(["set", "2", "--tag", "Money", "--property", "effort=1h"])
        try outline.run(["set", "5", "--tag", "money"])
        try outline.run(["set", "1", "--property", "Effort=2h", "--property", "Store=Corner"])
    }

    @Test func stateOffersTheWorkflowsKeywordsAndNone() throws {
        let all = try outline.bashCompletion("outline set --db \(db) 1 --state ")
        #expect(all.replies == ["TODO", "NEXT", "WAITING", "DONE", "CANCELLED", "none"], "\(all)")
        #expect(all.compopt.isEmpty && all.errors.isEmpty, "\(all)")
        // Matched ignoring case, and typed in the workflow's case (which set reads either way).
        #expect(try outline.bashCompletion("outline set --db \(db) 1 --state ne").replies == ["NEXT"])
        #expect(try outline.bashCompletion("outline add Call --db \(db) --state c").replies == ["CANCELLED"])
        #expect(try outline.bashCompletion("outline find --db \(db) --state W").replies == ["WAITING"])
        // Offers that differ in case from the word keep it among them, so that bash does not cut
        // it back to what they share (nothing) and lists them on a second Tab.
        let two = try outline.bashCompletion("outline find --db \(db) --state n")
        #expect(two.replies.sorted() == ["NEXT", "n", "none"], "\(two)")
    }

    @Test func tagsOfferTheTagsInUseMostUsedFirst() throws {
        let all = try outline.bashCompletion("outline set --db \(db) 3 --tag ")
        // `two words`, written #[[two words]] in a title, is no word that set's --tag takes.
        #expect(all.replies == ["work", "Money", "urgent"], "\(all)")
        #expect(all.compopt.isEmpty && all.errors.isEmpty, "\(all)")
        // find looks for it all the same (quoted for the shell: one word when the line is read).
        let found = try outline.bashCompletion("outline find --db \(db) --tag ")
        #expect(found.replies == ["work", "Money", "two words", "urgent"], "\(found)")
        #expect(try outline.bashCompletion("outline find --db \(db) --tag T").replies == ["two words"])
        #expect(try outline.run(["find", "--tag", "two words", "--tsv"]).lines.map { $0.prefix(2) } == ["4\t"])
        #expect(try outline.bashCompletion("outline set --db \(db) 3 --tag m").replies == ["Money"])
        #expect(try outline.bashCompletion("outline set --db \(db) 3 --untag W").replies == ["work"])
        #expect(try outline.bashCompletion("outline find --db \(db) --tag u").replies == ["urgent"])
        #expect(try outline.bashCompletion("outline add Pay --db \(db) --tag MO").replies == ["Money"])
        #expect(try outline.bashCompletion("outline find --db \(db) --tag x").replies.isEmpty)
        // The database from the environment, as for REFs.
        let fromEnvironment = try outline.bashCompletion("outline find --tag w", environment: ["OUTLINE_DB": db])
        #expect(fromEnvironment.replies == ["work"], "\(fromEnvironment)")
    }

    /// Each key as `KEY=`, without the space after it, so that the value follows at once.
    @Test func propertiesOfferTheKeysInUse() throws {
        let all = try outline.bashCompletion("outline set --db \(db) 3 --property ")
        #expect(all.replies == ["Effort=", "Store="], "\(all)")
        #expect(all.compopt == ["-o nospace"] && all.errors.isEmpty, "\(all)")
        let one = try outline.bashCompletion("outline find --db \(db) --property st")
        #expect(one.replies == ["Store="] && one.compopt == ["-o nospace"], "\(one)")
        #expect(try outline.bashCompletion("outline add Pay --db \(db) --property eff").replies == ["Effort="])
        // A value is being typed: no key to offer.
        #expect(try outline.bashCompletion("outline set --db \(db) 3 --property Store=").replies.isEmpty)
    }

    @Test func priorityOffersABCAndNoneWhereItRemovesOne() throws {
        #expect(try outline.bashCompletion("outline set --db \(db) 1 --priority ").replies == ["A", "B", "C", "none"])
        #expect(try outline.bashCompletion("outline add Pay --db \(db) --priority n").replies == ["none"])
        #expect(try outline.bashCompletion("outline set --db \(db) 1 --priority b").replies == ["B"])
        // find reads a priority, never none.
        #expect(try outline.bashCompletion("outline find --db \(db) --priority ").replies == ["A", "B", "C"])
    }

    /// A missing database offers nothing, says nothing and is not created; the priorities need
    /// none.
    @Test func noDatabaseOffersNothingAndPrintsNothing() throws {
        let missing = outline.directory + "/missing.db"
        for line in [
            "outline set --db \(missing) 1 --state ", "outline set --db \(missing) 1 --tag w",
            "outline set --db \(missing) 1 --untag ", "outline add x --db \(missing) --property ",
            "outline find --db \(missing) --tag ", "outline find --db \(missing) --state ",
            "outline find --db \(missing) --property E",
        ] {
            let completion = try outline.bashCompletion(line)
            #expect(completion.replies.isEmpty && completion.errors.isEmpty, "\(line): \(completion)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(try outline.bashCompletion("outline set --db \(missing) 1 --priority ").replies.count == 4)
        for option in ["--state", "--tag", "--property"] {
            let request = try outline.run(
                ["---completion", "find", "--", option, "4", "0", "outline", "find", "--db", "/nonexistent/x.db", ""],
                environment: ["SAP_SHELL": "bash"], useDatabaseOption: false)
            #expect(request.status == 0 && request.stdout.isEmpty && request.stderr.isEmpty, "\(option): \(request)")
        }
    }

    /// A file of an older schema is neither upgraded nor read: completion offers nothing until a
    /// command upgrades it.
    @Test func anOlderFileIsNeitherUpgradedNorCompleted() throws {
        try outline.loadFixture("schema-6")
        let before = outline.fileBytes()
        for option in ["--state", "--tag", "--property"] {
            let completion = try outline.bashCompletion("outline set --db \(db) 1 \(option) ")
            #expect(completion.replies.isEmpty && completion.errors.isEmpty, "\(option): \(completion)")
        }
        #expect(try outline.sqlite("PRAGMA user_version") == "6")
        #expect(outline.fileBytes() == before)
        try outline.run(["ls"])
        #expect(try outline.bashCompletion("outline set --db \(db) 1 --state ").replies == ["TODO", "DONE", "none"])
    }

    /// Completion reads and never writes: not even the tag index's catch-up of a title written
    /// since, whose tag it offers all the same.
    @Test func completionNeverWritesTheFile() throws {
        try outline.run(["add", "Fix the roof #house"])
        let pending = try outline.sqlite("SELECT count(*) FROM title_unindexed")
        let before = outline.fileBytes()
        #expect(try outline.bashCompletion("outline find --db \(db) --tag h").replies == ["house"])
        _ = try outline.bashCompletion("outline set --db \(db) 1 --state ")
        _ = try outline.bashCompletion("outline set --db \(db) 1 --property ")
        #expect(outline.fileBytes() == before)
        #expect(try outline.sqlite("SELECT count(*) FROM title_unindexed") == pending)
    }

    @Test func zshAndFishGetDescriptions() throws {
        func request(_ shell: String, _ option: String, _ typed: String) throws -> [String] {
            let words = ["outline", "set", "--db", db, "1", option, typed]
            return try outline.run(
                ["---completion", "set", "--", option, "6", String(typed.count)] + words,
                environment: ["SAP_SHELL": shell], useDatabaseOption: false
            ).lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        // zsh: flags ("/": no space after it; "=": in place of the word), text:description.
        #expect(try request("zsh", "--tag", "") == ["-\twork:3 items", "-\tMoney:2 items", "-\turgent:1 item"])
        #expect(try request("zsh", "--state", "t") == ["=\tTODO:open"])
        #expect(try request("zsh", "--property", "") == ["/\tEffort=:2 items", "/\tStore=:1 item"])
        #expect(try request("zsh", "--priority", "a") == ["=\tA:the highest"])
        // fish: text, tab, description; a lone KEY= once (fish leaves the space out after a =).
        #expect(try request("fish", "--state", "D") == ["DONE\tdone"])
        #expect(try request("fish", "--property", "S") == ["Store=\t1 item"])
    }
}
