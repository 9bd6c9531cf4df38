import ArgumentParser
import OutlineKit

/// `:` in the outliner: any `outline` command line, run as its own process on the same file, and
/// applied to the item under the cursor where it names none (`:set --due fri`, `:show`).
extension Outliner {
    /// The commands that need the terminal itself (an editor, a live screen): they run on it,
    /// with the outliner's screen put away meanwhile; the others' output is shown in the
    /// outliner.
    static let commandsOnTheTerminal: Set<String> = ["edit", "watch"]

    /// Enter after `:`: the command to run, with the cursor's id put in where it names no item.
    func commandEffect(_ text: String) throws -> Effect {
        mode = .browsing
        var words: [String]
        do {
            words = try CommandWords.split(text)
        } catch let error as CommandWords.Unfinished {
            mode = .commandLine(LineEditor(text))
            complain(error.message)
            return .none
        }
        if words.first == "outline" { words.removeFirst() }
        guard let name = words.first else { return .none }
        if name == "tui" {
            complain("this is the outliner already")
            return .none
        }
        if let cursor, let command = Outline.subcommand(named: name),
            Self.namesNoItem(words.dropFirst(), of: command)
        {
            words.insert(String(cursor), at: 1)
        }
        return .runCommand(words)
    }

    /// Whether `command`'s first operand is an item and `arguments` give no operand at all: only
    /// options (with their values), so the cursor's item is the one meant.
    static func namesNoItem(_ arguments: ArraySlice<String>, of command: any ParsableCommand.Type) -> Bool {
        let firstOperand = ParserDescription.arguments(of: command).first { $0["kind"] as? String == "positional" }
        guard firstOperand?["valueName"] as? String == "ref" else { return false }
        let options = ParserDescription(command).valueOptions
        var remaining = arguments.makeIterator()
        while let argument = remaining.next() {
            if argument == "--" { return remaining.next() == nil }
            guard let name = ParserDescription.optionName(argument) else { return false }
            // An option that takes a value takes the next word, unless it came with `=`.
            if options.contains(name), !argument.contains("=") { _ = remaining.next() }
        }
        return true
    }

    /// The command ran: its one line of output (or of error) at the bottom, or all of a longer
    /// output to read; the view follows what it changed.
    func finishCommand(_ words: [String], status: Int32, output: String, errors: String) throws {
        nextChangesAreOwn = true
        try repairCursor(neighbours: lastNeighbours)
        let printed = Self.lines(errors) + Self.lines(output)
        let shown = "outline " + words.joined(separator: " ")
        if printed.count > 1 {
            mode = .reading(title: shown + (status == 0 ? "" : " (exit status \(status))"), lines: printed, offset: 0)
        } else if status != 0 {
            complain(printed.first ?? "\(shown) failed with exit status \(status)")
        } else {
            message = StatusMessage(text: printed.first ?? "done: \(shown)")
        }
    }

    /// The lines of a command's output, without the empty line its final line end makes.
    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
