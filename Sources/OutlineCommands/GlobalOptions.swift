import ArgumentParser
import Foundation
import OutlineKit

/// `--db` and `--json`: the options every command takes, declared here once and taken by each
/// command as `@OptionGroup var global: GlobalOptions` (`TakesGlobalOptions`).
///
/// The root declares the group too, for its help and completion scripts; the runner moves these
/// options behind the command's name before parsing, so the root's copy is never read.
///
/// An option group costs start-up only where swift-argument-parser parses: it reflects over the
/// group as over a command of its own. The plain command lines that scripts type are parsed by
/// the generated parsers (`FastParsers`), which fill the group without reflection; only help,
/// completion and mistakes pay (Docs/performance.md, "Option groups again").
package struct GlobalOptions: ParsableArguments {
    /// `--db`'s completion: file names (without it, the scripts offer nothing after `--db`).
    private static let databaseCompletion = CompletionKind.file()

    /// `--db`: the database file, when given.
    @Option(
        name: .long,
        help: ArgumentHelp("The database file (default: $OUTLINE_DB, else the XDG data folder).", valueName: "path"),
        completion: databaseCompletion)
    var db: String?

    /// `--json`: write JSON to standard output.
    @Flag(name: .long, help: ArgumentHelp("Write JSON to standard output."))
    var json = false

    /// Refuses an empty `--db`. Not `validate()`: the parser would call that itself, before the
    /// command's own checks, and the fast path would not; each command calls this first instead.
    func refuseEmptyPath() throws {
        if db == "" { throw ValidationError("--db needs a path; it was given an empty one") }
    }

    /// The options as the parser makes them, before parsing.
    package init() {}
}

/// A command that takes `--db` and `--json`, as `@OptionGroup var global: GlobalOptions`, first
/// among its arguments so that help lists them where it always has. A command with a
/// `validate()` of its own calls `validateGlobalOptions()` first. `CommandNamesTests` checks that
/// every subcommand takes the two.
protocol TakesGlobalOptions: ParsableCommand {
    /// `--db` and `--json`.
    var global: GlobalOptions { get }
}

extension TakesGlobalOptions {
    func validate() throws { try validateGlobalOptions() }

    /// Refuses an empty `--db`.
    func validateGlobalOptions() throws { try global.refuseEmptyPath() }
}

extension GlobalOptions {
    /// Opens the database this command line names.
    ///
    /// - Parameters:
    ///   - recordsSteps: whether the command may add an undo step, and so prune the history to
    ///     `$OUTLINE_UNDO_LEVELS`. A command that only reads ignores the variable, so that a bad
    ///     value cannot stop anyone from looking at their outline.
    ///   - createsFile: whether a missing file is created (for `add`). Otherwise a missing file
    ///     named by `--db` or `$OUTLINE_DB` is refused, as a likely typo, and a missing default
    ///     file reads as an empty outline: looking never creates a database.
    ///   - emptyWhenMissing: a missing file, named or not, reads as an empty outline (for a dry
    ///     run, which checks what the real command would do to the file it would create).
    func openStore(recordsSteps: Bool = true, createsFile: Bool = false, emptyWhenMissing: Bool = false) throws
        -> OutlineStore
    {
        let location = try resolveLocation(recordsSteps: recordsSteps)
        let path = location.path
        // A path that starts with '~' reached us unexpanded (quoted, or after '='): never create
        // a folder named '~' by mistake.
        let whenMissing: OutlineStore.MissingFile =
            createsFile && !location.unexpandedHome
            ? .create : (location.named || location.unexpandedHome) && !emptyWhenMissing ? .refuse : .openEmpty
        let store = try OutlineStore(
            path: path, levelsOfUndo: location.levelsOfUndo, whenMissing: whenMissing,
            whenWaiting: { LockWaitNotice.say(path: path) })
        OpenedStores.keep(store)
        return store
    }

    /// Where the database this command line names is, and how it is to be opened.
    struct Location {
        /// The database's path.
        var path: String
        /// How many undo steps to keep.
        var levelsOfUndo: Int
        /// Whether `--db` or `$OUTLINE_DB` named it (a missing one is then likely a typo).
        var named: Bool
        /// Whether the path starts with a '~' that no shell expanded: no file is made there.
        var unexpandedHome: Bool
    }

    /// Resolves the database's path from `--db` and the environment (see `openStore`).
    func resolveLocation(recordsSteps: Bool = true) throws -> Location {
        try RawArguments.requireValidUTF8Environment()
        let environment = EnvironmentVariables.named(["OUTLINE_DB", "XDG_DATA_HOME", "HOME", "OUTLINE_UNDO_LEVELS"])
        let path = try DatabaseLocation.resolve(explicitPath: db, environment: environment)
        return Location(
            path: path,
            levelsOfUndo: recordsSteps ? try levelsOfUndo(environment) : OutlineStore.defaultLevelsOfUndo,
            named: DatabaseLocation.isNamedExplicitly(explicitPath: db, environment: environment),
            unexpandedHome: path.hasPrefix("~"))
    }

    /// `$OUTLINE_UNDO_LEVELS`: how many undo steps to keep (0 for all); 1000 when unset.
    private func levelsOfUndo(_ environment: [String: String]) throws -> Int {
        guard let text = environment["OUTLINE_UNDO_LEVELS"], !text.isEmpty else {
            return OutlineStore.defaultLevelsOfUndo
        }
        guard let levels = Int(text), levels >= 0 else {
            throw CommandFailure(
                message: "OUTLINE_UNDO_LEVELS must be a whole number (0 keeps every step), not '\(text)'")
        }
        return levels
    }
}
