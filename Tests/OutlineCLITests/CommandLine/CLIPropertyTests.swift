import Foundation
import OutlineKit
import OutlineTestSupport
import Testing

/// Random command lines through the real binary, against the model, comparing `ls --tsv` and the
/// notes after every step. The library's property test runs thousands of steps; this one proves
/// the command line (parsing, placement flags, exit statuses, printed ids) agrees with it.
@Suite("Random command lines against a model")
struct CLIPropertyTests {
    // The seeds play new sequences since set and workflow came into the generator: 12 and 15,
    // among 11 to 16, grow outlines big enough for most commands to apply, and between them set
    // attributes, change the workflow and mark repeating tasks done. (11 now stays too small for
    // more than 40 commands to apply.)
    @Test(arguments: [12, 15] as [UInt64])
    func binaryMatchesTheModel(seed: UInt64) throws {
        let outline = OutlineProcess()
        // Every command but add refuses a --db file that does not exist yet.
        try outline.createDatabase()
        var model = TreeModel()
        var history = ModelHistory()
        var rng = SeededGenerator(seed: seed)
        var accepted = 0
        for step in 1...110 {
            let command = RandomCommand.random(
                existing: model.itemIDs, nextID: model.nextID, model: model, using: &rng)
            let before = model
            let result = try outline.run(command.arguments, input: command.input)
            let printedIDs = result.lines.compactMap { ItemID($0) }
            let expectedOK: Bool
            switch command {
            case .undo(let steps): expectedOK = history.travel(&model, steps: steps, undoing: true)
            case .redo(let steps): expectedOK = history.travel(&model, steps: steps, undoing: false)
            case .editText(let root, let lines):
                // Its summary names no ids; the tree comparison below checks the new ones.
                expectedOK = model.applyEdit(under: root, lines: lines, at: step) != nil
                if expectedOK { _ = history.record(before: before, after: model) }
            default:
                expectedOK = command.apply(to: &model, expectingIDs: printedIDs, at: step)
                if expectedOK { _ = history.record(before: before, after: model) }
            }
            let context = "seed \(seed) step \(step): \(command.arguments) \(result)"
            #expect(result.status == (expectedOK ? 0 : 1), "\(context)")
            if result.status == 0 { accepted += 1 }
            let tsv = try outline.tsv()
            #expect(tsv == model.tsv(), "\(context)")
            let notes = try outline.run(["ls", "--json"]).stdout
            #expect(Self.notes(inListing: notes) == model.notes, "\(context)")
            if tsv != model.tsv() { break }
        }
        #expect(accepted > 40)
    }

    /// The notes in an `ls --json` listing, by id.
    static func notes(inListing json: String) -> [ItemID: String] {
        guard !json.isEmpty, let items = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        else { return [:] }
        var notes: [ItemID: String] = [:]
        func visit(_ items: [[String: Any]]) {
            for item in items {
                if let note = item["note"] as? String { notes[(item["id"] as! NSNumber).int64Value] = note }
                visit(item["children"] as? [[String: Any]] ?? [])
            }
        }
        visit(items)
        return notes
    }
}
