import ArgumentParser
import Foundation
import OutlineKit

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The database file (default: $OUTLINE_DB, else the XDG data folder).", valueName: "path"))
    var db: String?

    @Flag(name: .long, help: "Write JSON to standard output.")
    var json = false

    func validate() throws {
        if db == "" { throw ValidationError("--db needs a path; it was given an empty one") }
    }

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
        let environment = ProcessInfo.processInfo.environment
        let path = try DatabaseLocation.resolve(explicitPath: db, environment: environment)
        let levels = recordsSteps ? try levelsOfUndo(environment) : OutlineStore.defaultLevelsOfUndo
        let named = DatabaseLocation.isNamedExplicitly(explicitPath: db, environment: environment)
        // A path that starts with '~' reached us unexpanded (quoted, or after '='): never create
        // a folder named '~' by mistake.
        let unexpandedHome = path.hasPrefix("~")
        let whenMissing: OutlineStore.MissingFile =
            createsFile && !unexpandedHome ? .create : named || unexpandedHome ? .refuse : .openEmpty
        let store = try OutlineStore(path: path, levelsOfUndo: levels, whenMissing: whenMissing)
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
