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

    /// Opens (creating if needed) the database this command line names.
    func openStore() throws -> OutlineStore {
        let path = try DatabaseLocation.resolve(explicitPath: db, environment: ProcessInfo.processInfo.environment)
        return try OutlineStore(path: path)
    }
}
