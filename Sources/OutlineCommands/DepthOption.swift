import ArgumentParser

/// `--depth N`: how many levels below REF `ls` and `watch` show, declared here once and taken by
/// both as `@OptionGroup var levels: DepthOption`.
package struct DepthOption: ParsableArguments {
    /// `--depth`: the levels to show, all when not given.
    @Option(help: ArgumentHelp("How many levels to show (1: the children alone).", valueName: "n"))
    var depth: Int?

    /// Refuses a depth below 1. Not `validate()`, for the reason `GlobalOptions.refuseEmptyPath`
    /// gives.
    func refuseBelowOne() throws {
        if let depth, depth < 1 { throw ValidationError("--depth must be at least 1") }
    }

    /// The option as the parser makes it, before parsing.
    package init() {}
}
