import ArgumentParser
import Foundation
import OutlineKit

extension Outline {
    struct List: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "ls", abstract: "List an item's descendants (default: the whole outline).",
            discussion: """
                The human form is an indented tree with ids; a done item is marked with a check \
                mark (and dimmed \
                on a colour terminal), and --notes shows notes under their items. --tsv prints one \
                line an item, depth-first: id, parent, position, depth, title, done (1 or 0), \
                separated by tabs (REF's children have depth 1). --json prints a nested array of \
                {"id", "title", "position", "done", "note", "children"} (note is null where there \
                is none). Where --depth hides an item's children, the tree shows how many \
                descendants it hides, as (+5), and the JSON gives "children": null and \
                "hidden": 5. --open leaves out done items with their subtrees; the items shown keep \
                their positions.

                --sections initial lists REF's children alone, sorted by title and grouped under one \
                header per initial letter, as a contacts list is; titles in other scripts file under \
                their Latin transliteration, as an English contacts list files them: Chinese by \
                pinyin (Zhang under Z), Cyrillic by BGN/PCGN (Yuliya under Y), kana by its reading, \
                Han characters by their Mandarin reading; titles that start with no letter under #. \
                Its --tsv form starts each line with the section; its --json form is an array of \
                {"section", "items": [{"id", "title", "position", "done", "note"}]}.

                Examples:
                  outline ls
                  outline ls Groceries --depth 1
                  outline ls --open --notes
                  outline ls --tsv | awk -F'\\t' '$4 == 1 {print $5}'
                  outline ls --json | jq '.[].title'
                  outline ls Contacts --sections initial
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(reference: "Whose descendants to list (default: the root).")
        var item: ItemReference?

        @OptionGroup var levels: DepthOption

        @Flag(help: "One line an item: id, parent, position, depth, title, done (1 or 0), separated by tabs.")
        var tsv = false

        @Flag(help: "Leave out done items, with their subtrees.")
        var open = false

        @Flag(help: "Show each item's note, indented under it.")
        var notes = false

        @Option(help: ArgumentHelp("Group REF's children into sections; 'initial' is the one key.", valueName: "key"))
        var sections: SectionOption?

        enum SectionOption: String, ExpressibleByArgument, CaseIterable {
            case initial

            // What swift-argument-parser would derive from `allCases`, written out: deriving it
            // maps the cases through a key path, and looking up the conformances that takes
            // scans every conformance record of the binary twice, on every `ls`
            // (Docs/performance.md, "Start-up"). `CommandNamesTests` checks them against the cases.
            static var allValueStrings: [String] { ["initial"] }
            static var allValueDescriptions: [String: String] { [:] }
            static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
        }

        func validate() throws {
            try validateGlobalOptions()
            try levels.refuseBelowOne()
            if sections != nil, levels.depth != nil {
                throw ValidationError("--sections lists REF's children alone; drop --depth")
            }
            if tsv && global.json { throw ValidationError("use only one of --tsv and --json") }
            if notes && (tsv || global.json || sections != nil) {
                throw ValidationError("--notes is for the tree; --json always gives notes, --tsv and --sections never")
            }
        }

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let start = try item.map(store.resolve) ?? .root
            if sections != nil {
                try SectionedListing(store: store, parent: start, leavingOutDone: open).print(
                    json: global.json, tsv: tsv)
            } else if global.json {
                try ListingJSON.write(store, from: start, maxDepth: levels.depth, leavingOutDone: open)
            } else if tsv {
                let terminal = Terminal.isStandardOutputTerminal
                var line: [UInt8] = []
                try store.walk(from: start, maxDepth: levels.depth, leavingOutDone: open) { entry in
                    line.removeAll(keepingCapacity: true)
                    TSV.appendLine(for: entry, forTerminal: terminal, to: &line)
                    StandardOutput.shared.write(bytes: line)
                }
            } else {
                try printTree(store, from: start)
            }
        }

        private func printTree(_ store: OutlineStore, from start: ItemID) throws {
            var renderer = TreeRenderer(largestID: try store.largestID())
            var printedAny = false
            try store.walk(
                from: start, maxDepth: levels.depth, leavingOutDone: open,
                enter: {
                    printedAny = true
                    StandardOutput.shared.writeLine(renderer.enter($0))
                    if notes { for line in renderer.noteLines($0) { StandardOutput.shared.writeLine(line) } }
                },
                leave: { renderer.leave($0) })
            if !printedAny, Terminal.isStandardOutputTerminal {
                let hint =
                    start == .root
                    ? "the outline is empty; add an item with: outline add TITLE" : "item \(start) has no children"
                StandardError.writeLine(hint)
            }
        }
    }
}
