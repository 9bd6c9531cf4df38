import ArgumentParser
import Foundation
import OutlineKit

/// Runs one command line and maps its outcome to SPEC's exit statuses:
/// 0 done, 1 refused or failed, 64 the command line itself is wrong.
///
/// We do not use `ParsableCommand.main()`: it prints multi-line usage after an error, where SPEC
/// asks for one line starting `error: `.
package enum CommandLineRunner {
    /// Runs `arguments` (those after the program's name) and exits with SPEC's status.
    package static func run(arguments: [String]) -> Never {
        do {
            try RawArguments.requireValidUTF8()
            let arguments = GlobalOptionPlacement.movedAfterSubcommand(arguments)
            try requireCommand(arguments)
            try refuseNegativeNumbers(arguments)
            try refuseDatesAfterASpace(arguments)
            try refuseRepeatedOptions(arguments)
            if let version = FastParsers.version(arguments) {
                StandardOutput.shared.writeLine(version)
            } else {
                var command = try FastParsers.parse(arguments) ?? parse(arguments)
                try command.run()
            }
            OpenedStores.closeAll()
            StandardOutput.shared.flush()
            exit(outputStatus())
        } catch {
            OpenedStores.closeAll()
            StandardOutput.shared.flush()
            let status = report(error, arguments: arguments)
            exit(status == 0 ? outputStatus() : status)
        }
    }

    /// Parses the command line with swift-argument-parser, where `FastParsers` could not (and in
    /// `FastParserTests`, to compare). A plain command is parsed by its subcommand alone: parsing from the
    /// root makes swift-argument-parser reflect over every subcommand's arguments first (looking for
    /// a completion-script request), about a millisecond of every command's start-up. Help,
    /// version and completion requests still go through the root, whose texts name the whole tool.
    static func parse(_ arguments: [String]) throws -> ParsableCommand {
        let subcommand = arguments.first.flatMap(Outline.subcommand(named:))
        guard !arguments.contains(where: asksTheRoot), let subcommand else {
            let parsed = try Outline.parseAsRoot(arguments)
            // `help` or `-h` was an operand (`add help`, `add -- -h`), since the root's parse
            // came back with a command to run: parse it again by its subcommand. From the root,
            // the root's own `--db` and `--json` (declared for its help) take those options, and
            // the command would use the default database.
            guard parsed is any TakesGlobalOptions, let subcommand else { return parsed }
            return try parse(arguments, by: subcommand)
        }
        return try parse(arguments, by: subcommand)
    }

    /// Whether `argument` is one of `rootRequests`, alone or with a value attached (`--help=x`).
    static func asksTheRoot(_ argument: String) -> Bool {
        rootRequests.contains { argument == $0 || argument.hasPrefix($0 + "=") }
    }

    /// The words that ask swift-argument-parser's root itself for help, the version, a completion
    /// script or the tool's description.
    private static let rootRequests = [
        "-h", "--help", "help", "--version", "--generate-completion-script", "--experimental-dump-help",
    ]

    /// Parses `arguments`, which start with `subcommand`'s name, by the subcommand alone.
    private static func parse(_ arguments: [String], by subcommand: any ParsableCommand.Type) throws
        -> ParsableCommand
    {
        let subcommandArguments = Array(arguments.dropFirst())
        guard let listCommand = Outline.operandListCommands.first(where: { $0 == subcommand }) else {
            return try subcommand.parseAsRoot(subcommandArguments)
        }
        return try parseOperandList(listCommand, subcommandArguments)
    }

    /// Parses a command that takes a list of operands: the parser sees the options and one
    /// operand, and the command gets all of them afterwards (`TakesOperandList`).
    private static func parseOperandList<Command: TakesOperandList>(
        _ type: Command.Type, _ arguments: [String]
    ) throws -> ParsableCommand {
        let split = OperandSplit(arguments, for: type)
        let parsed = try type.parseAsRoot(split.forParser)
        // A short-option group holding `h` (`add -dash x`) asks for the command's help: the
        // parser answers with its own help command, which has no operands to take.
        guard var command = parsed as? Command else { return parsed }
        command.setOperands(split.operands)
        // The parser validated the command with one operand standing for all of them.
        try command.validate()
        return command
    }

    /// 0, unless standard output could not be written: then one error line and 1.
    private static func outputStatus() -> Int32 {
        guard let failure = StandardOutput.shared.failure else { return 0 }
        let saved =
            StandardOutput.shared.reportsASavedChange
            ? "; the change itself was saved ('outline history' shows it)" : ""
        printError("could not write standard output: \(failure)" + saved)
        return 1
    }

    /// `outline --db x.db` and `outline frobnicate` name no command: say so in those words.
    /// (`arguments` have had their global options moved behind the command's name.)
    private static func requireCommand(_ arguments: [String]) throws {
        guard let first = arguments.first else { return }  // bare `outline`: the help says it all
        // `outline --db` with nothing after it lacks the path before it lacks a command.
        if first == "--db", arguments.count == 1 {
            throw UsageError(message: "missing value for '--db <path>' (see 'outline --help')")
        }
        if GlobalOptionPlacement.isGlobalOption(first) {
            throw UsageError(message: "name a command, such as 'outline ls' (see 'outline --help')")
        }
        // An option the tool does not know, before any command (`outline --js ls`): in the
        // words and with the suggestions the commands' own unknown options get.
        // (`---completion`, three dashes, is the completion scripts' request to the parser.)
        // The root's own names come from the parser, read only on this path.
        if let name = ParserDescription.optionName(first), name.hasPrefix("--"), !name.hasPrefix("---"),
            !rootRequests.contains(name)
        {
            let known = ParserDescription(Outline.self).names.filter { $0.hasPrefix("--") }
            if !known.contains(name) {
                let suggestion = NearestName.suggestion(for: name, among: known).map { " (did you mean '\($0)'?)" }
                throw UsageError(message: "unknown option '\(name)'\(suggestion ?? "") (see 'outline --help')")
            }
        }
        // --help, --version and the completion scripts are the parser's to answer.
        if first.hasPrefix("-") { return }
        // `help COMMAND`: the parser shows the whole tool's help for a COMMAND it does not know.
        let asksForHelp = first == "help" && arguments.count > 1 && !arguments[1].hasPrefix("-")
        let named = asksForHelp ? arguments[1] : first
        // A command with a generated parser is one without commands of its own: nothing more to
        // check, and no need to read every subcommand's configuration for its name.
        if named == "help" || FastParsers.hasParser(for: named) { return }
        if !Outline.commandNames.contains(named) {
            // `help` is a command too, though not a subcommand of the parser's (and not one to
            // offer after `help`).
            let known = asksForHelp ? Outline.commandNames : Outline.commandNames + ["help"]
            let suggestion = NearestName.suggestion(for: named, among: known).map {
                "; did you mean '\($0)'?"
            }
            throw UsageError(message: "unknown command '\(named)'\(suggestion ?? "") (see 'outline --help')")
        }
        // `help sync statsu` names a nested command as `sync statsu` does.
        try requireNestedCommand(asksForHelp ? Array(arguments.dropFirst()) : arguments)
    }

    /// `sync statsu`: a word after a command that has commands of its own, and that takes no
    /// operand when none is named (`sync` runs a round), names a command that does not exist.
    /// The parser would call it an unexpected argument.
    private static func requireNestedCommand(_ arguments: [String]) throws {
        guard arguments.count > 1, let command = Outline.subcommand(named: arguments[0]),
            let fallback = command.configuration.defaultSubcommand
        else { return }
        let word = arguments[1]
        let nested = Outline.nestedCommandNames(of: arguments[0])
        guard !word.hasPrefix("-"), word != "help", !nested.contains(word),
            ParserDescription(fallback).takesNoOperand
        else { return }
        let suggestion = NearestName.suggestion(for: word, among: nested).map { "; did you mean '\($0)'?" }
        throw UsageError(
            message:
                "unknown command '\(arguments[0]) \(word)'\(suggestion ?? "") (see 'outline \(arguments[0]) --help')")
    }

    /// The subcommand that `arguments` name, if they name one.
    private static func subcommand(_ arguments: [String]) -> (any ParsableCommand.Type)? {
        guard let name = arguments.first,
            let command = Outline.subcommand(named: name)
        else { return nil }
        // A command with commands of its own (`sync init`): the inner one named, else its default.
        let inner = command.configuration.subcommands
        guard !inner.isEmpty else { return command }
        if arguments.count > 1, let named = inner.first(where: { $0.configuration.commandName == arguments[1] }) {
            return named
        }
        return command.configuration.defaultSubcommand ?? command
    }

    /// The options typed on the command line (`arguments` after the command's name, up to `--`),
    /// without the values of those that take one.
    private static func typedOptions(_ arguments: [String], _ description: ParserDescription?) -> [String] {
        var options: [String] = []
        var index = 1
        while index < arguments.count, arguments[index] != "--" {
            if let name = ParserDescription.optionName(arguments[index]) {
                options.append(name)
                let takesValue = description?.valueOptions.contains(name) ?? false
                if takesValue, !arguments[index].contains("=") { index += 1 }
            }
            index += 1
        }
        return options
    }

    /// `mv 4 --under 2 --under 3` must not silently take the last: which one was meant?
    /// (The parser's description is read only when some option does appear twice.)
    private static func refuseRepeatedOptions(_ arguments: [String]) throws {
        // Arrays, not sets: a command line holds a handful of options, and the first `Set` of
        // strings in a process costs a scan of every conformance record (Docs/performance.md).
        var seen: [String] = []
        let repeated = typedOptions(arguments, nil).filter { option in
            defer { seen.append(option) }
            return seen.contains(option)
        }
        guard !repeated.isEmpty, let command = subcommand(arguments) else { return }
        let description = ParserDescription(command)
        var counted: [String] = []
        for name in typedOptions(arguments, description) {
            guard counted.contains(name) else {
                counted.append(name)
                continue
            }
            if description.singleValueOptions.contains(name) {
                throw UsageError(
                    message: "\(name) is given more than once; give it once"
                        + usageHint(for: .validationFailure, arguments: arguments))
            }
        }
    }

    /// The first option on the command line that the command does not know, with the nearest one
    /// it does. The parser reports a bad operand before an unknown option (`ls --grep milk` would
    /// say that `milk` is not an id), so the runner looks for one first.
    private static func unknownOption(_ arguments: [String]) -> String? {
        guard let command = subcommand(arguments) else { return nil }
        let description = ParserDescription(command)
        guard let unknown = typedOptions(arguments, description).first(where: { !description.names.contains($0) })
        else { return nil }
        let suggestion = NearestName.suggestion(for: unknown, among: description.names.filter { $0.hasPrefix("--") })
        return "unknown option '\(unknown)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }

    /// `-1` would reach the parser as an unknown short option, and `--at -1` as an option without
    /// its value: messages about options, where the mistake is a number that cannot be negative.
    /// (`arguments` have had their global options moved behind the command's name.)
    /// `--at=-1` is refused the same way as `--at -1`; the hint about titles that start with a
    /// dash is given only where the number stands as an operand.
    private static func refuseNegativeNumbers(_ arguments: [String]) throws {
        let beforeTerminator = Array(arguments.dropFirst().prefix { $0 != "--" })
        for (index, argument) in beforeTerminator.enumerated() {
            let attached =
                argument.hasPrefix("--") ? argument.split(separator: "=", maxSplits: 1).dropFirst().first : nil
            let negative = attached.map(String.init) ?? argument
            guard isNegativeNumber(negative) else { continue }
            var message = "'\(negative)' is negative, and ids, positions and counts never are"
            let previous = index > 0 ? beforeTerminator[index - 1] : ""
            let followsAnOption =
                previous.hasPrefix("-") && !previous.contains("=")
                && subcommand(arguments).map { ParserDescription($0).valueOptions.contains(previous) } == true
            if attached == nil, !followsAnOption { message += dashTextHint(arguments) }
            throw UsageError(message: message + usageHint(for: .validationFailure, arguments: arguments))
        }
    }

    /// The options whose value is a DATE, which may start with a dash (`-1d`, a day ago).
    private static let dateOptions = ["--due", "--scheduled", "--due-by", "--scheduled-by", "--done-since"]

    /// `--due -1d` reaches the parser as an option without its value and `-1d` as an unknown
    /// option: say how to write it instead.
    private static func refuseDatesAfterASpace(_ arguments: [String]) throws {
        let beforeTerminator = Array(arguments.dropFirst().prefix { $0 != "--" })
        for (option, value) in zip(beforeTerminator, beforeTerminator.dropFirst())
        where dateOptions.contains(option) && value.hasPrefix("-") && value.dropFirst().first?.isNumber == true {
            throw UsageError(
                message: "write \(option)=\(value): a value that starts with - must follow the option after an ="
                    + usageHint(for: .validationFailure, arguments: arguments))
        }
    }

    private static func isNegativeNumber(_ argument: String) -> Bool {
        argument.count > 1 && argument.first == "-" && argument.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Prints the error (or the help text it stands for) and returns the exit status.
    private static func report(_ error: Error, arguments: [String]) -> Int32 {
        switch error {
        case let error as OutlineError:
            printError(error.commandLineMessage)
            if case .ambiguousReference(_, let candidates, let count) = error {
                printCandidates(candidates, count: count)
            }
            return 1
        case let error as SyncFailure:
            printError(error.commandLineMessage)
            return 1
        case let error as StandardInputError:
            printError(error.message)
            return 1
        case let failure as CommandFailure:
            printError(failure.message)
            return 1
        case let code as ExitCode:
            return code.rawValue
        case let usage as UsageError:
            printError(usage.message)
            return ExitCode.validationFailure.rawValue
        default:
            let code = Outline.exitCode(for: error)
            if code == .success {
                // --help, --version and completion scripts arrive as errors; they print to
                // standard output (as the parser's `exit(withError:)` would), and a failed write
                // is reported as every command's is.
                var text = Outline.fullMessage(for: error)
                if arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }) {
                    text = CompletionScripts.amended(text)
                }
                if !text.isEmpty { StandardOutput.shared.writeLine(text) }
                StandardOutput.shared.flush()
                return 0
            }
            let moved = GlobalOptionPlacement.movedAfterSubcommand(arguments)
            let unknown = code == .validationFailure ? unknownOption(moved) : nil
            let message = unknown ?? oneLine(Outline.message(for: error))
            printError(message + dashTitleHint(moved, unknown: unknown) + usageHint(for: code, arguments: arguments))
            return code.rawValue
        }
    }

    /// ArgumentParser's messages start with a capital and may span lines; SPEC wants one line.
    /// A list of values that follows the first line (`Please provide one of the following:`
    /// then `  - markdown` a line) is kept, joined by commas, since it is what the user needs.
    private static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true)
        var firstLine = lines.first.map(String.init) ?? "failed"
        let values = lines.dropFirst().map { $0.trimmingPrefix(while: { $0 == " " }) }
        if firstLine.hasSuffix(":"), !values.isEmpty, values.allSatisfy({ $0.hasPrefix("- ") }) {
            firstLine += " " + values.map { $0.dropFirst(2) }.joined(separator: ", ")
        }
        let trimmed = firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst(7)) : firstLine
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }

    /// A title such as "-20% off", or a note that is a list ("- milk"), reads as an option; say
    /// how to pass it.
    private static func dashTitleHint(_ arguments: [String], unknown: String?) -> String {
        guard unknown != nil else { return "" }
        return dashTextHint(arguments)
    }

    /// Only add and edit take titles, and note a text; elsewhere a stray dash is just an
    /// unknown option.
    private static func dashTextHint(_ arguments: [String]) -> String {
        switch arguments.first {
        case "add", "edit": "; put titles that start with '-' after --"
        case "note": "; put a note that starts with '-' after --"
        default: ""
        }
    }

    /// Points at the help of the subcommand that was typed, if any.
    /// For a command with commands of its own (`sync init`), the inner command's page.
    private static func usageHint(for code: ExitCode, arguments: [String]) -> String {
        guard code == .validationFailure else { return "" }
        let moved = GlobalOptionPlacement.movedAfterSubcommand(arguments)
        guard let typed = moved.first, Outline.commandNames.contains(typed) else { return " (see 'outline --help')" }
        if moved.count > 1, Outline.nestedCommandNames(of: typed).contains(moved[1]) {
            return " (see 'outline \(typed) \(moved[1]) --help')"
        }
        return " (see 'outline \(typed) --help')"
    }

    /// After the one error line of an ambiguous reference, one line a candidate, `  ID  /path`,
    /// so that the user can pick one; then how many more there are. The ids are right-aligned
    /// in one column, so that the paths start in one column too and read as a list.
    private static func printCandidates(_ candidates: [ReferenceCandidate], count: Int) {
        let width = candidates.map { String($0.id).count }.max() ?? 0
        for candidate in candidates {
            let id = String(candidate.id)
            let padding = String(repeating: " ", count: width - id.count)
            StandardError.writeLine("  \(padding)\(id)  \(TitleSanitizer.forTerminal(candidate.path))")
        }
        if count > candidates.count { StandardError.writeLine("  … and \(count - candidates.count) more") }
    }

    static func printError(_ message: String) {
        StandardError.writeLine("error: " + TitleSanitizer.forTerminal(message))
    }
}

/// A command line that is wrong in a way the parser does not see: exit status 64.
struct UsageError: Error {
    var message: String
}

/// A refusal that is not an `OutlineError`, such as `check` finding problems: exit status 1.
struct CommandFailure: Error {
    var message: String
}
