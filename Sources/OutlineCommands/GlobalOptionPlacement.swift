/// Lets `--db PATH` and `--json` come before the subcommand (`outline --db x.db ls`), as they do
/// in git and sqlite3. ArgumentParser only knows them as options of each subcommand, so the
/// runner moves them to just after the subcommand's name before parsing.
enum GlobalOptionPlacement {
    static func movedAfterSubcommand(_ arguments: [String]) -> [String] {
        // Most command lines name neither: nothing to move, and no command to look up.
        guard arguments.contains(where: isGlobalOption) else { return arguments }
        var (leading, index) = globalOptions(in: arguments, from: 0)
        guard index < arguments.count else { return arguments }
        let command = arguments[index]
        // A command with commands of its own (`sync init`): at the end (before a `--`), so that
        // they reach the inner command, whichever it is, and a mistake in the words before them
        // is the one reported. Those between the two names (`sync --db x status`) go there too.
        if !Outline.nestedCommandNames(of: command).isEmpty {
            let (between, inner) = globalOptions(in: arguments, from: index + 1)
            leading += between
            guard !leading.isEmpty else { return arguments }
            let rest = [command] + arguments[inner...]
            let end = rest.firstIndex(of: "--") ?? rest.count
            return Array(rest[..<end]) + leading + rest[end...]
        }
        guard !leading.isEmpty else { return arguments }
        return [command] + leading + arguments[(index + 1)...]
    }

    /// Whether `argument` is `--json`, `--db` or `--db=PATH`.
    static func isGlobalOption(_ argument: String) -> Bool {
        argument == "--json" || argument == "--db" || argument.hasPrefix("--db=")
    }

    /// The global options that stand in a row from `start` on, and the index after them.
    private static func globalOptions(in arguments: [String], from start: Int) -> (options: [String], end: Int) {
        var options: [String] = []
        var index = start
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--json" || argument.hasPrefix("--db=") {
                options.append(argument)
                index += 1
            } else if argument == "--db", index + 1 < arguments.count {
                options += [argument, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        return (options, index)
    }
}
