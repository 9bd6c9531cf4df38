import ArgumentParser
import OutlineKit

extension Outline {
    struct NoteCommand: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "note", abstract: "Set, remove or print an item's note.",
            discussion: """
                A note is text of any number of lines under an item. With TEXT, it becomes the \
                item's note (an empty TEXT removes it); with -, the note is read from standard \
                input; without either, the note is printed. White space at its end is trimmed. \
                Tabs and line ends are kept; other control characters are refused, and so is a \
                note over 1 MiB.

                Examples:
                  outline note Groceries/Milk "Oat, not soy"
                  outline note Trips/Rome - < itinerary.txt
                  outline note Trips/Rome                  # prints it
                  outline note Groceries/Milk ""           # removes it
                  outline note Groceries -- "- oat milk"   # a text that starts with - goes after --
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(reference: "The item whose note to set or print.")
        var item: ItemReference

        @Argument(help: ArgumentHelp("The note; - reads it from standard input; \"\" removes it.", valueName: "text"))
        var text: String?

        mutating func run() throws {
            guard let text else { return try printNote() }
            let note = text == "-" ? try StandardInputNote.read() : text
            let store = try global.openStore()
            let result = try store.setNote(try store.resolve(item), to: note, reportingChanges: global.json)
            ChangeOutput.print(result, json: global.json)
        }

        private func printNote() throws {
            let store = try global.openStore(recordsSteps: false)
            let id = try store.resolve(item)
            let note = try store.item(id).note
            if global.json {
                JSONWriter.printObject { json in
                    json.field("id", id)
                    json.field("note", note)
                }
            } else if let note {
                // On a terminal, escapes are neutralised; a pipe gets the note as stored, so that
                // `note A | note B -` copies it, with only controls (which only a file edited
                // outside outline holds) made visible.
                let shown =
                    Terminal.isStandardOutputTerminal
                    ? TitleSanitizer.forTerminalKeepingLines(note) : TitleSanitizer.escapingControlsKeepingLines(note)
                StandardOutput.shared.writeLine(shown)
            }
        }
    }
}
