import ArgumentParser
import OutlineKit

extension Outline {
    struct Find: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "find", abstract: "Find the items whose title or note holds every TEXT, and that pass every filter.",
            discussion: """
                Ignores case and diacritics (cafe finds a title spelled with an accented e), and \
                matches anywhere in a title or note (ilk finds Milk). Prints one line a match, in \
                outline order: its id and its path, which works as a REF. On a terminal the \
                matches in titles are marked. --open leaves out done items and everything below \
                them.

                Filters: --tag T (every one given; a #T in a title counts), --state K (any one \
                given; none for plain items), --priority P (P or higher), --due-by DATE and \
                --scheduled-by DATE (open items, on or before), --done-since DATE (done then or \
                later, repeating tasks included), --property KEY or KEY=VALUE. TEXT may be left \
                out when a filter is given.

                --tsv: id, parent, position, depth, title, done (1 or 0), path, separated by tabs \
                (depth counts from the top). --json: an array of 'outline show --json' objects.

                Finding nothing prints nothing (--json: []) and exits with status 1, as grep \
                does, so that a script can test for a match.

                Examples:
                  outline find milk
                  if outline find milk > /dev/null; then echo "milk is on a list"; fi
                  outline find call ana --under Work
                  outline find invoice --open
                  outline find invoice --tsv | cut -f1 | xargs -r outline rm
                  outline find --done-since today            # what did I finish today
                  outline find --tag work --due-by +7d --priority B
                  outline find report --state TODO --state NEXT
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "What the title or note must hold; every TEXT must be there. Optional with a filter.",
                valueName: "text"))
        var text: [String] = []

        @Option(reference: "Look only below this item (default: the whole outline).")
        var under: ItemReference?

        @Flag(help: "Leave out done items, and everything below them.")
        var open = false

        @Flag(help: "One line a match: id, parent, position, depth, title, done, path, separated by tabs.")
        var tsv = false

        @OptionGroup var filters: FilterOptions

        func validate() throws {
            try validateGlobalOptions()
            if tsv && global.json { throw ValidationError("use only one of --tsv and --json") }
            if filters.isEmpty, text.isEmpty {
                throw ValidationError("give some text to look for, or a filter such as --tag or --due-by")
            }
            if filters.isEmpty, text.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
                throw ValidationError("give some text to look for; blank TEXT finds nothing")
            }
        }

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            let query = try SearchQuery(
                text, under: try under.map(store.resolve) ?? .root, leavingOutDone: open,
                filters: filters.isEmpty ? SearchFilters() : try filters.filters(today: try Today.current()))
            let output = StandardOutput.shared
            if global.json {
                var json = JSONWriter()
                json.openArray()
                let found = try store.findDetails(query)
                for details in found { ItemDetailsOutput.write(details, to: &json) }
                json.closeArray()
                output.write(bytes: json.bytes)
                output.write("\n")
                if found.isEmpty { throw Self.nothingFound }
                return
            }
            let terminal = Terminal.isStandardOutputTerminal
            if !tsv, !Terminal.usesColour {
                // The common case, and the one that may print a million paths: as bytes.
                let count = try FoundLines.write(query, in: store, to: output)
                if count == 0 {
                    if terminal { StandardError.writeLine("nothing found") }
                    throw Self.nothingFound
                }
                return
            }
            let found = try store.find(query)
            var paths = FoundPath(terms: query.terms)
            for match in found {
                if tsv {
                    let entry = TreeEntry(item: match.item, depth: match.depth, isLastSibling: false)
                    let path =
                        terminal
                        ? TitleSanitizer.forTerminal(match.path.description)
                        : TitleSanitizer.escapingControls(match.path.description)
                    output.writeLine(TSV.line(for: entry, forTerminal: terminal) + "\t" + path)
                } else {
                    output.writeLine("\(match.item.id)  " + paths.shown(match))
                }
            }
            if found.isEmpty {
                if terminal { StandardError.writeLine("nothing found") }
                throw Self.nothingFound
            }
        }

        /// A search that found nothing is not an error, and says nothing more, but exits 1, as
        /// grep does: `if outline find milk; then` tests for a match.
        static let nothingFound = ExitCode.failure
    }
}

/// A found item's path as `find` shows it to a person: made safe for a terminal, with the
/// matches in the item's own title marked when colour is on.
struct FoundPath {
    let terms: [String]
    /// The last parent's shown path: results come in outline order, so siblings follow each
    /// other, and a common word would otherwise rebuild the same prefix thousands of times.
    private var lastParent: (id: ItemID, prefix: String)?

    init(terms: [String]) { self.terms = terms }

    mutating func shown(_ match: FoundItem) -> String {
        let prefix: String
        if let lastParent, lastParent.id == match.item.parentID {
            prefix = lastParent.prefix
        } else {
            let parent = TitlePath(titles: Array(match.path.titles.dropLast()), isAnchored: true).description
            prefix = TitleSanitizer.forTerminal(parent == "/" ? "/" : parent + "/")
            lastParent = (match.item.parentID, prefix)
        }
        let title = match.item.title
        guard Terminal.usesColour else { return prefix + Self.safe(title[...]) }
        var shown = prefix
        var cursor = title.startIndex
        for range in SearchHighlight.ranges(of: terms, in: title) {
            shown += Self.safe(title[cursor..<range.lowerBound]) + Terminal.bold(Self.safe(title[range]))
            cursor = range.upperBound
        }
        return shown + Self.safe(title[cursor...])
    }

    /// A piece of a title, escaped as in a path and made safe for a terminal.
    private static func safe(_ piece: Substring) -> String {
        TitleSanitizer.forTerminal(TitlePath.escaped(String(piece)))
    }
}
