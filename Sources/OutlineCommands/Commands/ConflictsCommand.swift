import ArgumentParser
import OutlineKit

extension Outline {
    struct Conflicts: ParsableCommand {
        static let configuration = CommandConfiguration.outlineCommand(
            "conflicts", abstract: "List the values sync set aside; take one back, or dismiss it.",
            discussion: """
                When two machines change the same value before they see each other's change (a \
                title, a note, a state, a date, the priority or one property; or one changes an \
                item the other removed), the outline shows the change that reached the remote \
                last, on every machine alike, and the other is set aside here, under the same \
                number on every machine, until someone takes or dismisses it. Each line: \
                number, path, which value, what the outline shows, what was set aside.

                Examples:
                  outline conflicts
                  outline conflicts take 1            # the set-aside value comes back
                  outline conflicts dismiss 2         # keep what the outline shows
                  outline conflicts --json
                """,
            subcommands: [ListConflicts.self, Take.self, Dismiss.self],
            defaultSubcommand: ListConflicts.self)
    }
}

extension Outline.Conflicts {
    /// `outline conflicts`: the open ones.
    struct ListConflicts: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the open conflicts (the default).",
            discussion: """
                With --json: an array of {"n", "id", "path", "what", "kept", "set_aside"}. No \
                conflict: nothing printed, exit 0.

                Examples:
                  outline conflicts
                  outline conflicts --json | jq '.[].set_aside'
                """)

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore(recordsSteps: false)
            ConflictOutput.printList(try store.conflicts(), json: global.json)
        }
    }

    /// `outline conflicts take N`.
    struct Take: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "take",
            abstract: "Put the set-aside value back, as a new step that the next sync sends.",
            discussion: """
                A value is set again; an item that another machine removed comes back with its \
                subtree, under its old parent or the nearest one still there (one that is back \
                already gets the values set aside). 'undo' puts back what the outline showed \
                before and lists the conflict again ('redo' takes it once more); once the take \
                was sent, the conflict comes back under a new number, the same on every machine.

                Examples:
                  outline conflicts take 1 && outline sync
                """)

        @Argument(help: "The conflict's number, as 'outline conflicts' lists it.")
        var number: Int

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore()
            ChangeOutput.print(try store.takeConflict(number, reportingChanges: global.json), json: global.json)
        }
    }

    /// `outline conflicts dismiss N`.
    struct Dismiss: TakesGlobalOptions {
        static let configuration = CommandConfiguration(
            commandName: "dismiss",
            abstract: "Forget a conflict on every machine, keeping what the outline shows.",
            discussion: """
                The next sync tells the other machines. Not a step: nothing in the outline changes.

                Examples:
                  outline conflicts dismiss 2
                """)

        @Argument(help: "The conflict's number, as 'outline conflicts' lists it.")
        var number: Int

        @OptionGroup var global: GlobalOptions

        mutating func run() throws {
            let store = try global.openStore()
            try store.dismissConflict(number)
            if global.json {
                JSONWriter.printObject { $0.field("dismissed", number) }
            } else {
                StandardOutput.shared.writeLine("dismissed conflict \(number); the next sync tells the other machines")
            }
        }
    }
}
