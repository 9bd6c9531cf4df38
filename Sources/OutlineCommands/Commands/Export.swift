import ArgumentParser
import OutlineKit

extension Outline {
    struct Export: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "export", abstract: "Write an item's descendants (default: the whole outline) as a document.",
            discussion: """
                Formats (--format, default markdown):
                  markdown  a CommonMark / GitHub Flavored Markdown list: - bullets, two spaces \
                a level, tasks as - [ ] and - [x] with any keyword but the workflow's first ones \
                after the box (--tasks writes plain items as - [ ] too), a workflow other than \
                TODO | DONE in a first <!-- workflow: ... --> line; tags, dates, priority and \
                properties as Logseq's key:: value lines under the item; notes under them as \
                written, code blocks, tables and HTML included (an HTML block ends with its \
                note). Titles are backslash-escaped so that \
                any CommonMark reader, and pandoc's own Markdown, sees the same tree and text \
                (x^2^, H~2~O and $a$ stay text); inside a web address (http://, https://, \
                ftp://, www.) only what a reader would read as markup is escaped, so that \
                GitHub links the exact address; an http(s) or ftp address holding a pair such \
                as /_b_/, or ending in an entity such as &amp;, is written as an autolink, \
                <https://...>, instead. Done times are not written.
                  opml      OPML 2.0: nested <outline text="..."> elements, notes as _note, done \
                items with _complete="true", the other attributes as _state, _tags, _scheduled, \
                _due, _priority, _done_at, _last_done and one _KEY a property.
                  org       org-mode headlines, one * a level: * KEYWORD [#A] title :tags:, \
                then the planning line (SCHEDULED, DEADLINE, CLOSED), a property drawer and the \
                note exactly (--tasks writes plain items with the first open keyword); a \
                workflow other than TODO | DONE is the first line, #+TODO: ...
                  text      titles alone, two spaces of indent a level.
                  json      the nested array of 'outline ls --json', every attribute included: \
                import reads it back whole (ids aside).
                  taskwarrior  the JSON that 'task import' reads: done items completed, the rest \
                pending, but plain items with children, which are the project of the tasks \
                below them; a task's parent task in outline_parent, the due date's repeater as \
                recur, the scheduled date's as scheduled_repeat, the note's lines as \
                annotations, properties as fields; an open item that repeats is the instance \
                (parent, imask) of a template written after it, the one it came from when it \
                has a parent property; what taskwarrior cannot carry (a project's note and \
                attributes, keywords other than TODO and DONE...) is counted on standard error; \
                refused: two items with one uuid, and a property named as a field it writes \
                (project, id...) or an end on an open item.
                --open leaves out done items with their subtrees.

                --include-self writes REF itself too, its descendants one level deeper, so that \
                the document carries the item whole: its title, state and note with everything \
                below it. Without it, an item with no children writes an empty document, and a \
                note on standard error says so. The root is not an item: --include-self needs \
                a REF.

                Examples:
                  outline export > outline.md
                  outline export Work --format opml > work.opml
                  outline export --tasks | pandoc -f gfm -o todo.html
                  outline export Trips --format org --open
                  outline export Work --include-self --json | outline import - --under Archive
                  outline export --format taskwarrior > tasks.json && task import tasks.json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(reference: "Whose descendants to write (default: the root).")
        var item: ItemReference?

        @Flag(help: "Write REF itself too, with its descendants below it.")
        var includeSelf = false

        @Option(
            help: ArgumentHelp("The document's format (default: markdown).", valueName: "format"))
        var format: DocumentFormat?

        @Flag(help: "Leave out done items, with their subtrees.")
        var open = false

        @Flag(help: "Write open items as tasks too: - [ ] in markdown, TODO in org.")
        var tasks = false

        func validate() throws {
            try validateGlobalOptions()
            if global.json, let format, format != .json {
                throw ValidationError("--json writes JSON; use --format json (or leave out --json) for a document")
            }
            if includeSelf, item == nil || item == .id(.root) {
                throw ValidationError("the root is not an item; name an item, or drop --include-self")
            }
        }

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let start = try item.map(store.resolve) ?? .root
            let format = format ?? (global.json ? .json : .markdown)
            let wroteItems: Bool
            switch format {
            case .json:
                wroteItems = try ListingJSON.write(
                    store, from: start, includingStart: includeSelf, maxDepth: nil, leavingOutDone: open)
            case .markdown:
                wroteItems = try write(
                    MarkdownWriter(workflow: try store.workflow(), marksOpenTasks: tasks), store, from: start)
            case .opml: wroteItems = try write(OPMLWriter(), store, from: start)
            case .org:
                wroteItems = try write(
                    OrgWriter(workflow: try store.workflow(), marksOpenTasks: tasks), store, from: start)
            case .text: wroteItems = try write(TextWriter(), store, from: start)
            case .taskwarrior:
                var writer = TaskwarriorWriter(outlinePath: store.path)
                wroteItems = try write(&writer, store, from: start)
                if !writer.notCarried.entries.isEmpty {
                    // Nothing lost without a word: as `import` counts what it could not carry.
                    StandardError.writeLine(
                        "taskwarrior cannot carry everything: " + writer.notCarried.phrases.joined(separator: "; "))
                }
            }
            if !wroteItems, start != .root, !includeSelf, try store.children(of: start).isEmpty {
                // An empty document is what a script asked for; a person who named a leaf most
                // likely wanted the item itself.
                StandardError.writeLine(
                    "item \(start) has no children, so nothing was written; --include-self writes the item itself")
            }
        }

        /// Streams the walk of `start`'s subtree through `writer` to standard output, and says
        /// whether it wrote any item.
        private func write(_ writer: some OutlineDocumentWriter, _ store: OutlineStore, from start: ItemID) throws
            -> Bool
        {
            var writer = writer
            return try write(&writer, store, from: start)
        }

        /// Streams the walk through `writer`, which the caller keeps for what it counted.
        private func write(_ writer: inout some OutlineDocumentWriter, _ store: OutlineStore, from start: ItemID)
            throws -> Bool
        {
            var wroteItems = false
            let output = StandardOutput.shared
            try writer.begin(title: start == .root ? nil : try store.item(start).title)
            try store.walk(
                from: start, includingStart: includeSelf, leavingOutDone: open,
                readingAttributes: writer.writesAttributes,
                enter: { entry in
                    wroteItems = true
                    try writer.enter(entry)
                    if writer.bytes.count >= 16 * 1024 { output.write(bytes: writer.takeBytes()) }
                },
                leave: { writer.leave($0) })
            writer.end()
            output.write(bytes: writer.takeBytes())
            return wroteItems
        }
    }
}

extension DocumentFormat: ExpressibleByArgument {}
