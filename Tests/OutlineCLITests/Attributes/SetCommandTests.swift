import Foundation
import Testing

/// `set`, and `add`'s same options: every attribute set, shown by `show` and in `show --json`
/// and `ls --json` in SPEC's shapes, undone exactly; every bad value refused with one line and
/// the database unchanged (SPEC, "What an item holds", and the `set` row).
@Suite("set, end to end")
struct SetCommandTests {
    let outline = OutlineProcess()

    @Test func everyAttributeIsSetShownAndUndoneAsOneStep() throws {
        try outline.makeGroceries()
        let before = try outline.run(["show", "Milk", "--json"]).stdout
        let set = try outline.run([
            "set", "Milk", "--state", "todo", "--tag", "Shop", "--tag", "dairy", "--priority", "h",
            "--due", "2026-12-01 14:30 +1w", "--scheduled", "2026-11-30", "--property", "Store=Corner shop",
            "--property", "Effort=5m",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(
            set.stdout
                == "set \"Milk\": TODO, +Shop, +dairy, scheduled 2026-11-30, due 2026-12-01 14:30 +1w, priority A, "
                + "Store=Corner shop, Effort=5m\n")
        let json = try outline.run(["show", "Milk", "--json"]).stdout
        #expect(
            json.contains(
                #""done":false,"done_at":null,"last_done":null,"state":"TODO","tags":["Shop","dairy"],"#
                    + #""scheduled":{"date":"2026-11-30","time":null,"repeat":null},"#
                    + #""due":{"date":"2026-12-01","time":"14:30","repeat":"+1w"},"priority":"A","#
                    + #""properties":{"Store":"Corner shop","Effort":"5m"},"note":null"#), "\(json)")
        let shown = try outline.run(["show", "Milk"]).stdout
        for line in [
            "state:       TODO\n", "tags:        Shop dairy\n", "scheduled:   2026-11-30\n",
            "due:         2026-12-01 14:30 +1w\n", "priority:    A\n", "property:    Store: Corner shop\n",
            "property:    Effort: 5m\n",
        ] {
            #expect(shown.contains(line), "\(line) in \(shown)")
        }
        let listed = try outline.run(["ls", "Groceries", "--json", "--depth", "1"]).stdout
        #expect(listed.contains(#""title":"Milk","position":1,"done":false,"note":null,"done_at":null,"#))
        #expect(listed.contains(#""tags":["Shop","dairy"]"#))
        #expect(try outline.historyNames().first?.hasPrefix("set \"Milk\": TODO, +Shop") == true)

        // Tags compare ignoring case; removing one and a property is one more step.
        #expect(
            try outline.run(["set", "Milk", "--tag", "SHOP"]).stdout
                == "nothing changed: \"Milk\" is already as asked\n")
        try outline.run(["set", "Milk", "--untag", "shop", "--property", "effort=", "--priority", "none"])
        let after = try outline.run(["show", "Milk", "--json"]).stdout
        #expect(after.contains(#""tags":["dairy"]"#) && after.contains(#""properties":{"Store":"Corner shop"}"#))
        #expect(after.contains(#""priority":null"#))

        try outline.run(["undo", "2"])
        #expect(try outline.run(["show", "Milk", "--json"]).stdout == before)
        try outline.run(["redo", "2"])
        #expect(try outline.run(["show", "Milk", "--json"]).stdout == after)
    }

    /// A change of attributes alone is an update in change reports, and so is its undo.
    @Test func anAttributeChangeIsReportedAsAnUpdate() throws {
        try outline.makeGroceries()
        let update = #""changes":[{"parent":1,"type":"update","id":3,"from":1,"to":1}]}"#
        let set = try outline.run(["set", "Milk", "--tag", "dairy", "--json"]).stdout
        #expect(
            set.hasPrefix(#"{"step":"#) && set.hasSuffix(#""action":"set \"Milk\": +dairy","# + update + "\n"), "\(set)"
        )
        let done = try outline.run(["set", "Milk", "--due", "2026-12-01", "--json"]).stdout
        #expect(done.hasSuffix(update + "\n"), "\(done)")
        let undone = try outline.run(["undo", "--json"]).stdout
        #expect(undone.hasSuffix(update + "\n"), "\(undone)")
        let workflow = try outline.run(["workflow", "TODO NEXT | DONE", "--json"]).stdout
        #expect(workflow.hasSuffix(#""changes":[]}"# + "\n"), "a workflow changes no item: \(workflow)")
    }

    /// What a fresh-eyes trial found: each refused with one line, the database unchanged.
    @Test func trialRefusals() throws {
        try outline.createDatabase()
        try outline.run(["add", "Rent", "--due", "9999-12-31 +1d", "--state", "TODO"])
        let before = try outline.sqlite("SELECT * FROM item")
        let cases: [([String], Int32, String)] = [
            (
                ["done", "Rent"], 1,
                "error: cannot read the date \"9999-12-31 +1d\": its repeater would move it past 9999-12-31, "
                    + "the last day a date can be\n"
            ),
            (
                ["set", "Rent", "--due", "-1d"], 64,
                "error: write --due=-1d: a value that starts with - must follow the option after an = "
                    + "(see 'outline set --help')\n"
            ),
            (
                ["set", "Rent", "--tag", "x", "--untag", "X"], 64,
                "error: --tag x and --untag x say opposite things; give one of them (see 'outline set --help')\n"
            ),
            (["find", "--state", "BOGUS"], 1, "error: \"BOGUS\" is not a keyword of the workflow \"TODO | DONE\"\n"),
            (
                ["find", "--done-since", "today +1w"], 1,
                "error: cannot read the date \"today +1w\": a filter takes a date without a repeater\n"
            ),
        ]
        for (arguments, status, message) in cases {
            let result = try outline.run(arguments)
            #expect(result.status == status && result.stderr == message, "\(arguments): \(result)")
        }
        #expect(try outline.sqlite("SELECT * FROM item") == before)
    }

    /// OUTLINE_TODAY pins the day a task is done on, so that ++ and .+ move from it.
    @Test func aPinnedDayIsTheDayATaskIsDoneOn() throws {
        try outline.createDatabase()
        let pinned = ["OUTLINE_TODAY": "2027-06-01"]
        try outline.run(["add", "Water", "--due", "2026-01-01 ++1w", "--state", "TODO"], environment: pinned)
        let done = try outline.run(["done", "Water"], environment: pinned)
        #expect(done.stdout == "marked \"Water\" done (due moved to 2027-06-03)\n")
        #expect(try outline.run(["find", "--done-since", "today"], environment: pinned).stdout == "1  /Water\n")
    }

    /// A pinned day that is not a date is refused, in one line, by every command that reads a
    /// date from it; a command that reads none does not look at it.
    @Test func aPinnedDayThatIsNoDateIsRefusedWhereADateIsRead() throws {
        try outline.createDatabase()
        try outline.run(["add", "Water"])
        let before = try outline.sqlite("SELECT * FROM item")
        let bad = ["OUTLINE_TODAY": "someday"]
        for arguments in [
            ["agenda"], ["set", "Water", "--due", "fri"], ["find", "--due-by", "today"], ["done", "Water"],
        ] {
            let result = try outline.run(arguments, environment: bad)
            #expect(
                result.status != 0 && result.stderr.hasPrefix("error: ") && result.stderr.contains("$OUTLINE_TODAY")
                    && result.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(result)")
        }
        #expect(try outline.sqlite("SELECT * FROM item") == before)
        #expect(try outline.run(["set", "Water", "--tag", "home"], environment: bad).status == 0)
        #expect(try outline.run(["find", "--tag", "home"], environment: bad).stdout == "1  /Water\n")
    }

    @Test func addTakesTheSameOptions() throws {
        try outline.createDatabase()
        let added = try outline.run([
            "add", "Pay rent", "Pay water", "--state", "TODO", "--tag", "home", "--priority", "B",
        ])
        #expect(added.stdout == "1\n2\n")
        for id in ["1", "2"] {
            let json = try outline.run(["show", id, "--json"]).stdout
            #expect(json.contains(#""state":"TODO","tags":["home"]"#) && json.contains(#""priority":"B""#))
        }
        // One step: its undo removes both.
        #expect(try outline.historyNames() == [#"add "Pay rent" and "Pay water""#])
        try outline.run(["undo"])
        #expect(try outline.tsv() == [])
    }

    @Test func statesFollowTheWorkflow() throws {
        try outline.createDatabase()
        try outline.run(["add", "Report", "Errand", "Idea"])
        #expect(try outline.run(["workflow"]).stdout == "TODO | DONE\n")
        try outline.run(["workflow", "TODO NEXT | DONE CANCELLED"])
        #expect(
            try outline.run(["workflow", "--json"]).stdout == #"{"open":["TODO","NEXT"],"done":["DONE","CANCELLED"]}"#
                + "\n")
        try outline.run(["set", "Report", "--state", "NEXT"])
        try outline.run(["set", "Errand", "--state", "cancelled"])
        try outline.run(["done", "Idea"])
        #expect(try outline.tsv().map { $0.split(separator: "\t").last! } == ["0", "1", "1"])
        #expect(try outline.run(["show", "Errand"]).stdout.contains("state:       CANCELLED (20"))
        // reopen gives the first open keyword; --state none makes an item plain.
        try outline.run(["reopen", "Errand"])
        #expect(
            try outline.run(["show", "Errand", "--json"]).stdout.contains(
                #""done":false,"done_at":null,"last_done":null,"state":"TODO""#))
        try outline.run(["set", "Idea", "--state", "none"])
        #expect(try outline.run(["show", "Idea", "--json"]).stdout.contains(#""state":null"#))

        // A keyword in use cannot be dropped; one not in use can; the change is a step.
        let inUse = try outline.run(["workflow", "TODO | DONE CANCELLED"])
        #expect(inUse.status == 1)
        #expect(inUse.stderr == "error: the workflow cannot drop NEXT: 1 item carries it\n")
        #expect(try outline.run(["workflow", "TODO NEXT | DONE"]).stdout == "TODO NEXT | DONE\n")
        #expect(try outline.historyNames().first == #"workflow "TODO NEXT | DONE""#)
        try outline.run(["undo"])
        #expect(try outline.run(["workflow"]).stdout == "TODO NEXT | DONE CANCELLED\n")
    }

    @Test func badValuesAreRefusedWithOneLineAndNothingChanges() throws {
        try outline.makeGroceries()
        let before = try outline.run(["show", "Milk", "--json"]).stdout
        let steps = try outline.historyNames()
        let refusals: [([String], String)] = [
            (["--state", "WAITING"], "error: \"WAITING\" is not a keyword of the workflow \"TODO | DONE\"\n"),
            (
                ["--tag", "two words"],
                "error: \"two words\" is not a tag: a tag is one word of letters, digits, _ and @\n"
            ),
            (["--priority", "D"], "error: \"D\" is not a priority: expected A, B or C (or H, M, L), or none\n"),
            (
                ["--property", "note=x"],
                "error: cannot use the property \"note=x\": note is reserved; use outline note instead\n"
            ),
            (
                ["--property", "due=x"],
                "error: cannot use the property \"due=x\": due is reserved; use --due instead\n"
            ),
            (
                ["--property", "two words=x"],
                "error: cannot use the property \"two words=x\": a key is one word of letters, digits, _ and -\n"
            ),
            (
                ["--property", "Effort"],
                "error: cannot use the property \"Effort\": expected KEY=VALUE (KEY= removes it)\n"
            ),
        ]
        for (options, message) in refusals {
            let refused = try outline.run(["set", "Milk"] + options)
            #expect(refused.status == 1, "\(options)")
            #expect(refused.stderr == message)
        }
        let nothing = try outline.run(["set", "Milk"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.hasPrefix("error: say what to set: --state, --tag"))
        for workflow in ["TODO", "| DONE", "TODO |", "todo | done", "TODO | TODO", "NONE | DONE"] {
            let refused = try outline.run(["workflow", workflow])
            #expect(refused.status == 1 && refused.stderr.hasPrefix("error: cannot read the workflow"), "\(workflow)")
        }
        #expect(try outline.run(["show", "Milk", "--json"]).stdout == before)
        #expect(try outline.historyNames() == steps)
        #expect(try outline.run(["workflow"]).stdout == "TODO | DONE\n")
    }
}
