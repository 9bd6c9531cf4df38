import Foundation
import Testing

/// `export --format taskwarrior` says on standard error what taskwarrior cannot carry, counted
/// by kind as `import` counts it, and says nothing when it carries everything.
@Suite("taskwarrior export: what it cannot carry")
struct TaskwarriorExportLossTests {
    let outline = OutlineProcess()

    @Test func whatTaskwarriorCannotCarryIsCountedOnStandardError() throws {
        for arguments in [
            ["workflow", "TODO NEXT | DONE"], ["add", "Home", "--tag", "house"],
            ["note", "/Home", "keys under the mat"],
            ["add", "Fence", "--under", "/Home", "--state", "NEXT"],
            ["add", "v1.2", "--property", "Effort=2h"],
            ["add", "Ship", "--under", "/v1.2", "--due", "2026-12-02 ++1w"],
            ["add", "Call mum", "--state", "TODO"],
        ] {
            let result = try outline.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        let exported = try outline.run(["export", "--format", "taskwarrior"])
        #expect(exported.status == 0)
        #expect(
            exported.stderr
                == "taskwarrior cannot carry everything: dropped 2 projects' notes or attributes (plain items with "
                + "children); dropped 1 keyword other than TODO and DONE; dropped 1 project title with a dot (read "
                + "back as two levels); dropped 1 due date's ++ or .+ repeat (written as +)\n")
        let plain = try outline.run(["export", "--format", "taskwarrior", "/Home"])
        #expect(plain.stderr == "taskwarrior cannot carry everything: dropped 1 keyword other than TODO and DONE\n")
        let nothingLost = try outline.run(["export", "--format", "taskwarrior", "Call mum", "--include-self"])
        #expect(nothingLost.status == 0)
        #expect(nothingLost.stderr == "")
    }

    /// An item that came from a repeating task and no longer repeats is written without its
    /// template's links (they would keep it an instance of a task that repeats), and that is said.
    @Test func anItemThatNoLongerRepeatsLeavesItsTemplateLinksOutAndSaysSo() throws {
        try outline.run([
            "add", "Water", "--state", "TODO", "--due", "2026-12-01",
            "--property", "parent=11111111-1111-4111-8111-111111111111", "--property", "imask=2",
            "--property", "rtype=periodic",
        ])
        let exported = try outline.run(["export", "--format", "taskwarrior"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(!exported.stdout.contains("\"parent\"") && !exported.stdout.contains("\"imask\""), "\(exported.stdout)")
        #expect(
            exported.stderr
                == "taskwarrior cannot carry everything: dropped 1 template link of an item that no longer repeats "
                + "(parent, imask, mask, rtype)\n")
    }
}
