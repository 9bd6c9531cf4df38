import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

@Suite("Random command sequences against the in-memory model")
struct TreePropertyTests {
    /// SPEC's change report, checked against the model: for every parent that exists before and
    /// after, applying its reported changes by the batch-update rules to its children before gives
    /// its children after; a parent with nothing reported must not have changed.
    static func expectReportTurnsBeforeIntoAfter(
        _ reported: [ReportedChange], before: TreeModel, after: TreeModel, _ context: String
    ) {
        func list(_ model: TreeModel, _ parent: ItemID) -> ResultsSnapshot {
            ResultsSnapshot(rows: model.children[parent]!.map { .init(id: $0, content: model.content(of: $0)) })
        }
        let parents = Set(before.children.keys).intersection(after.children.keys)
        #expect(
            reported.allSatisfy { parents.contains($0.parent) }, "\(context): a report under a parent that came or went"
        )
        for parent in parents {
            let changes = ResultsDiff(
                objectChanges: reported.filter { $0.parent == parent }.map {
                    .init(
                        kind: $0.kind, id: $0.id, from: $0.from.map { ItemPath(row: $0 - 1) },
                        to: $0.to.map { ItemPath(row: $0 - 1) })
                })
            let contents = Dictionary(uniqueKeysWithValues: after.itemIDs.map { ($0, after.content(of: $0)) })
            let result = changes.applied(to: list(before, parent), contents: contents)
            #expect(result == list(after, parent), "\(context): parent \(parent), report \(reported)")
        }
    }

    /// The summary of an edit as text says what the model changed, and its moves are the report's:
    /// an item under another parent, or one of the fewest moves within a list.
    static func expectCountsMatchReport(
        _ counts: EditCounts, _ reported: [ReportedChange], before: TreeModel, after: TreeModel
    ) {
        let kept = Set(before.itemIDs).intersection(after.itemIDs)
        var expected = EditCounts()
        expected.added = after.itemIDs.count - kept.count
        expected.removed = before.itemIDs.count - kept.count
        expected.retitled = kept.count { before.titles[$0] != after.titles[$0] }
        expected.markedDone = kept.count { !before.done.contains($0) && after.done.contains($0) }
        expected.reopened = kept.count { before.done.contains($0) && !after.done.contains($0) }
        // A repeating task marked done stays open, with the edit's moment as its last done.
        let repeated = Set(kept.filter { before.details[$0]!.lastDone != after.details[$0]!.lastDone })
        expected.repeated = repeated.count
        expected.restated = kept.count { id in
            before.details[id]!.keyword != after.details[id]!.keyword && !repeated.contains(id)
                && before.done.contains(id) == after.done.contains(id)
        }
        // Under another parent, or one of the fewest moves within a list that was there before
        // and after: as many as the report shows for that list.
        var inListMoves = 0
        for parent in Set(before.children.keys).intersection(after.children.keys) {
            func rows(_ model: TreeModel) -> ResultsSnapshot {
                ResultsSnapshot(rows: model.children[parent]!.map { .init(id: $0, content: "") })
            }
            let moves = ResultsDiff(from: rows(before), to: rows(after)).objectChanges.count { $0.kind == .move }
            inListMoves += moves
            let reportedMoves = reported.count { $0.parent == parent && $0.kind == .move }
            #expect(reportedMoves == moves, "parent \(parent), reported \(reported)")
        }
        expected.moved = kept.count { before.parent[$0] != after.parent[$0] } + inListMoves
        #expect(counts == expected, "reported \(reported)")
    }

    /// SPEC's change report, applied in order by a consumer that keeps each parent's children by
    /// id and knows nothing of positions: a delete takes the item out of its parent's list (its own
    /// list stays, detached, in case it was moved); an insert must not find the item in the tree,
    /// and brings its subtree (fetched, for an item the consumer did not have); a move or update
    /// must find the item in that parent's list. At the end the tree reachable from the root must
    /// be the tree after the command: no id seen twice, none lost.
    static func expectReportAppliesInOrderByID(
        _ reported: [ReportedChange], before: TreeModel, after: TreeModel, _ context: String
    ) {
        var lists = before.children
        func fetchSubtree(_ id: ItemID) {
            lists[id] = after.children[id] ?? []
            for child in lists[id]! { fetchSubtree(child) }
        }
        for change in reported {
            let held = lists[change.parent]?.contains(change.id) ?? false
            switch change.kind {
            case .delete:
                #expect(held, "\(context): deleted \(change.id) that \(change.parent) does not hold, in \(reported)")
                lists[change.parent]?.removeAll { $0 == change.id }
            case .insert:
                // Held in the tree the consumer shows: the list of an item deleted earlier in the
                // report is detached, and a child that survives it (an edit as text can remove an
                // item and keep its children) goes elsewhere.
                var shown: Set<ItemID> = []
                func show(_ parent: ItemID) {
                    for child in lists[parent] ?? [] where shown.insert(child).inserted { show(child) }
                }
                show(.root)
                #expect(
                    !shown.contains(change.id), "\(context): \(change.id) inserted while still held, in \(reported)")
                lists[change.parent, default: []].append(change.id)
                if lists[change.id] == nil { fetchSubtree(change.id) }
            case .move, .update:
                #expect(held, "\(context): \(change.kind) of \(change.id) that \(change.parent) does not hold")
            }
        }
        var reachable: [ItemID: ItemID] = [:]
        func visit(_ parent: ItemID) {
            for child in lists[parent] ?? [] {
                #expect(reachable[child] == nil, "\(context): \(child) reachable twice after \(reported)")
                reachable[child] = parent
                visit(child)
            }
        }
        visit(.root)
        #expect(reachable == after.parent, "\(context): applied in order, \(reported) loses or misplaces items")
    }

    /// Terms that hit `RandomCommand.sampleTitles` in several ways: in part, in another case,
    /// without diacritics, in another script, too short for the trigram index.
    static let searchTerms = ["mil", "MILK", "unicode", "ÜNÏ", "张", "🎉", "a b", "x", "gs", "nothing"]

    /// What find must give: the model's items in outline order whose title or note, case and
    /// diacritics folded, holds the term; with `open`, none that is done or lies below a done item.
    static func modelFind(_ term: String, in model: TreeModel, open: Bool = false) -> [String] {
        let fold = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        var found: [String] = []
        func visit(_ parent: ItemID) {
            for id in model.children[parent]! where !(open && model.done.contains(id)) {
                let title = model.titles[id]!
                if fold(title).contains(fold(term)) || fold(model.notes[id] ?? "").contains(fold(term)) {
                    found.append("\(id)\t\(title)")
                }
                visit(id)
            }
        }
        visit(.root)
        return found
    }

    /// Tags that `SetOptions` sets, in other cases and spellings, and one that none carries.
    static let searchTags = ["work", "HOME", "urgent", "Café", "none_such"]

    /// What find --tag must give: the model's items in outline order with the tag (ignoring
    /// case); with `open`, none that is done or lies below a done item.
    static func modelFindTag(_ tag: String, in model: TreeModel, open: Bool) -> [ItemID] {
        var found: [ItemID] = []
        func visit(_ parent: ItemID) {
            for id in model.children[parent]! where !(open && model.done.contains(id)) {
                if model.details[id]!.tags.contains(where: { $0.lowercased() == tag.lowercased() }) { found.append(id) }
                visit(id)
            }
        }
        visit(.root)
        return found
    }

    /// Five seeds by default, eight in the soak run.
    @Test(arguments: Array(1...(Soak.isOn ? 8 : 5)) as [UInt64])
    func storeMatchesTheModelAfterEveryStep(seed: UInt64) throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        var model = TreeModel()
        var history = ModelHistory()
        var rng = SeededGenerator(seed: seed)
        var accepted = 0
        var travels = 0
        var textEdits = 0
        var moments = MomentLedger()
        var repeatsDone = 0
        var kinds: [String: Int] = [:]
        for step in 1...300 {
            let command = RandomCommand.random(
                existing: model.itemIDs, nextID: model.nextID, model: model, using: &rng)
            let before = model
            var modelAccepted = true
            var storeResult: ChangeResult?
            var storeAccepted: Bool
            var reported: [ReportedChange]?
            switch command {
            case .add(let titles, let parent, let placement):
                let modelIDs = model.add(titles, under: parent, placement: placement)
                modelAccepted = modelIDs != nil
                storeResult = try? store.add(titles, under: parent, placement: placement, reportingChanges: true)
                if let modelIDs, let storeResult { #expect(modelIDs == storeResult.ids, "seed \(seed) step \(step)") }
            case .remove(let ids):
                modelAccepted = model.remove(ids)
                storeResult = try? store.remove(ids, reportingChanges: true)
            case .move(let ids, let parent, let placement):
                modelAccepted = model.move(ids, under: parent, placement: placement)
                storeResult = try? store.move(ids, under: parent, placement: placement, reportingChanges: true)
            case .edit(let id, let title):
                modelAccepted = model.edit(id, title: title)
                storeResult = try? store.edit(id, title: title, reportingChanges: true)
            case .done(let ids):
                modelAccepted = model.markDone(ids, at: step)
                storeResult = try? store.markDone(ids, reportingChanges: true)
            case .reopen(let ids):
                modelAccepted = model.reopen(ids)
                storeResult = try? store.reopen(ids, reportingChanges: true)
            case .set(let ids, let options):
                modelAccepted = model.set(ids, options, at: step)
                storeResult = command.run(on: store)
            case .workflow(let text):
                let refusal = model.workflowRefusal(text)
                modelAccepted = model.setWorkflow(text)
                do {
                    storeResult = try store.setWorkflow(Workflow(parsing: text), reportingChanges: true)
                } catch let error as OutlineError {
                    // Refused for the model's reason.
                    switch (refusal, error) {
                    case (.malformed, .invalidWorkflow), (.changesKind, .invalidWorkflow): break
                    case (.keywordInUse(let keyword, let count), .keywordInUse(let refused, let counted)):
                        #expect([keyword, "\(count)"] == [refused, "\(counted)"], "seed \(seed) step \(step)")
                    default: Issue.record("seed \(seed) step \(step): \(command) refused with \(error), not \(refusal)")
                    }
                }
            case .note(let id, let text):
                modelAccepted = model.setNote(id, text)
                storeResult = try? store.setNote(id, to: text, reportingChanges: true)
            case .copy(let ids, let parent, let placement):
                let modelIDs = model.copy(ids, under: parent, placement: placement)
                modelAccepted = modelIDs != nil
                storeResult = try? store.copy(ids, under: parent, placement: placement, reportingChanges: true)
                if let modelIDs, let storeResult { #expect(modelIDs == storeResult.ids, "seed \(seed) step \(step)") }
            case .sort(let parent, let key, let reversed):
                modelAccepted = model.sort(parent, byTitle: key == .title, reversed: reversed)
                storeResult = try? store.sort(parent, by: key, reversed: reversed, reportingChanges: true)
            case .editText(let root, let lines):
                let modelIDs = model.applyEdit(under: root, lines: lines, at: step)
                modelAccepted = modelIDs != nil
                storeResult = command.run(on: store)
                if storeResult?.step != nil { textEdits += 1 }
                if let modelIDs, let storeResult { #expect(modelIDs == storeResult.ids, "seed \(seed) step \(step)") }
                if let storeResult, storeResult.step != nil, case .editText(_, let counts) = storeResult.action {
                    Self.expectCountsMatchReport(counts, storeResult.changes, before: before, after: model)
                }
            case .undo(let steps), .redo(let steps):
                let undoing = if case .undo = command { true } else { false }
                modelAccepted = history.travel(&model, steps: steps, undoing: undoing)
                let manager = store.undoManager
                let travelled =
                    try? undoing
                    ? manager.undo(steps: steps, reportingChanges: true)
                    : manager.redo(steps: steps, reportingChanges: true)
                storeAccepted = travelled != nil
                if storeAccepted { travels += 1 }
                if let travelled, steps == 1 { reported = travelled[0].changes }
                #expect(modelAccepted == storeAccepted, "seed \(seed) step \(step): \(command)")
            }
            if case .undo = command {
            } else if case .redo = command {
            } else {
                storeAccepted = storeResult != nil
                reported = storeResult?.changes
                #expect(modelAccepted == storeAccepted, "seed \(seed) step \(step): \(command)")
                if modelAccepted {
                    let changed = history.record(before: before, after: model)
                    #expect(changed == (storeResult?.step != nil), "seed \(seed) step \(step): \(command) step")
                }
            }
            if modelAccepted {
                accepted += 1
                kinds[String(command.description.prefix { $0 != " " }), default: 0] += 1
            }
            if let reported, modelAccepted {
                Self.expectReportTurnsBeforeIntoAfter(
                    reported, before: before, after: model, "seed \(seed) step \(step): \(command)")
                Self.expectReportAppliesInOrderByID(
                    reported, before: before, after: model, "seed \(seed) step \(step): \(command)")
            }
            // The tree, the notes and every item's details, in one walk.
            var actual: [String] = []
            var notes: [ItemID: String] = [:]
            var details: [ItemID: ObservedDetails] = [:]
            var attributes: [ItemID: ItemAttributes] = [:]
            try store.walk(readingAttributes: true) { entry in
                actual.append(TSV.line(for: entry))
                notes[entry.id] = entry.item.note
                attributes[entry.id] = entry.attributes
                details[entry.id] = ObservedDetails(entry.attributes!, doneAt: entry.item.doneAt)
            }
            let expected = model.tsv()
            #expect(actual == expected, "seed \(seed) step \(step): \(command)")
            if actual != expected { return }
            #expect(notes == model.notes, "seed \(seed) step \(step): \(command) notes")
            let mismatches = model.detailsMismatches(details, ledger: &moments)
            #expect(mismatches.isEmpty, "seed \(seed) step \(step): \(command): \(mismatches)")
            if !mismatches.isEmpty { return }
            let workflow = try store.workflow()
            #expect(
                [workflow.open, workflow.done] == [model.workflow.open, model.workflow.done],
                "seed \(seed) step \(step): \(command) workflow")
            // One item read alone, as `show` reads it, holds what the walk read.
            if let id = model.itemIDs.randomElement(using: &rng) {
                #expect(try store.attributes(of: id) == attributes[id], "seed \(seed) step \(step): item \(id)")
            }
            // A done that moved repeating dates left its moment as the item's last done.
            if model.details.values.contains(where: { $0.lastDone == step }) { repeatsDone += 1 }
            // The title index follows every command, undo and redo: find agrees with the model.
            let term = Self.searchTerms.randomElement(using: &rng)!
            let open = Bool.random(using: &rng)
            let found = try store.find(SearchQuery([term], leavingOutDone: open)).map {
                "\($0.item.id)\t\($0.item.title)"
            }
            #expect(found == Self.modelFind(term, in: model, open: open), "seed \(seed) step \(step): find \(term)")
            // The tag index follows set, copies, removals, undo and redo: find --tag agrees too.
            if step % 2 == 0 {
                let tag = Self.searchTags.randomElement(using: &rng)!
                var filters = SearchFilters()
                filters.tags = [tag]
                let tagged = try store.find(SearchQuery([], leavingOutDone: open, filters: filters)).map(\.item.id)
                #expect(
                    tagged == Self.modelFindTag(tag, in: model, open: open),
                    "seed \(seed) step \(step): find --tag \(tag)")
            }
        }
        // The generator must mostly produce commands that do something, or the property is idle.
        #expect(accepted > 90, "seed \(seed): only \(accepted) commands were accepted")
        #expect(travels > 20, "seed \(seed): only \(travels) undos and redos ran")
        #expect(textEdits >= 3, "seed \(seed): only \(textEdits) edits as text changed the outline")
        #expect(kinds["set", default: 0] >= 10, "seed \(seed): only \(kinds) were accepted")
        #expect(kinds["workflow", default: 0] >= 1, "seed \(seed): only \(kinds) were accepted")
        #expect(repeatsDone >= 3, "seed \(seed): only \(repeatsDone) dones moved repeating dates")
        #expect(try store.check().isHealthy)
    }
}
