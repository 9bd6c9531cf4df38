import Foundation
import OutlineTestSupport
import Testing

/// The outliner in a terminal, fed random keys while other processes change the same outline
/// under it: it must never end by itself, never leave the file failing `check`, and show at the
/// end exactly what `ls` lists. `OUTLINE_TORTURE_SEED` sets the seed.
@Suite("Torture: the outliner beside concurrent commands", .tags(.soak), .enabled(if: Soak.isOn, Soak.skipped))
struct OutlinerTortureTests {
    let outline = OutlineProcess()

    /// Keys that change the outline or move around it; no `e` or `:`, which wait on other
    /// programs, and no q.
    static let keys: [[String]] = [
        ["j"], ["j"], ["k"], ["h"], ["l"], ["g"], ["G"], ["Enter"], ["BSpace"], ["NPage"], ["PPage"],
        ["o", "New", "Enter"], ["O", "Above", "Enter"], ["i", "C-u", "Retitled", "Enter"], ["Tab"], ["BTab"],
        ["K"], ["J"], ["x"], ["s"], ["d", "d"], ["y", "y"], ["p"], ["u"], ["C-r"], ["/", "e", "Enter"], ["n"],
    ]

    @Test func randomKeysBesideOtherWriters() throws {
        guard let tmux = TmuxSession(in: outline.directory) else { return }
        let seed =
            ProcessInfo.processInfo.environment["OUTLINE_TORTURE_SEED"].flatMap(UInt64.init) ?? .random(in: 1...999_999)
        var random = SeededGenerator(seed: seed)
        for index in 1...30 {
            // Items 1 to 3 at the top, the others under the item a quarter of their number.
            try outline.run(["add", "Item \(index)"] + (index < 4 ? [] : ["--under", String(index / 4)]))
        }
        try tmux.startOutliner(database: outline.database, folder: outline.directory, columns: 70, rows: 14)
        defer { tmux.stop() }
        _ = tmux.screen(containing: "Item 1")
        let others: [[String]] = [
            ["add", "Outside", "--under", "1"], ["rm", "2"], ["mv", "3", "--under", "5"], ["done", "6"], ["undo"],
            ["sort", "1"],
        ]
        for round in 0..<300 {
            tmux.send(Self.keys.randomElement(using: &random)!)
            if round % 5 == 0 {
                // Another process writes; it may be refused (an item already gone), never hang.
                _ = try outline.run(others.randomElement(using: &random)!)
            }
            if round % 25 == 0 {
                let alive = tmux.screen(containing: "outline tui")
                #expect(alive.contains("outline tui"), "seed \(seed), round \(round): the outliner ended:\n\(alive)")
                if !alive.contains("outline tui") { return }
            }
        }
        let check = try outline.run(["check"])
        #expect(check.status == 0, "seed \(seed): \(check.stdout)\(check.stderr)")
        // Back to the top of the whole outline: the cursor's row is the first top-level item that
        // ls lists.
        for _ in 0..<40 { tmux.send(["BSpace"]) }
        tmux.send(["Escape", "g"])
        if let first = try outline.run(["ls", "--depth", "1", "--tsv"]).stdout.split(separator: "\n").first {
            let id = String(first.split(separator: "\t")[0])
            let screen = tmux.screen {
                $0.split(separator: "\n").contains { $0.hasPrefix(">") && $0.contains(" \(id)  ") }
            }
            #expect(
                screen.split(separator: "\n").contains { $0.hasPrefix(">") && $0.contains(" \(id)  ") },
                "seed \(seed): the cursor on item \(id):\n\(screen)")
        }
        tmux.send(["Escape", "q"])
        let ended = tmux.screen(containing: "ended")
        #expect(ended.contains("ended 0 with icanon echo"), "seed \(seed):\n\(ended)")
    }
}
