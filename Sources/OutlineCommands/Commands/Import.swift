import ArgumentParser
import Foundation
import OutlineKit

extension Outline {
    struct Import: TakesGlobalOptions, TakesPlacement {
        static let configuration = CommandConfiguration.outlineCommand(
            "import",
            abstract: "Add the outlines of documents: Markdown, OPML, org, indented text, JSON or taskwarrior's.",
            discussion: """
                Each FILE's items are added, nested as written, as consecutive siblings at the \
                place given (default: last at the top level); - or no FILE reads standard input. \
                The format comes from --format, else the file's extension (.md, .opml, .org, \
                .txt, .json; a .json file of tasks, objects with uuid and description, is \
                taskwarrior's), else its content. Prints the ids of the new top-level items, one \
                a line.

                What is read: Markdown lists (-, *, + and numbered bullets, nested by indent), \
                headings as parents of what follows, [ ], [x] and [COMPLETE] tasks with a \
                keyword after the box that the workflow names, Logseq's TODO, DOING, NOW, LATER, \
                WAITING, DONE and CANCELED markers and [#A] priorities, key:: value lines as \
                tags, dates, priority and properties (id:: and collapsed:: too), SCHEDULED: and \
                DEADLINE: lines, - ## heading blocks, other lines under an item as its note, \
                exactly (page properties before the first item are left out, and said); OPML's <outline> elements with _note, \
                _complete and _status (any case), the attributes export writes, a title's <a \
                href> links as Markdown [text](url), <br> as a space and HTML's named entities \
                decoded (bold, italic and other marks dropped and counted), other attributes as \
                properties; org headlines with the keywords of the file's #+TODO \
                lines (TODO and DONE without one; their fast-access keys and logging settings, \
                such as NEXT(n@/!), dropped and counted), priorities, tags, the planning line \
                (SCHEDULED, DEADLINE, CLOSED as the done time), the property drawer, and \
                everything else under a headline (lists, blocks, tables, LOGBOOK drawers) as its \
                note, exactly; \
                text nested by any consistent indent; the JSON of 'outline ls --json' with every \
                attribute (state, done_at, last_done, tags, scheduled, due, priority, \
                properties), each checked as 'set' checks it; keywords the workflow lacks are \
                added to it, open or done as their items are; taskwarrior's 'task export' \
                (an array, or a task a line): projects as plain items, pending tasks TODO, \
                completed DONE, deleted ones left out, recur as the due date's repeater, \
                annotations as the note, other fields as properties (a uuid an earlier task \
                has is dropped and counted). An empty \
                bullet, headline or <outline> is left out when nothing is under it (counted \
                when it held a state or attributes).

                The import is one step, all or nothing: a file that cannot be read whole is \
                refused, naming the file and the line, and nothing is added. 'outline undo' \
                removes exactly what it added.

                Standard error gets one line: how many items came from which files, and what \
                could not be carried, counted by kind (imported 214 items from tasks.org; kept 3 \
                LOGBOOK drawers in notes). --strict refuses an import that would lose anything, \
                naming the file and line of the first loss; --dry-run reads, checks and reports \
                as the import would, and adds nothing.

                Examples:
                  outline import notes.md
                  outline import workflowy.opml --under Inbox
                  task export > tasks.json && outline import tasks.json --under Tasks
                  pbpaste | outline import - --format markdown --under Groceries --at 1
                  outline export Work | outline import --under Archive
                  outline import tasks.org --dry-run
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var placement: PlacementOptions

        @Argument(
            help: ArgumentHelp("The documents to read; - for standard input.", valueName: "file"), completion: .file())
        var files: [String] = []

        @Option(
            help: ArgumentHelp(
                "The documents' format (default: from the name, else the content).",
                valueName: "format"))
        var format: DocumentFormat?

        @Flag(help: "Refuse the import if it would drop anything the documents hold, naming the first place.")
        var strict = false

        @Flag(help: "Read and check the documents and say what would be imported; add nothing.")
        var dryRun = false

        /// The largest document read, as for `add -`: far beyond any real outline.
        static let maximumBytes = 256 * 1024 * 1024

        mutating func run() throws {
            let sources = files.isEmpty ? ["-"] : files
            if sources.filter({ $0 == "-" }).count > 1 {
                throw CommandFailure(message: "standard input can be read only once; name '-' once")
            }
            // Opened before reading, since a reader takes the outline's keywords for states; a
            // missing file reads as an empty outline and is created only once the documents
            // have been read whole (a dry run creates none).
            var store = try global.openStore(emptyWhenMissing: true)
            let context = DocumentReadingContext(workflow: try store.workflow())
            var items: [ImportedItem] = []
            var workflows: [Workflow] = []
            var report = ImportReport()
            var names: [String] = []
            for source in sources {
                let name = source == "-" ? "standard input" : source
                let bytes = try InputFile.contents(
                    of: source, limit: Self.maximumBytes, whenTooLarge: "import it in parts",
                    whenTerminal: "no document given: name a FILE, or pipe one in and give -")
                let documentFormat = format ?? DocumentFormat(fileName: source == "-" ? nil : source, content: bytes)
                let shortName = source == "-" ? "standard input" : URL(fileURLWithPath: source).lastPathComponent
                do {
                    let document = try documentFormat.readDocument(bytes, context: context)
                    // The first document's items become the list as they are: appended to an
                    // empty list, they were copied, and a million items were held twice.
                    if items.isEmpty { items = document.items } else { items += document.items }
                    workflows += document.workflow.map { [$0] } ?? []
                    report.add(document.report, from: shortName)
                } catch let error as DocumentError {
                    throw CommandFailure(message: "\(name) \(error.message)")
                }
                names.append(shortName)
            }
            if items.isEmpty {
                let shown = sources.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
                throw CommandFailure(
                    message: "\(shown) \(sources.count == 1 ? "holds" : "hold") no items; nothing was added")
            }
            if strict, let loss = report.firstLoss {
                throw CommandFailure(
                    message: "\(loss.firstDocument ?? "the document") line \(loss.firstLine): "
                        + "\(loss.kind.phrase(count: loss.count)) (--strict refuses what would be lost); "
                        + "nothing was added")
            }
            let count = items.reduce(0) { $0 + $1.count }
            // Placed in the stand-in first, so that a place an empty outline lacks (--under
            // Nope) is refused before the file is made; the new file is as empty, so the place
            // holds there.
            let place = try resolvedPlacement(in: store)
            if store.isEmptyStandIn, !dryRun {
                try store.checkPlacement(under: place.parent, placement: place.placement, count: items.count)
                store = try global.openStore(createsFile: true)
            }
            let outcome = try store.importDocuments(
                consume items, declaring: workflows, names: names, under: place.parent, placement: place.placement,
                reportingChanges: global.json && !dryRun, dryRun: dryRun)
            StandardError.writeLine(
                Self.summary(
                    count: count, names: names, report: report, addedKeywords: outcome.addedKeywords, dryRun: dryRun))
            guard !dryRun else { return }
            if global.json {
                ChangeOutput.printJSON(outcome.change)
            } else {
                StandardOutput.shared.reportsASavedChange = true
                for id in outcome.change.ids { StandardOutput.shared.writeLine(String(id)) }
            }
        }

        /// `imported 214 items from tasks.org; kept 3 LOGBOOK drawers in notes; added NEXT to
        /// the workflow`: the one line import says on standard error.
        static func summary(
            count: Int, names: [String], report: ImportReport, addedKeywords: [String], dryRun: Bool
        ) -> String {
            var parts = [
                "\(dryRun ? "would import" : "imported") \(count) \(count == 1 ? "item" : "items") from "
                    + names.joined(separator: ", ")
            ]
            parts += report.phrases
            if !addedKeywords.isEmpty {
                parts.append("added \(addedKeywords.joined(separator: ", ")) to the workflow")
            }
            return TitleSanitizer.forTerminal(parts.joined(separator: "; "))
        }
    }
}
