/// Lets `--db PATH` and `--json` come before the subcommand (`outline --db x.db ls`), as they do
/// in git and sqlite3. ArgumentParser only knows them as options of each subcommand, so the
/// runner moves them to just after the subcommand's name before parsing.
enum GlobalOptionPlacement {
    /// The names of the commands inside the command named `name` (none for most).
    private static func nestedNames(of name: String) -> [String] {
        guard let command = Outline.configuration.subcommands.first(where: { $0.configuration.commandName == name })
        else { return [] }
        return command.configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    static func movedAfterSubcommand(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--json" || argument.hasPrefix("--db=") {
                leading.append(argument)
                index += 1
            } else if argument == "--db", index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        // A command with commands of its own (`sync init`): at the end (before a `--`), so that
        // they reach the inner command, whichever it is, and a mistake in the words before them
        // is the one reported.
        if !nestedNames(of: arguments[index]).isEmpty {
            let rest = Array(arguments[index...])
            let end = rest.firstIndex(of: "--") ?? rest.count
            return Array(rest[..<end]) + leading + rest[end...]
        }
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }
}
