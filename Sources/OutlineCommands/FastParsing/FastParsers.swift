import ArgumentParser
import Foundation

/// Parses the plain command lines of the commands without commands of their own, without
/// swift-argument-parser's reflection, the largest cost of every `add` and `ls` before them
/// (Docs/performance.md, "Start-up").
///
/// The parsers are generated from the commands' own declarations (`FastParsers+Generated.swift`,
/// written by `scripts/generate-parsers`, which runs the package's `generate-parsers` program), so that swift-argument-parser's definitions stay the
/// only ones: help, completions and the man page come from them as before. A line the fast path
/// is not sure of goes to swift-argument-parser, and so does every mistake, so that its messages
/// are the ones printed. `FastParserTests` checks that both parse random command lines to the
/// same command, and that the generated file is current.
enum FastParsers {
    /// A generated parser: a command's arguments (after its name) to the command, nil or a throw
    /// where the parser must decide.
    typealias Parse = @Sendable (ArraySlice<String>) throws -> (any ParsableCommand)?

    /// What every generated parser does around filling its command: reads `arguments` as a
    /// command line of these options and flags, has `fill` set the command's properties from the
    /// line (operands taken from the front of the list it is given), and returns the command; nil
    /// when the line is not one the fast path takes, or an operand is left over.
    static func parse<Command: ParsableCommand>(
        _ arguments: ArraySlice<String>, into command: Command, options: [String], repeating: [String] = [],
        flags: [String], _ fill: (inout Command, FastCommandLine, inout ArraySlice<String>) throws -> Void
    ) rethrows -> (any ParsableCommand)? {
        guard let line = FastCommandLine(arguments, options: options, repeating: repeating, flags: flags) else {
            return nil
        }
        var command = command
        var operands = line.operands[...]
        try fill(&command, line, &operands)
        guard operands.isEmpty else { return nil }
        return command
    }

    /// The command that `arguments` (global options already moved behind the command's name)
    /// stand for, parsed and validated; nil if swift-argument-parser must parse them.
    static func parse(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first, let parse = generated.first(where: { $0.name == name })?.parse
        else { return nil }
        // The words the runner gives to the root (`add help`, `ls --version`) stay its own.
        if arguments.contains(where: CommandLineRunner.asksTheRoot) { return nil }
        do {
            guard var command = try parse(arguments.dropFirst()) else { return nil }
            #if DEBUG
                requireEveryPropertyFilled(command, name: name)
            #endif
            try command.validate()
            return command
        } catch {
            return nil
        }
    }

    /// Stops a debug build whose generated file is older than a command's declarations: a
    /// property the generated parser does not fill would crash the command when read, far from
    /// the cause. A property wrapper that was never given a value describes itself as a
    /// definition (`Option(*definition*)`). Release builds leave the check to `FastParserTests` (it reflects, which costs
    /// start-up).
    private static func requireEveryPropertyFilled(_ command: any ParsableCommand, name: String) {
        let unfilled = ["Argument", "Flag", "Option", "OptionGroup"].map { $0 + "(*definition*)" }
        // The command's wrappers, and those of its option groups, a level or two down.
        func holdsUnfilled(_ value: Any, depth: Int) -> Bool {
            Mirror(reflecting: value).children.contains { child in
                unfilled.contains(String(describing: child.value))
                    || (depth < 4 && holdsUnfilled(child.value, depth: depth + 1))
            }
        }
        guard holdsUnfilled(command, depth: 0) else { return }
        stopForStaleFile("does not fill every option of '\(name)'")
    }

    /// Stops a debug build whose generated list of the options that take a value is older than
    /// the command's declarations (an option missing from it would read its value as an
    /// operand, and the parser would then say the value is missing). Reflects, so debug only.
    static func requireCurrentValueOptions(_ listed: [String], of command: any ParsableCommand.Type, name: String) {
        let declared = ParserDescription(command).valueOptions.filter { $0.hasPrefix("--") }
        guard Set(listed) != declared else { return }
        stopForStaleFile("does not list every option of '\(name)'")
    }

    /// Ends a debug build's run at a generated file older than the commands (`what` it lacks),
    /// with the one step that mends it, and the exit status of an internal error.
    private static func stopForStaleFile(_ what: String) -> Never {
        StandardError.writeLine("error: FastParsers+Generated.swift \(what): run scripts/generate-parsers")
        exit(70)
    }

    /// `outline --version` alone: the version the root's configuration gives, as the parser
    /// prints it; nil for any other line.
    static func version(_ arguments: [String]) -> String? {
        arguments == ["--version"] ? Outline.version : nil
    }

    /// The long options of the command named `name` that take a value (`--db`, `--under`), as
    /// the command declares them; none for a command without a generated parser.
    static func valueOptions(of name: String) -> [String] {
        generated.first { $0.name == name }?.valueOptions ?? []
    }

    /// Whether the command named `name` has a generated parser: then it is one of the tool's
    /// commands, and has no commands of its own.
    static func hasParser(for name: String) -> Bool {
        generated.contains { $0.name == name }
    }
}
