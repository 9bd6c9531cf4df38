import ArgumentParser
import Foundation
import OutlineKit

extension Outline {
    struct Edit: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "edit", abstract: "Give an item a new title, or edit a subtree in your editor.",
            discussion: """
                With a TITLE, retitles the item. Without one, opens the item's descendants (or \
                the whole outline) in $VISUAL, else $EDITOR, else vi: one item a line, two spaces \
                of indent a level, the state before a task's title, and the item's #ID at the end \
                of its line. Reorder, indent, retitle, add and delete lines, then save and quit: \
                what the text changed is applied as one step, which 'outline undo' takes back. \
                Lines without an #ID are new items; an item whose line is gone is removed. Notes, \
                tags, dates and the other attributes are kept.

                The state is [ ] for the workflow's first open keyword (TODO by default), [x] for \
                its first done one (DONE; [X] is read as [x] too), and the keyword in brackets for \
                any other; a plain item has none. Change it to change the item's state, as \
                'outline set --state' would: \
                [x] marks a task done as 'outline done' does (a repeating one stays open and its \
                dates move on), and taking the brackets away makes the item plain. For example, \
                with the workflow "TODO NEXT | DONE":

                  Groceries  #1
                    [x] Milk  #2
                    [NEXT] Eggs  #3
                    [ ] Bread  #4

                If the text cannot be applied (an unknown or repeated #ID, a keyword the workflow \
                lacks, an indent that skips a level, a refused title, or the items changed \
                meanwhile), nothing is changed and the text is kept in a file whose path the error \
                gives; --apply FILE retries it, and once the kept file applies it is removed (a \
                file of your own given to --apply is never removed).

                Examples:
                  outline edit Groceries/Milk "Buy oat milk"
                  outline edit 3 -- "-20% off"
                  outline edit Groceries
                  outline edit Groceries --print > groceries.txt
                  outline edit Groceries --apply groceries.txt
                  outline edit Groceries --print | sed 's/Milk  #/Oat milk  #/' | outline edit Groceries --apply -
                  outline edit Groceries --print | sed 's/^\\[ \\] /[x] /' | outline edit Groceries --apply -
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(reference: "The item to retitle, or whose descendants to edit (default: the whole outline).")
        var item: ItemReference?

        @Argument(help: "The new title; without it, the subtree opens in an editor.")
        var title: String?

        @Flag(name: .customLong("print"), help: "Write the subtree's editable text to standard output.")
        var printsText = false

        @Option(
            name: .customLong("apply"),
            help: ArgumentHelp("Apply an edited text (- for standard input) without an editor.", valueName: "file"))
        var appliedFile: String?

        /// The largest text applied, as for `import`.
        static let maximumBytes = 256 * 1024 * 1024

        func validate() throws {
            try validateGlobalOptions()
            if printsText, appliedFile != nil {
                throw ValidationError("--print and --apply cannot be given together")
            }
            if title != nil, printsText || appliedFile != nil {
                throw ValidationError("--print and --apply edit a subtree as text; they take no TITLE")
            }
            if printsText, global.json {
                throw ValidationError("--print writes the text itself; it has no --json form")
            }
        }

        mutating func run() throws {
            if let title {
                guard let item else { throw ValidationError("name the item to retitle") }
                let store = try global.openStore()
                let result = try store.edit(try store.resolve(item), title: title, reportingChanges: global.json)
                ChangeOutput.print(result, json: global.json)
            } else if printsText {
                let store = try global.openStore(recordsSteps: false)
                let root = try item.map { try store.resolve($0) } ?? .root
                StandardOutput.shared.write(try store.editableText(of: root))
            } else if let appliedFile {
                let text = try InputFile.contents(
                    of: appliedFile, limit: Self.maximumBytes, whenTooLarge: "edit a smaller subtree",
                    whenTerminal: "no text given: name a FILE, or pipe the text in and give -")
                let file = appliedFile == "-" ? nil : appliedFile
                let store = try openStore(applying: text)
                let root: ItemID
                do {
                    root = try item.map { try store.resolve($0) } ?? .root
                } catch let error as OutlineError where file == nil {
                    // Text piped in is gone once this process ends: keep it.
                    throw Self.failure(error.commandLineMessage, keeping: text, in: nil, advice: nil)
                }
                try apply(text, to: root, in: store, keptIn: file)
                // A text that an earlier refusal kept has done its job; the user's own files stay.
                if let file { KeptText.removeIfKept(file) }
            } else {
                try editInEditor()
            }
        }

        /// Opens the subtree in the editor and applies what was saved.
        private func editInEditor() throws {
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                throw CommandFailure(
                    message: "edit without a TITLE opens an editor, which needs a terminal; in a script, use "
                        + "'outline edit [REF] --print' and 'outline edit [REF] --apply FILE'")
            }
            var store = try global.openStore()
            let root = try item.map { try store.resolve($0) } ?? .root
            let original = Array(try store.editableText(of: root).utf8)
            let path = try TextEditor.temporaryFile(holding: original)
            let editor = TextEditor.command(ProcessInfo.processInfo.environment)
            let ending = try TextEditor.run(editor, on: path)
            let saved = try InputFile.contents(
                of: path, limit: Self.maximumBytes, whenTooLarge: "edit a smaller subtree", whenTerminal: "")
            guard ending == .exited(0) else {
                var message = "the editor '\(editor)' \(ending.phrase); nothing was changed"
                if saved != original {
                    message += "; your text is kept in \(path), and '\(retryCommand(root, path))' applies it"
                } else {
                    unlink(path)
                }
                throw CommandFailure(message: message)
            }
            if store.isEmptyStandIn { store = try openStore(applying: saved) }
            try apply(saved, to: root, in: store, keptIn: path, original: original, keptByUs: true)
            unlink(path)
        }

        /// The store to apply `text` to. A `--db` file that is missing is refused, as a likely
        /// typo; the default outline, not made yet, is made only when the text adds to it.
        private func openStore(applying text: [UInt8]) throws -> OutlineStore {
            let store = try global.openStore()
            guard store.isEmptyStandIn, EditableText.holdsItems(text) else { return store }
            return try global.openStore(createsFile: true)
        }

        /// Applies `text`, printing the summary or the change report. On a refusal the text is
        /// kept in a file (`keptIn`, or a new one for standard input) whose path the error gives.
        ///
        /// - Parameter keptByUs: the file is this command's own (the editor's text), so that any
        ///   failure must say where the text is; a file the user named is theirs already.
        private func apply(
            _ text: [UInt8], to root: ItemID, in store: OutlineStore, keptIn file: String?, original: [UInt8]? = nil,
            keptByUs: Bool = false
        ) throws {
            let result: ChangeResult
            do {
                result = try store.applyEditedText(
                    text, to: root, unlessSameAs: original, reportingChanges: global.json)
            } catch let error as OutlineError {
                let retry = { (root: ItemID, kept: String) in "'\(retryCommand(root, kept))'" }
                switch error {
                case .editRefused, .nestingTooDeep:
                    throw Self.failure(error.message, keeping: text, in: file) { "fix it and run \(retry(root, $0))" }
                case .editedTextOfOtherItem(let madeFrom, _):
                    throw Self.failure(error.message, keeping: text, in: file) {
                        "\(retry(madeFrom, $0)) applies it where it was made"
                    }
                case .editedSubtreeChanged:
                    throw Self.failure(error.message, keeping: text, in: file) {
                        "to apply it over that change, removing what the text does not list and reading [ ] and "
                            + "[x] by the workflow as it is now, remove its outline-edit-base line, then run "
                            + "\(retry(root, $0))"
                    }
                case .unknownItem(root) where keptByUs:
                    throw Self.failure(error.commandLineMessage, keeping: text, in: file) {
                        "if a command removed the item meanwhile, 'outline undo' may bring it back; then "
                            + "\(retry(root, $0)) applies the text"
                    }
                default:
                    guard keptByUs || file == nil else { throw error }
                    throw Self.failure(error.commandLineMessage, keeping: text, in: file, advice: nil)
                }
            } catch let error where keptByUs || file == nil {
                guard !(error is CommandFailure) else { throw error }
                throw Self.failure(error.localizedDescription, keeping: text, in: file, advice: nil)
            }
            if global.json || result.step != nil {
                ChangeOutput.print(result, json: global.json)
            } else if text == original {
                StandardOutput.shared.writeLine("nothing changed: the text was not changed")
            } else if !EditableText.holdsItems(text) {
                StandardOutput.shared.writeLine(
                    "nothing changed: the text holds no items (an emptied text never removes them)")
            } else {
                ChangeOutput.print(result, json: false)
            }
        }

        /// A refusal that says where the text is kept: in `file`, or else in a new temporary file.
        /// If no file can be made, the message says so rather than lose the refusal's reason.
        static func failure(
            _ message: String, keeping text: [UInt8], in file: String?, advice: ((String) -> String)?
        ) -> CommandFailure {
            let kept: String
            do {
                kept = try file ?? TextEditor.temporaryFile(holding: text)
            } catch let failure as CommandFailure {
                return CommandFailure(message: "\(message); and the text could not be kept: \(failure.message)")
            } catch {
                return CommandFailure(message: "\(message); and the text could not be kept: \(error)")
            }
            return CommandFailure(
                message: "\(message); the text is kept in \(kept)" + (advice.map { ": " + $0(kept) } ?? ""))
        }

        /// The command that applies the kept text at `path` to `root`'s subtree.
        private func retryCommand(_ root: ItemID, _ path: String) -> String {
            let database = global.db.map { " --db \(ShellWord.quoted($0))" } ?? ""
            let reference = root == .root ? "" : " \(root)"
            return "outline\(database) edit\(reference) --apply \(ShellWord.quoted(path))"
        }
    }
}
