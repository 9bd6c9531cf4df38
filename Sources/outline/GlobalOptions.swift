import ArgumentParser
import Foundation
import OutlineKit

/// `--db` and `--json`, as the root command declares them for its help and completion scripts.
///
/// The runner moves these options behind the command's name before parsing, so this group is
/// never read: each subcommand declares the two itself (`TakesGlobalOptions`), with the same
/// help, and acts on them through `GlobalSettings`.
struct GlobalOptions: ParsableArguments {
    /// `--db`'s help, the same in every command.
    static let databaseHelp = ArgumentHelp(
        "The database file (default: $OUTLINE_DB, else the XDG data folder).", valueName: "path")
    /// `--db`'s completion: file names (without it, the scripts offer nothing after `--db`).
    static let databaseCompletion = CompletionKind.file()
    /// `--json`'s help, the same in every command.
    static let jsonHelp = ArgumentHelp("Write JSON to standard output.")

    @Option(name: .long, help: databaseHelp, completion: databaseCompletion)
    var db: String?

    @Flag(name: .long, help: jsonHelp)
    var json = false
}

/// A command that takes `--db` and `--json`.
///
/// Each command declares the two options itself, rather than through an `@OptionGroup`:
/// swift-argument-parser reflects over an option group as over a command of its own, and the
/// first look at each type costs three or four scans of every conformance record in the binary,
/// at every start (Docs/performance.md, "Start-up"). A command declares, first among its
/// arguments, so that help lists them where it always has:
///
/// ```swift
/// @Option(help: GlobalOptions.databaseHelp, completion: GlobalOptions.databaseCompletion) var db: String?
/// @Flag(help: GlobalOptions.jsonHelp) var json = false
/// ```
///
/// A command with a `validate()` of its own calls `validateGlobalOptions()` first.
/// `CommandNamesTests` checks that every subcommand takes the two.
protocol TakesGlobalOptions: ParsableCommand {
    /// `--db`: the database file, when given.
    var db: String? { get }
    /// `--json`: write JSON to standard output.
    var json: Bool { get }
}

extension TakesGlobalOptions {
    /// What the global options say.
    var global: GlobalSettings { GlobalSettings(db: db, json: json) }

    func validate() throws { try validateGlobalOptions() }

    /// Refuses an empty `--db`.
    func validateGlobalOptions() throws {
        if db == "" { throw ValidationError("--db needs a path; it was given an empty one") }
    }
}

/// What a command line's global options say: which database, and whether output is JSON.
struct GlobalSettings {
    /// `--db`, when given.
    var db: String?
    /// `--json`.
    var json: Bool

    /// Opens the database this command line names.
    ///
    /// - Parameters:
    ///   - recordsSteps: whether the command may add an undo step, and so prune the history to
    ///     `$OUTLINE_UNDO_LEVELS`. A command that only reads ignores the variable, so that a bad
    ///     value cannot stop anyone from looking at their outline.
    ///   - createsFile: whether a missing file is created (for `add`). Otherwise a missing file
    ///     named by `--db` or `$OUTLINE_DB` is refused, as a likely typo, and a missing default
    ///     file reads as an empty outline: looking never creates a database.
    func openStore(recordsSteps: Bool = true, createsFile: Bool = false) throws -> OutlineStore {
        try RawArguments.requireValidUTF8Environment()
        let environment = EnvironmentVariables.named(["OUTLINE_DB", "XDG_DATA_HOME", "HOME", "OUTLINE_UNDO_LEVELS"])
        let path = try DatabaseLocation.resolve(explicitPath: db, environment: environment)
        let levels = recordsSteps ? try levelsOfUndo(environment) : OutlineStore.defaultLevelsOfUndo
        let named = DatabaseLocation.isNamedExplicitly(explicitPath: db, environment: environment)
        // A path that starts with '~' reached us unexpanded (quoted, or after '='): never create
        // a folder named '~' by mistake.
        let unexpandedHome = path.hasPrefix("~")
        let whenMissing: OutlineStore.MissingFile =
            createsFile && !unexpandedHome ? .create : named || unexpandedHome ? .refuse : .openEmpty
        let store = try OutlineStore(
            path: path, levelsOfUndo: levels, whenMissing: whenMissing,
            whenWaiting: { LockWaitNotice.say(path: path) })
        OpenedStores.keep(store)
        return store
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
