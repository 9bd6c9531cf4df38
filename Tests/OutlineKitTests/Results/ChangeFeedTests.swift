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
            case .add(let titles, let parent, let placement):
                if let result = try? writer.add(titles, under: parent, placement: placement, reportingChanges: true) {
                    ids += result.ids
                    if result.step != nil { expected.append((.done, result.action.name, result.changes)) }
                }
            case .remove(let targets):
                if let result = try? writer.remove(targets, reportingChanges: true), result.step != nil {
                    expected.append((.done, result.action.name, result.changes))
                }
            case .move(let targets, let parent, let placement):
                if let result = try? writer.move(targets, under: parent, placement: placement, reportingChanges: true),
                    result.step != nil
                {
                    expected.append((.done, result.action.name, result.changes))
                }
            case .edit(let id, let title):
                if let result = try? writer.edit(id, title: title, reportingChanges: true), result.step != nil {
                    expected.append((.done, result.action.name, result.changes))
                }
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
}
