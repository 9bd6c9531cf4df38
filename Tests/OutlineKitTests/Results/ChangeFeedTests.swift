import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

@Suite("Following changes from another connection")
struct ChangeFeedTests {
    @Test(arguments: [3, 9] as [UInt64])
    func theFeedReportsEveryCommitAsItsCommandDid(seed: UInt64) throws {
        let fixture = try StoreFixture()
        let writer = try OutlineStore(path: fixture.store.path)  // another process, in effect
        let feed = try ChangeFeed(store: fixture.store)
        var rng = SeededGenerator(seed: seed)
        var expected: [(kind: StepEvent, name: String, changes: [ReportedChange])] = []
        var seen: [ChangeEvent] = []
        var ids: [ItemID] = []
        for step in 1...200 {
            let command = RandomCommand.random(existing: ids, nextID: (ids.max() ?? 0) + 1, using: &rng)
            switch command {
            case .undo(let count), .redo(let count):
                let undoing = if case .undo = command { true } else { false }
                let manager = writer.undoManager
                if let steps = try?
                    (undoing
                    ? manager.undo(steps: count, reportingChanges: true)
                    : manager.redo(steps: count, reportingChanges: true))
                {
                    for step in steps { expected.append((undoing ? .undone : .redone, step.name, step.changes)) }
                }
            default:
                if let result = command.run(on: writer) {
                    ids += result.ids
                    if result.step != nil { expected.append((.done, result.action.name, result.changes)) }
                }
            }
            // Poll now and then, so that several commits often arrive at once.
            if step % Int.random(in: 1...5, using: &rng) == 0 { seen += try feed.poll().events }
        }
        seen += try feed.poll().events
        #expect(expected.count > 60, "the random commands must mostly change something")
        #expect(seen.count == expected.count)
        for (event, want) in zip(seen, expected) {
            #expect(event.kind == want.kind)
            #expect(event.name == want.name)
            #expect(event.changes == want.changes, "\(want.name)")
        }
        #expect(try feed.poll().isEmpty)
    }

    @Test func anOutsideEditIsNoticedButNotExplained() throws {
        let fixture = try StoreFixture()
        let feed = try ChangeFeed(store: fixture.store)
        try fixture.editOutside("UPDATE item SET title = 'x' WHERE id = 0")
        let update = try feed.poll()
        #expect(update.changedOutsideOutline)
        #expect(update.events.isEmpty)
    }

    @Test func removedTitlesComeWithTheEvent() throws {
        let fixture = try StoreFixture()
        let feed = try ChangeFeed(store: fixture.store)
        let other = try OutlineStore(path: fixture.store.path)
        let id = try other.add(["Groceries"]).ids[0]
        try other.add(["Milk"], under: id)
        try other.remove([id])
        let events = try feed.poll().events
        #expect(events.map(\.kind) == [.done, .done, .done])
        #expect(events[2].removedTitles == [id: "Groceries", id + 1: "Milk"])
        #expect(events[2].changes == [ReportedChange(parent: 0, kind: .delete, id: id, from: 1, to: nil)])
    }

    /// A scoped feed keeps, of each event, the changes of lists in its scope as the tree stood at
    /// that event (a delete where its parent stood before, the rest where they stand after), and
    /// gives the same answer whether it is polled after every commit or after many. The
    /// expectation is computed independently: each command's own report, filtered by the scope
    /// walked on the writer's tree before and after the command.
    @Test(arguments: [4, 11, 23] as [UInt64])
    func aScopedFeedJudgesEachEventAsTheTreeStoodThen(seed: UInt64) throws {
        let fixture = try StoreFixture()
        let writer = try OutlineStore(path: fixture.store.path)
        var rng = SeededGenerator(seed: seed)
        var ids = try writer.add(["A", "B", "C"]).ids
        ids += try writer.add(["a1", "a2"], under: ids[0]).ids
        ids += try writer.add(["a1x", "a1y"], under: ids[3]).ids
        // Undo must not take the scope's own item away again.
        try writer.undoManager.removeAllActions()
        let scope = ChangeFeed.Scope(start: ids[0], maxDepth: [nil, 1, 2].randomElement(using: &rng)!)
        let feed = try ChangeFeed(store: fixture.store, scope: scope)

        /// The parents whose children are in scope, on the writer's tree now.
        func parentsInScope() throws -> Set<ItemID> {
            guard try writer.exists(scope.start) else { return [] }
            var parents: Set<ItemID> = [scope.start]
            let levels = scope.maxDepth.map { $0 - 1 }
            if levels ?? 1 > 0 {
                try writer.walk(from: scope.start, maxDepth: levels) { parents.insert($0.id) }
            }
            return parents
        }

        var expected: [[ReportedChange]] = []
        var seen: [ChangeEvent] = []
        for step in 1...360 {
            let before = try parentsInScope()
            var report: [ReportedChange]?
            let command = RandomCommand.random(existing: ids, nextID: (ids.max() ?? 0) + 1, using: &rng)
            switch command {
            case .remove(let targets):
                // The scope's own item stays, or the scope would be empty from then on.
                let targets = targets.filter { $0 != scope.start }
                report = (try? writer.remove(targets, reportingChanges: true)).flatMap {
                    $0.step == nil ? nil : $0.changes
                }
            case .undo, .redo:
                // One step at a time: the expectation judges a command's before and after.
                let manager = writer.undoManager
                let undoing = Bool.random(using: &rng)
                let steps =
                    try?
                    (undoing
                    ? manager.undo(reportingChanges: true) : manager.redo(reportingChanges: true))
                report = steps?.first?.changes
            default:
                if let result = command.run(on: writer) {
                    ids += result.ids
                    if result.step != nil { report = result.changes }
                }
            }
            if let report {
                let after = try parentsInScope()
                expected.append(
                    report.filter { $0.kind == .delete ? before.contains($0.parent) : after.contains($0.parent) })
            }
            if step % Int.random(in: 1...6, using: &rng) == 0 { seen += try feed.poll().events }
        }
        seen += try feed.poll().events
        #expect(expected.count > 80)
        // The scope must have been put to work: changes kept, and changes left out.
        #expect(expected.filter { !$0.isEmpty }.count > 10)
        #expect(seen.count == expected.count)
        for (index, (event, want)) in zip(seen, expected).enumerated() {
            #expect(event.changes == want, "seed \(seed), event \(index + 1): \(event.name ?? "?")")
        }
    }

    /// Commits made through the feed's own store are reported too: SQLite's data_version moves
    /// only for other connections' commits.
    @Test func theFeedSeesCommitsOfItsOwnStore() throws {
        let fixture = try StoreFixture()
        let feed = try ChangeFeed(store: fixture.store)
        try fixture.store.add(["Milk"])
        let update = try feed.poll()
        #expect(update.events.map(\.name) == [#"add "Milk""#])
        #expect(!update.changedOutsideOutline)
        #expect(try feed.poll().isEmpty)
    }
}
