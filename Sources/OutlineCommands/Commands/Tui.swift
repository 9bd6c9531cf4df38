import ArgumentParser
import Foundation
import OutlineKit

extension Outline {
    struct Tui: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "tui", abstract: "The interactive outliner: browse and edit the outline on the terminal.",
            discussion: """
                Shows REF's subtree (default: the whole outline) on the whole terminal, every item \
                unfolded, the cursor on the first row, and edits it with the keys below. Every \
                change is one step of the history that every command shares: u undoes a change \
                made by outline in another shell, and 'outline undo' one made here. Changes that \
                other processes commit (a command, a sync, another outliner) show at once, marked \
                + new, ~ moved, * changed, with the cursor kept on its item.

                Keys:
                \(OutlinerKeys.helpLines.joined(separator: "\n"))

                After :, a command line as outline takes it, run on this outline; a command whose \
                first operand is an item and that is given none works on the item under the \
                cursor (:set --due fri, :show, :mv --under Work). Its output shows at the bottom, \
                or in full when it is longer than a line.

                Refused when standard input or output is not a terminal: scripts use the other \
                commands.

                Examples:
                  outline tui
                  outline tui Work
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(reference: "Whose subtree to show (default: the whole outline).")
        var item: ItemReference?

        func validate() throws {
            try validateGlobalOptions()
            if global.json { throw ValidationError("tui draws on a terminal; --json has no meaning for it") }
        }

        mutating func run() throws {
            var store = try global.openStore()
            let root = try item.map(store.resolve) ?? .root
            if root != .root { _ = try store.item(root) }
            if ProcessInfo.processInfo.environment["TERM"] == "dumb" {
                throw CommandFailure(
                    message: "tui needs a terminal that can move its cursor, and TERM is 'dumb'; ls, find and the "
                        + "other commands work on any")
            }
            guard isatty(0) == 1, isatty(1) == 1 else {
                throw CommandFailure(
                    message:
                        "tui needs a terminal on standard input and output; scripts use ls, find and the other commands"
                )
            }
            // The default outline that does not exist yet is made, for the first item to go in;
            // a file named with --db that does not exist is refused as a likely typo.
            if store.isEmptyStandIn { store = try global.openStore(createsFile: true) }
            if let signal = try OutlinerLoop(store: store, outliner: try Outliner(store: store, root: root)).run() {
                // Ended by SIGTERM, SIGHUP or SIGQUIT, the terminal given back: the status a
                // shell expects of a process a signal ended.
                throw ExitCode(128 + signal)
            }
        }
    }
}
