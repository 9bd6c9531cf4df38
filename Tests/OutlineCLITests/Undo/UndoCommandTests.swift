import Foundation
import Testing

@Suite("undo, redo and history, end to end")
struct UndoCommandTests {
    let outline = OutlineProcess()

    @Test func theNestedListScenario() throws {
        // A three-level list.
        try outline.run(["add", "Groceries", "Work", "Home"])
        try outline.run(["add", "Dairy", "Bakery", "--under", "1"])
        try outline.run(["add", "Milk", "Cheese", "--under", "4"])
        try outline.run(["add", "Bread", "--under", "5"])
        let built = try outline.tsv()
        #expect(built.count == 8)

        // Remove a middle item with its subtree, undo: all of it back, same ids and order.
        #expect(try outline.run(["rm", "4"]).stdout == "removed \"Dairy\" and 2 descendants\n")
        let removed = try outline.tsv()
        #expect(removed.count == 5)
        let undo = try outline.run(["undo"])
        #expect(undo.stdout == "undone: rm \"Dairy\" and 2 descendants\n")
        #expect(try outline.tsv() == built)
        #expect(try outline.run(["redo"]).stdout == "redone: rm \"Dairy\" and 2 descendants\n")
        #expect(try outline.tsv() == removed)
        try outline.run(["undo"])

        // Move an item to another parent, and undo.
        try outline.run(["mv", "6", "--under", "2"])
        #expect(try outline.tsv() != built)
        #expect(try outline.run(["undo"]).stdout == "undone: mv \"Milk\" under \"Work\"\n")
        #expect(try outline.tsv() == built)

        // Retitle, and undo.
        try outline.run(["edit", "7", "Cheddar"])
        #expect(try outline.run(["undo"]).stdout == "undone: edit \"Cheese\" to \"Cheddar\"\n")
        #expect(try outline.tsv() == built)
        #expect(try outline.run(["check"]).status == 0)
    }

    @Test func historyListsStepsNewestFirst() throws {
        try outline.run(["add", "a"])
        try outline.run(["add", "b"])
        try outline.run(["undo"])
        let lines = try outline.run(["history"]).lines
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("2  20") && lines[0].hasSuffix("  add \"b\"  (undone)"))
        #expect(lines[1].hasPrefix("1  20") && lines[1].hasSuffix("  add \"a\""))
        #expect(try outline.run(["history", "--limit", "1"]).lines.count == 1)
        let json = try outline.run(["history", "--json"]).stdout
        let entries = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(entries?.map { $0["name"] as? String } == ["add \"b\"", "add \"a\""])
        #expect(entries?.map { $0["undone"] as? Bool } == [true, false])
        #expect(entries?.map { $0["step"] as? Int } == [2, 1])
    }

    @Test func jsonReportsCarryTheStepAndChanges() throws {
        let update = #"{"parent":0,"type":"update","id":1,"from":1,"to":1}"#
        #expect(
            try outline.run(["add", "a", "--json"]).stdout
                == #"{"step":1,"action":"add \"a\"","changes":[{"parent":0,"type":"insert","id":1,"from":null,"to":1}],"ids":[1]}"#
                + "\n")
        #expect(
            try outline.run(["edit", "1", "b", "--json"]).stdout
                == #"{"step":2,"action":"edit \"a\" to \"b\"","changes":["# + update + "]}\n")
        #expect(
            try outline.run(["undo", "--json"]).stdout
                == #"{"step":2,"undone":"edit \"a\" to \"b\"","changes":["# + update + "]}\n")
        #expect(
            try outline.run(["redo", "--json"]).stdout
                == #"{"step":2,"redone":"edit \"a\" to \"b\"","changes":["# + update + "]}\n")
        let both = try outline.run(["undo", "2", "--json"]).stdout
        #expect(
            both
                == #"[{"step":2,"undone":"edit \"a\" to \"b\"","changes":["# + update + "]},"
                + #"{"step":1,"undone":"add \"a\"","changes":[{"parent":0,"type":"delete","id":1,"from":1,"to":null}]}]"#
                + "\n")
    }

    @Test func reportsFollowSpecForMovesAndSubtrees() throws {
        try outline.run(["add", "a", "b", "c"])
        try outline.run(["add", "a1", "a2", "--under", "1"])
        // Across parents each list has its own change set: the item leaves one (a delete) and
        // enters the other (an insert).
        let across = try outline.run(["mv", "4", "--under", "3", "--json"]).stdout
        #expect(
            across.contains(
                #""changes":[{"parent":1,"type":"delete","id":4,"from":1,"to":null},{"parent":3,"type":"insert","id":4,"from":null,"to":1}]"#
            ))
        // Within one parent: the fewest moves, siblings that only shift are not reported.
        let within = try outline.run(["mv", "3", "--under", "0", "--at", "1", "--json"]).stdout
        #expect(within.contains(#""changes":[{"parent":0,"type":"move","id":3,"from":3,"to":1}]"#))
        // A removed subtree is one delete under its parent; its undo is one insert.
        let removed = try outline.run(["rm", "1", "--json"]).stdout
        #expect(removed.contains(#""changes":[{"parent":0,"type":"delete","id":1,"from":2,"to":null}]"#))
        let restored = try outline.run(["undo", "--json"]).stdout
        #expect(restored.contains(#""changes":[{"parent":0,"type":"insert","id":1,"from":null,"to":2}]"#))
    }

    /// Across parents every delete comes first, whichever parent has the lower id: a script that
    /// applies the changes in order never holds an item twice, nor loses it.
    @Test func deletesComeBeforeInsertsAcrossParents() throws {
        try outline.run(["add", "Dairy", "Groceries"])
        try outline.run(["add", "Milk", "--under", "2"])
        let delete = #"{"parent":2,"type":"delete","id":3,"from":1,"to":null}"#
        let insert = #"{"parent":1,"type":"insert","id":3,"from":null,"to":1}"#
        let moved = try outline.run(["mv", "3", "--under", "1", "--json"])
        #expect(moved.stdout.contains(#""changes":["# + delete + "," + insert + "]"), "\(moved)")
        let undone = try outline.run(["undo", "--json"]).stdout
        #expect(
            undone.contains(
                #""changes":[{"parent":1,"type":"delete","id":3,"from":1,"to":null},{"parent":2,"type":"insert","id":3,"from":null,"to":1}]"#
            ), "\(undone)")
        let redone = try outline.run(["redo", "--json"]).stdout
        #expect(redone.contains(#""changes":["# + delete + "," + insert + "]"), "\(redone)")
    }

    @Test func dryRunSaysWhatAndChangesNothing() throws {
        try outline.run(["add", "a", "b"])
        let before = try outline.tsv()
        #expect(try outline.run(["undo", "--dry-run"]).stdout == "would undo: add \"a\" and \"b\"\n")
        #expect(try outline.tsv() == before)
        // Its report says so, in a snake-case key like every other (done_at, last_commit).
        let report = try outline.run(["undo", "--dry-run", "--json"]).stdout
        #expect(report.hasPrefix(#"{"step":"#) && report.hasSuffix(#","dry_run":true}"# + "\n"), "\(report)")
        #expect(try outline.tsv() == before)
        try outline.run(["undo"])
        #expect(try outline.run(["redo", "--dry-run"]).stdout == "would redo: add \"a\" and \"b\"\n")
        #expect(try outline.tsv() == [])
    }

    /// What schema version 4 added (title paths and search), taken out again: with it, a file
    /// of version 4 (the `schema-4` fixture) is as version 3 made it.
    static let removeVersion4 = """
        DROP TRIGGER item_added; DROP TRIGGER item_retitled; DROP TRIGGER item_removed;
        DROP TABLE title_key; DROP TABLE title_search; DROP TABLE title_unindexed;
        DROP INDEX item_by_lower_title; DROP INDEX item_by_parent_and_lower_title;
        """

    /// A file that the previous release (schema 4) wrote, committed as SQL text: every item and
    /// every step is there after the upgrade, each step undoes and redoes, and the new state and
    /// note of an item work on the upgraded file, undo included.
    @Test func aVersion4FileFromThePreviousReleaseIsUpgradedWithItsHistory() throws {
        try outline.loadFixture("schema-4")
        let items = [
            "1\t0\t1\t1\tGroceries\t0", "5\t1\t1\t2\tEggs\t0", "4\t1\t2\t2\tMilk\t0", "6\t1\t3\t2\tOat drink\t0",
            "3\t0\t2\t1\tTrips\t0", "9\t3\t1\t2\tRome/Naples\t0", "10\t3\t2\t2\t2026\t0",
            "11\t10\t1\t3\tBook flights\t0",
        ]
        #expect(try outline.tsv() == items)
        #expect(try outline.sqlite("PRAGMA user_version") == "10")
        let names = try outline.run(["history"]).lines.map {
            $0.split(separator: "  ").dropFirst(2).joined(separator: "  ")
        }
        #expect(
            names == [
                #"add "Temp"  (undone)"#, #"rm "Work" and 2 descendants"#, #"edit "Oat milk" to "Oat drink""#,
                #"mv "Eggs" before "Milk""#, #"add "Book flights" under "2026""#,
                #"add "Rome/Naples" and "2026" under "Trips""#, #"add "Launch plan" and "Café review" under "Work""#,
                #"add "Milk" and 2 others under "Groceries""#, #"add "Groceries" and 2 others"#,
            ])
        // Every step undoes, newest first, down to the empty outline, and redoes again.
        for name in names.dropFirst() {
            #expect(try outline.run(["undo"]).stdout == "undone: \(name)\n")
        }
        #expect(try outline.tsv() == [])
        #expect(try outline.run(["redo", "8"]).status == 0)
        #expect(try outline.tsv() == items)
        #expect(try outline.run(["check"]).stdout == "ok: 8 items, schema 10, no problems found\n")

        try outline.run(["done", "Groceries/Milk"])
        try outline.run(["note", "Trips/2026", "Window seats"])
        #expect(try outline.run(["ls", "--tsv", "Groceries"]).lines[1] == "4\t1\t2\t1\tMilk\t1")
        #expect(try outline.run(["find", "window"]).stdout == "10  /Trips/2026\n")
        try outline.run(["undo", "2"])
        #expect(try outline.tsv() == items)
        #expect(try outline.run(["find", "window"]).stdout == "")
    }

    /// A file from schema version 2 is upgraded in place on first use; its steps, which have no
    /// list ends, still undo, checked the way version 2 checked them.
    @Test func aVersion2FileIsUpgradedAndItsStepsStillUndo() throws {
        try outline.loadFixture("schema-4")
        try outline.sqlite(
            Self.removeVersion4 + "ALTER TABLE undo_step DROP COLUMN list_ends; PRAGMA user_version = 2;")
        #expect(try outline.run(["undo"]).stdout == "undone: rm \"Work\" and 2 descendants\n")
        #expect(try outline.sqlite("PRAGMA user_version") == "10")
        #expect(try outline.tsv().count == 11)
        #expect(try outline.run(["redo"]).status == 0)
        #expect(try outline.run(["check"]).status == 0)
    }

    /// A version 3 file is upgraded with its history: its titles are indexed in the upgrade, so
    /// paths find them at once, and its steps (changesets of the item table alone) still undo,
    /// bringing back titles that paths then find.
    @Test func aVersion3FileIsUpgradedWithItsTitlesIndexed() throws {
        try outline.loadFixture("schema-4")
        try outline.sqlite(Self.removeVersion4 + "PRAGMA user_version = 3;")
        #expect(try outline.run(["show", "/GROCERIES/oat DRINK", "--json"]).stdout.contains(#""id":6"#))
        #expect(try outline.sqlite("PRAGMA user_version") == "10")
        #expect(try outline.run(["undo"]).stdout == "undone: rm \"Work\" and 2 descendants\n")
        #expect(try outline.run(["ls", "work/CAFÉ REVIEW"]).status == 0)
        #expect(try outline.run(["find", "cafe"]).stdout == "8  /Work/Café review\n")
        #expect(try outline.run(["check"]).stdout.hasPrefix("ok:"))
    }

    @Test func refusalsAreClear() throws {
        try outline.createDatabase()
        let nothing = try outline.run(["undo"])
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "error: nothing to undo\n")
        #expect(try outline.run(["redo"]).stderr == "error: nothing to redo\n")
        try outline.run(["add", "a"])
        let tooMany = try outline.run(["undo", "3"])
        #expect(tooMany.status == 1)
        #expect(tooMany.stderr == "error: cannot undo 3 steps: only 1 can be undone; nothing was changed\n")
        #expect(try outline.run(["undo", "0"]).status == 64)
        #expect(try outline.run(["history", "--limit", "-1"]).status == 64)

        // A row of the step changed behind outline's back: refuse, change nothing.
        try outline.run(["edit", "1", "b"])
        try outline.sqlite("UPDATE item SET title = 'outside' WHERE id = 1")
        let mismatch = try outline.run(["undo"])
        #expect(mismatch.status == 1)
        #expect(
            mismatch.stderr
                == "error: cannot undo edit \"a\" to \"b\": the database was changed outside outline "
                + "(an item it touches was changed since); nothing was changed\n")
        #expect(try outline.tsv() == ["1\t0\t1\t1\toutside\t0"])
    }

    @Test func undoOfATenThousandItemRemoval() throws {
        try outline.run(["add", "big"])
        let titles = (1...10_000).map { "item \($0)\n" }.joined()
        #expect(try outline.run(["add", "-", "--under", "1"], input: titles).lines.count == 10_000)
        let before = try outline.tsv()
        #expect(try outline.run(["rm", "1"]).stdout == "removed \"big\" and 10000 descendants\n")
        #expect(try outline.tsv() == [])
        try outline.run(["undo"])
        #expect(try outline.tsv() == before)
    }

    @Test func undoFromAnotherProcessAndConcurrentWriters() throws {
        // Undo in a later process, with the database named another way (the environment).
        try outline.run(["add", "from one process"])
        let undo = try outline.run(["undo"], environment: ["OUTLINE_DB": outline.database], useDatabaseOption: false)
        #expect(undo.stdout == "undone: add \"from one process\"\n")

        // Four writers add while a fifth undoes; every add either stays or was undone, never lost.
        try outline.run(["add", "inbox"])
        let database = outline.database
        let group = DispatchGroup()
        let log = FailureLog()
        let undone = FailureLog()
        for worker in 0..<4 {
            group.enter()
            Thread {
                for index in 0..<25 {
                    let result = try? OutlineProcess.run(
                        ["add", "w\(worker)-\(index)", "--under", "2", "--db", database], input: nil)
                    if result?.status != 0 { log.add("add failed: \(String(describing: result))") }
                }
                group.leave()
            }.start()
        }
        group.enter()
        Thread {
            // Start once 20 adds are in: 15 undos can then only ever undo the writers' adds
            // (they only add), never the "inbox" step below them.
            while ((try? OutlineProcess.run(["ls", "2", "--tsv", "--db", database], input: nil))?.lines.count ?? 0) < 20
            {
                usleep(10_000)
            }
            for _ in 0..<15 {
                if let result = try? OutlineProcess.run(["undo", "--db", database], input: nil), result.status == 0 {
                    undone.add(result.stdout)
                } else {
                    log.add("undo failed")
                }
            }
            group.leave()
        }.start()
        group.wait()
        #expect(log.entries == [])
        #expect(undone.entries.count == 15)
        #expect(undone.entries.allSatisfy { $0.hasPrefix("undone: add \"w") })
        let children = try outline.run(["ls", "2", "--tsv"]).lines
        #expect(children.count == 100 - 15)
        #expect(children.map { Int($0.split(separator: "\t")[2])! } == Array(1...85))
        #expect(try outline.run(["check"]).status == 0)
    }
}
