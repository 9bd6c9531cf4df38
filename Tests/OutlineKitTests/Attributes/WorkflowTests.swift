import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The workflow's grammar, and the states `done`, `reopen` and `setAttributes` give items under it.
@Suite("workflows and states")
struct WorkflowTests {
    @Test func aWorkflowReadsAsOrgModeWritesIt() throws {
        let workflow = try Workflow(parsing: "TODO(t) NEXT(n!) WAIT(w@/!) | DONE(d) CANCELLED")
        #expect(workflow.open == ["TODO", "NEXT", "WAIT"])
        #expect(workflow.done == ["DONE", "CANCELLED"])
        #expect(workflow.description == "TODO NEXT WAIT | DONE CANCELLED")
        #expect(workflow.keyword(named: "next") == "NEXT")
        #expect(workflow.keyword(named: "LATER") == nil)
        #expect(try Workflow(parsing: "  ON-HOLD   TODO_2 |DONE ").open == ["ON-HOLD", "TODO_2"])
        // As org-mode reads a #+TODO: line: the prefix dropped; without a |, the last is done.
        #expect(try Workflow(parsing: "#+TODO: TODO NEXT DONE") == Workflow(parsing: "TODO NEXT | DONE"))
        #expect(try Workflow(parsing: "#+todo: TODO | DONE") == .standard)
        for bad in [
            "TODO", "TODO | DONE | X", "| DONE", "TODO |", "Todo | DONE", "2DO | DONE", "TODO | TODO",
            "TODO(t | DONE", "NONE | DONE",
        ] {
            #expect(throws: OutlineError.self, "\(bad)") { try Workflow(parsing: bad) }
        }
    }

    @Test func doneReopenAndStatesFollowTheWorkflow() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try store.add(["plain", "task", "other"]).ids
        try store.setWorkflow(try Workflow(parsing: "TODO NEXT | DONE CANCELLED"))
        var next = AttributeChange()
        next.state = .keyword("next")
        try store.setAttributes([ids[1]], next)
        #expect(try store.attributes(of: ids[1]).state == "NEXT")

        let moment = Date(timeIntervalSince1970: 1_790_000_000)
        let done = try store.markDone(ids, at: moment)
        #expect(done.action == .done(titles: ["plain", "task", "other"]))
        for id in ids {
            #expect(try store.attributes(of: id).state == "DONE")
            #expect(try store.item(id).doneAt == moment)
        }
        // Done again changes nothing; CANCELLED keeps the time it was done.
        #expect(try store.markDone(ids).step == nil)
        var cancelled = AttributeChange()
        cancelled.state = .keyword("CANCELLED")
        try store.setAttributes([ids[2]], cancelled)
        #expect(try store.attributes(of: ids[2]).state == "CANCELLED")
        #expect(try store.item(ids[2]).doneAt == moment)

        try store.reopen(ids)
        for id in ids {
            #expect(try store.attributes(of: id).state == "TODO")
            #expect(try store.item(id).doneAt == nil)
        }
        var plain = AttributeChange()
        plain.state = .plain
        try store.setAttributes([ids[0]], plain)
        #expect(try store.attributes(of: ids[0]) == ItemAttributes())

        // Each was one step; undoing them all leaves the items as they were added.
        try store.undoManager.undo(steps: 6)
        for id in ids { #expect(try store.attributes(of: id) == ItemAttributes()) }
        #expect(try store.workflow() == .standard)
    }

    @Test func aWorkflowThatWouldContradictItemsIsRefused() throws {
        let fixture = try StoreFixture()
        let store = fixture.store
        let ids = try store.add(["a", "b"]).ids
        try store.markDone([ids[0]])
        var todo = AttributeChange()
        todo.state = .keyword("TODO")
        try store.setAttributes([ids[1]], todo)
        #expect(throws: OutlineError.keywordInUse(keyword: "TODO", count: 1)) {
            try store.setWorkflow(try Workflow(parsing: "NEXT | DONE"))
        }
        // DONE is carried by a done item: it cannot become an open keyword.
        #expect(throws: OutlineError.self) { try store.setWorkflow(try Workflow(parsing: "TODO DONE | FINISHED")) }
        #expect(try store.workflow() == .standard)
    }
}
