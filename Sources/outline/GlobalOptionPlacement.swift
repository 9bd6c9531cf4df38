/// Lets `--db PATH` and `--json` come before the subcommand (`outline --db x.db ls`), as they do
/// in git and sqlite3. ArgumentParser only knows them as options of each subcommand, so the
/// runner moves them to just after the subcommand's name before parsing.
enum GlobalOptionPlacement {
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
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }
}
