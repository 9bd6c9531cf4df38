import ArgumentParser
import Foundation

/// What swift-argument-parser knows of one command's options, read from its own description of
/// the command (the JSON behind `--experimental-dump-help`), so that the checks the runner makes
/// around parsing never keep a second list that could drift from the commands' definitions.
///
/// Building it reflects over the command's arguments, about a millisecond: the runner does so
/// only on paths that need it (a command line that failed to parse, an option typed twice),
/// never for a command line that parses.
package struct ParserDescription {
    /// The long and short names (`--under`, `-h`) of options that take a value and may be given
    /// once.
    private(set) var singleValueOptions: Set<String> = []
    /// The names of options that take a value and may be given again, each value added to a
    /// list (`--tag a --tag b`).
    private(set) var repeatingValueOptions: Set<String> = []
    /// Every option that takes a value, given once or more.
    var valueOptions: Set<String> { singleValueOptions.union(repeatingValueOptions) }
    /// Every option and flag name the command accepts, `--help` and `-h` included.
    private(set) var names: Set<String> = ["--help", "-h"]
    /// Whether the command takes no operand at all, only options.
    private(set) var takesNoOperand = true

    init(_ command: any ParsableCommand.Type) {
        for argument in Self.arguments(of: command) {
            let names = Self.names(of: argument)
            self.names.formUnion(names)
            if argument["kind"] as? String == "positional" { takesNoOperand = false }
            if argument["kind"] as? String == "option" {
                if argument["isRepeating"] as? Bool == true {
                    repeatingValueOptions.formUnion(names)
                } else {
                    singleValueOptions.formUnion(names)
                }
            }
        }
    }

    /// The command's arguments as swift-argument-parser describes them (`--experimental-dump-help`),
    /// in declaration order, its own `--help` (and, for the root, `--version`) last.
    package static func arguments(of command: any ParsableArguments.Type) -> [[String: Any]] {
        let json = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8))
        return ((json as? [String: Any])?["command"] as? [String: Any])?["arguments"] as? [[String: Any]] ?? []
    }

    /// The names of one described argument, as typed: `--under`, `-h`; none for an operand.
    package static func names(of argument: [String: Any]) -> [String] {
        (argument["names"] as? [[String: String]] ?? []).map { name in
            (name["kind"] == "long" ? "--" : "-") + (name["name"] ?? "")
        }
    }

    /// Whether the parser reads `argument` as a value rather than as an option: it does not start
    /// with a dash (compared by Character: a dash followed by a combining mark is another one),
    /// or it is `-` or empty. `--` is neither.
    static func readsAsValue(_ argument: String) -> Bool {
        argument.isEmpty || argument == "-" || argument.first != "-"
    }

    /// The option name in `argument` (`--under` for `--under=3`), if it is an option at all.
    static func optionName(_ argument: String) -> String? {
        guard argument.hasPrefix("-"), argument != "-", argument != "--" else { return nil }
        return argument.split(separator: "=", maxSplits: 1).first.map(String.init)
    }
}
