import ArgumentParser

/// `--depth N`: how many levels below REF `ls` and `watch` show.
///
/// Each command declares the option itself with these parts, rather than through an option
/// group: swift-argument-parser reflects over a group as over a command of its own, and the
/// first look at a type costs three scans of every conformance record in the binary, at every
/// start (Docs/performance.md, "Start-up").
enum DepthOption {
    /// The option's help, the same in every command that takes it.
    static let help = ArgumentHelp("How many levels to show (1: the children alone).", valueName: "n")

    /// Refuses a depth below 1.
    static func validate(_ levels: Int?) throws {
        if let levels, levels < 1 { throw ValidationError("--depth must be at least 1") }
    }
}
