import Foundation
import Testing

@Suite("watch, end to end")
struct WatchTests {
    let outline = OutlineProcess()

    @Test func jsonLinesFollowChangesFromOtherProcesses() throws {
        try outline.run(["add", "Groceries"])
        let watch = try BackgroundWatch([], database: outline.database)
        try outline.run(["add", "Milk", "Eggs", "Bread", "--under", "1"])
        // Bread to the front: with three items the fewest moves is exactly one, Bread's.
        try outline.run(["mv", "4", "--under", "1", "--at", "1"])
        try outline.run(["rm", "1"])
        try outline.run(["undo"])
        let lines = watch.lines(count: 4)
        #expect(watch.stop() == 0)
        #expect(
            lines == [
                #"{"step":2,"action":"add \"Milk\" and 2 others under \"Groceries\"","changes":[{"parent":1,"type":"insert","id":2,"from":null,"to":1},{"parent":1,"type":"insert","id":3,"from":null,"to":2},{"parent":1,"type":"insert","id":4,"from":null,"to":3}]}"#,
                #"{"step":3,"action":"mv \"Bread\" under \"Groceries\" at 1","changes":[{"parent":1,"type":"move","id":4,"from":3,"to":1}]}"#,
                #"{"step":4,"action":"rm \"Groceries\" and 3 descendants","changes":[{"parent":0,"type":"delete","id":1,"from":1,"to":null}]}"#,
                #"{"step":4,"undone":"rm \"Groceries\" and 3 descendants","changes":[{"parent":0,"type":"insert","id":1,"from":null,"to":1}]}"#,
            ])
    }

    @Test func aSubtreeWatchReportsOnlyItsSubtree() throws {
        try outline.run(["add", "Home", "Work"])
        let watch = try BackgroundWatch(["2"], database: outline.database)
        try outline.run(["add", "Paint the fence", "--under", "1"])
        try outline.run(["add", "Write report", "--under", "2"])
        let lines = watch.lines(count: 1)
        _ = watch.stop()
        #expect(lines.count == 1)
        #expect(lines.first?.contains(#""action":"add \"Write report\" under \"Work\"""#) == true)
    }

    /// Several commits in one poll: each is judged against the subtree as it stood at that
    /// commit. Item 5 leaves A's subtree from under 4 while 4 is still in it; then 4 leaves too.
    @Test func aSubtreeWatchJudgesEachCommitAsTheTreeStoodThen() throws {
        try outline.run(["add", "A", "B", "C"])
        try outline.run(["add", "a1", "--under", "1"])
        try outline.run(["add", "a1x", "--under", "4"])
        let watch = try BackgroundWatch(["1"], database: outline.database)
        watch.freeze()
        try outline.run(["mv", "5", "--under", "2"])
        try outline.run(["mv", "4", "--under", "3"])
        watch.thaw()
        let lines = watch.lines(count: 2)
        #expect(watch.stop() == 0)
        #expect(
            lines == [
                #"{"step":4,"action":"mv \"a1x\" under \"B\"","changes":[{"parent":4,"type":"delete","id":5,"from":1,"to":null}]}"#,
                #"{"step":5,"action":"mv \"a1\" under \"C\"","changes":[{"parent":1,"type":"delete","id":4,"from":1,"to":null}]}"#,
            ])
    }

    @Test func refusalsOfWatch() throws {
        try outline.createDatabase()
        let unknown = try outline.run(["watch", "9"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: no item with id 9\n")
        let piped = try outline.run(["watch"])
        #expect(piped.status == 1)
        #expect(piped.stderr.hasPrefix("error: watch draws on a terminal; use 'outline watch --json'"))
    }

    @Test func theScreenShowsAChangeInTmux() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Groceries", "Work"])
        try tmux.start("NO_COLOR=1 '\(OutlineProcess.binary)' watch --db '\(outline.database)'")
        defer { tmux.stop() }
        #expect(tmux.screen(containing: "Groceries").contains("outline watch"))
        try outline.run(["add", "Milk", "--under", "1"])
        let changed = tmux.screen(containing: "+ 3  └─ Milk")
        #expect(changed.contains("+ 3  └─ Milk"), "\(changed)")
        try outline.run(["rm", "2"])
        #expect(tmux.screen(containing: "removed").contains("- removed \"Work\""))
        tmux.send(["q"])
        var gone = false
        for _ in 0..<100 where !gone {
            gone = !tmux.run(["list-sessions"]).contains(TmuxSession.name)
            usleep(20_000)
        }
        #expect(gone, "q should end watch and with it the tmux session")
    }

    /// A done item carries its mark on the screen, and marking one done is shown as an update,
    /// in the screen and in the JSON lines alike.
    @Test func doneItemsAreMarkedAndAChangeOfStateIsAnUpdate() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Groceries"])
        try outline.run(["add", "Milk", "Eggs", "--under", "1"])
        try outline.run(["done", "Eggs"])
        let watch = try BackgroundWatch([], database: outline.database)
        try tmux.start(watchCommand())
        defer { tmux.stop() }
        #expect(tmux.screen(containing: "Milk").contains("  3  └─ ✓ Eggs"))
        try outline.run(["done", "Milk"])
        let changed = tmux.screen(containing: "* 2  ├─ ✓ Milk")
        #expect(changed.contains("* 2  ├─ ✓ Milk"), "\(changed)")
        let lines = watch.lines(count: 1)
        _ = watch.stop()
        #expect(
            lines.first?.contains(#""changes":[{"parent":1,"type":"update","id":2,"from":1,"to":1}]"#) == true,
            "\(lines)")
    }

    /// Ctrl-Z hands the shell a normal terminal; `fg` takes the screen back and it follows on.
    @Test func ctrlZAndFgInAShell() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Alpha"])
        try tmux.start("bash --norc --noprofile -i")
        defer { tmux.stop() }
        let modes = "echo modes: $(stty -a | tr ' ' '\\n' | grep -x -e -icanon -e icanon -e -echo -e echo)"
        func modeLines(_ screen: String) -> Int {
            screen.split(separator: "\n").count { $0.trimmingCharacters(in: .whitespaces) == "modes: icanon echo" }
        }
        tmux.send(["NO_COLOR=1 '\(OutlineProcess.binary)' watch --db '\(outline.database)'", "Enter"])
        #expect(tmux.screen(containing: "Alpha").contains("outline watch"))
        tmux.send(["C-z"])
        // Keys typed before the shell has the terminal back could reach watch instead.
        _ = tmux.screen(containing: "Stopped")
        tmux.send([modes, "Enter"])
        #expect(modeLines(tmux.screen(containing: "modes: icanon")) == 1, "the shell's terminal echoes")
        tmux.send(["fg", "Enter"])
        try outline.run(["add", "Beta"])
        #expect(tmux.screen(containing: "+ 2  Beta").contains("outline watch"))
        tmux.send(["q"])
        // The same after q: on a busy machine, keys sent at once were read by watch as it quit.
        _ = tmux.screen { !$0.contains("outline watch") }
        tmux.send([modes, "Enter"])
        let after = tmux.screen { modeLines($0) >= 2 }
        #expect(modeLines(after) == 2, "restored after q as well:\n\(after)")
    }
}

/// The screen of `watch`, driven in tmux: widths, marks, scrolling, small terminals, depth.
extension WatchTests {
    /// The shell command that runs watch on the test's database, without colour.
    func watchCommand(_ arguments: String = "") -> String {
        "NO_COLOR=1 '\(OutlineProcess.binary)' watch --db '\(outline.database)' \(arguments)"
    }

    /// The titles `Row 01` to `Row NN`, added as top-level items 1 to `count`.
    func addRows(_ count: Int) throws {
        try outline.run(["add"] + (1...count).map { "Row " + ($0 < 10 ? "0" : "") + String($0) })
    }

    @Test func aWideTitleIsCutByColumnsNotCharacters() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        // 22 characters but 44 columns: by Characters it fits a 30-column pane, by columns not.
        let wide = "山田太郎の長い名前のテストです東京都千代田区"
        try outline.run(["add", wide, "Short"])
        try tmux.start(watchCommand(), columns: 30)
        defer { tmux.stop() }
        let lines = tmux.screen(containing: "Short").screenLines
        let row = try #require(lines.firstIndex { $0.contains("山田") }, "\(lines)")
        #expect(lines[row].hasSuffix("…"), "\(lines)")
        #expect(lines[row + 1].hasSuffix("2  Short"), "the next row is the next item, not a wrapped rest: \(lines)")
        #expect(!lines.contains { $0.contains("区") })
        #expect(lines[0].hasPrefix("outline watch") && lines[0].hasSuffix("…"), "the header is cut too: \(lines)")
        try outline.run(["rm", "1"])
        let removed = tmux.screen(containing: "removed").screenLines
        let removedRow = try #require(removed.firstIndex { $0.contains("removed") })
        #expect(removed[removedRow].hasPrefix("- removed \"山田") && removed[removedRow].hasSuffix("…"), "\(removed)")
        #expect(!removed.contains { $0.contains("区") })
        #expect(removed[0].hasPrefix("outline watch"))
    }

    @Test func aMoveBetweenParentsIsMarkedMovedWhereItLands() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Home", "Work"])
        try outline.run(["add", "Fence", "--under", "1"])
        try tmux.start(watchCommand())
        defer { tmux.stop() }
        _ = tmux.screen(containing: "Fence")
        try outline.run(["mv", "3", "--under", "2"])
        let moved = tmux.screen(containing: "2  Work\n~ 3  └─ Fence")
        #expect(moved.contains("2  Work\n~ 3  └─ Fence"), "\(moved)")
        #expect(!moved.contains("removed"), "\(moved)")
        // Marks are per item: let this one fade, so that the next "~" is the undo's own.
        #expect(!tmux.screen { !$0.contains("~ 3") }.contains("~ 3"))
        try outline.run(["undo"])
        let undone = tmux.screen(containing: "1  Home\n~ 3  └─ Fence")
        #expect(undone.contains("1  Home\n~ 3  └─ Fence"), "\(undone)")
        #expect(!undone.contains("removed"), "\(undone)")
        #expect(!tmux.screen { !$0.contains("~ 3") }.contains("~ 3"))
        try outline.run(["redo"])
        let redone = tmux.screen(containing: "2  Work\n~ 3  └─ Fence")
        #expect(redone.contains("2  Work\n~ 3  └─ Fence"), "\(redone)")
        #expect(!redone.contains("removed") && !redone.contains("+ 3"), "\(redone)")
    }

    @Test func aSubtreeWatchShowsItemsLeavingAsRemovedAndArrivingAsNew() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Home", "Work"])
        try outline.run(["add", "Report", "--under", "2"])
        try outline.run(["add", "Fence", "--under", "1"])
        try tmux.start(watchCommand("2"))
        defer { tmux.stop() }
        #expect(tmux.screen(containing: "3  Report").contains("under 2"))
        try outline.run(["mv", "3", "--under", "1"])
        let left = tmux.screen(containing: "removed")
        #expect(left.contains("- removed \"Report\""), "\(left)")
        #expect(!left.contains("3  Report"), "\(left)")
        try outline.run(["mv", "4", "--under", "2"])
        let arrived = tmux.screen(containing: "+ 4  Fence")
        #expect(arrived.contains("+ 4  Fence"), "\(arrived)")
        #expect(!arrived.contains("removed \"Fence\""), "\(arrived)")
        // Back within the marks' two seconds: on view again, so no longer named as removed.
        try outline.run(["mv", "3", "--under", "2"])
        let back = tmux.screen(containing: "+ 3  Report")
        #expect(back.contains("+ 3  Report"), "\(back)")
        #expect(!back.contains("removed \"Report\""), "\(back)")
    }

    @Test func theViewScrollsWithKeys() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try addRows(30)
        try tmux.start(watchCommand())  // 12 rows: the header, 10 items, a line saying there is more
        defer { tmux.stop() }
        let first = tmux.screen(containing: "Row 10")
        #expect(!first.contains("Row 11"), "\(first)")
        #expect(first.contains("more below"), "\(first)")
        // A lone Escape is no quit; whatever follows it still counts.
        let steps: [(keys: [String], shows: String, hides: String)] = [
            (["Escape"], "Row 10", "Row 11"),
            (["j"], "Row 11", "Row 01"),
            (["Down"], "Row 12", "Row 02"),
            (["NPage"], "Row 22", "Row 12"),
            (["Space"], "Row 30", "Row 20"),  // the last page stops at the last item
            (["k"], "Row 20", "Row 30"),
            (["Up"], "Row 19", "Row 29"),
            (["PPage"], "Row 09", "Row 19"),
            (["b"], "Row 01", "Row 11"),
            (["G"], "Row 30", "Row 01"),
            (["g"], "Row 01", "Row 30"),
            (["End"], "Row 30", "Row 01"),
            (["Home"], "Row 01", "Row 30"),
        ]
        for step in steps {
            tmux.send(step.keys)
            let screen = tmux.screen { $0.contains(step.shows) && !$0.contains(step.hides) }
            #expect(screen.contains(step.shows) && !screen.contains(step.hides), "after \(step.keys): \(screen)")
            #expect(screen.screenLines.first?.hasPrefix("outline watch") == true, "after \(step.keys): \(screen)")
        }
        let bottom = { (screen: String) in screen.contains("Row 30") && screen.contains("above") }
        tmux.send(["G"])
        #expect(bottom(tmux.screen(where: bottom)))
        // The tree shrinks under the view: it stays on what is left.
        try outline.run(["rm"] + (11...30).map(String.init))
        let shrunk = tmux.screen { $0.contains("Row 01") && $0.contains("Row 10") }
        #expect(shrunk.contains("Row 01") && shrunk.contains("Row 10"), "\(shrunk)")
    }

    @Test func aFiveLineTerminalKeepsTheHeader() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try addRows(20)
        try tmux.start(watchCommand(), columns: 40, rows: 5)
        defer { tmux.stop() }
        let first = tmux.screen(containing: "more below").screenLines
        #expect(first.count == 5)
        #expect(first.first?.hasPrefix("outline watch") == true, "\(first)")
        try outline.run(["rm", "3"])
        let removed = tmux.screen(containing: "removed").screenLines
        #expect(removed.first?.hasPrefix("outline watch") == true, "\(removed)")
        #expect(removed.contains { $0.contains("Row 01") }, "\(removed)")
        #expect(removed.contains { $0.contains("more below") }, "\(removed)")
        #expect(removed.last?.contains("removed \"Row 03\"") == true, "\(removed)")
        tmux.send(["End"])
        let end = tmux.screen(containing: "Row 20").screenLines
        #expect(end.first?.hasPrefix("outline watch") == true, "\(end)")
        #expect(end.contains { $0.contains("above") }, "\(end)")
    }

    @Test func depthLimitsTheLevelsShown() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        try outline.run(["add", "Alpha"])
        try outline.run(["add", "Bravo", "--under", "1"])
        try outline.run(["add", "Charlie", "--under", "2"])
        try tmux.start(watchCommand("1 --depth 1"))
        defer { tmux.stop() }
        // As ls --depth does, the row says how many descendants the limit hides.
        let children = tmux.screen(containing: "Bravo (+1)")
        #expect(children.contains("2  Bravo (+1)"), "\(children)")
        #expect(!children.contains("Charlie"), "\(children)")
        try outline.run(["add", "Delta", "--under", "2"])
        try outline.run(["add", "Echo", "--under", "1"])
        // A row may be drawn a moment before its mark: the walk can see a commit that the feed
        // reads on its next wake-up. Wait for the mark itself.
        let later = tmux.screen(containing: "+ 5  Echo")
        #expect(later.contains("+ 5  Echo"), "\(later)")
        #expect(!later.contains("Delta") && !later.contains("Charlie"), "\(later)")
    }

    /// As ls refuses them: the command line's own check takes negative numbers first.
    @Test(arguments: [
        (["--depth", "0"], "error: --depth must be at least 1"),
        (["--depth", "0", "--json"], "error: --depth must be at least 1"),
        (["--depth", "-1"], "error: '-1' is negative"),
    ])
    func depthBelowOneIsRefused(arguments: [String], message: String) throws {
        let refused = try outline.run(["watch"] + arguments)
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix(message), "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        #expect(try outline.run(["ls"] + arguments.filter { $0 != "--json" }).stderr.hasPrefix(message))
    }

    @Test func jsonWithDepthWritesOnlyChangesOfVisibleItems() throws {
        try outline.run(["add", "Alpha"])
        let watch = try BackgroundWatch(["--depth", "1"], database: outline.database)
        try outline.run(["add", "Bravo", "--under", "1"])  // a grandchild of the root: not shown
        try outline.run(["add", "Charlie"])
        try outline.run(["mv", "2", "--under", "root"])  // from hidden to shown: only the insert
        let lines = watch.lines(count: 2)
        #expect(watch.stop() == 0)
        #expect(lines.count == 2)
        #expect(
            lines.first
                == #"{"step":3,"action":"add \"Charlie\"","changes":[{"parent":0,"type":"insert","id":3,"from":null,"to":2}]}"#
        )
        #expect(lines.last?.hasPrefix(#"{"step":4,"#) == true)
        #expect(
            lines.last?.hasSuffix(#""changes":[{"parent":0,"type":"insert","id":2,"from":null,"to":3}]}"#) == true,
            "\(lines)")
    }
}

extension String {
    /// A captured screen's rows, trailing blanks trimmed.
    var screenLines: [String] {
        let rows = hasSuffix("\n") ? dropLast() : Substring(self)
        return rows.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }
}
