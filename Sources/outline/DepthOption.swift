import ArgumentParser

/// `--depth N`: how many levels below REF `ls` and `watch` show.
struct DepthOption: ParsableArguments {
    @Option(
        name: .customLong("depth"),
        help: ArgumentHelp("How many levels to show (1: the children alone).", valueName: "n"))
    var levels: Int?

    func validate() throws {
        if let levels, levels < 1 { throw ValidationError("--depth must be at least 1") }
    }
}
