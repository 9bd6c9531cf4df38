import Foundation
import OutlineKit

/// What a sync command takes from its environment: `$OUTLINE_SYNC_TIMEOUT`, how long each git
/// command of a round may run, and standard error, where a round says that it waits.
enum SyncTransportEnvironment {
    /// The settings for a round of this process, read before the database is opened, so that a
    /// bad value changes nothing (`sync init` would create the file).
    ///
    /// - Throws: `CommandFailure` for a value that is not a number of seconds above 0.
    static func settings() throws -> SyncTransportSettings {
        var settings = SyncTransportSettings(notice: { StandardError.writeLine($0) })
        let name = "OUTLINE_SYNC_TIMEOUT"
        guard let text = EnvironmentVariables.named([name])[name], !text.isEmpty else { return settings }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw CommandFailure(
                message: "\(name) must be a number of seconds above 0 (such as 120 or 0.5), not '\(text)'")
        }
        settings.timeout = seconds
        return settings
    }
}

extension GlobalOptions {
    /// Opens the database for a command that talks to the remote, with the environment's
    /// transport settings, read first (`SyncTransportEnvironment.settings`) unless given.
    func openStoreToSync(transport given: SyncTransportSettings? = nil) throws -> OutlineStore {
        let transport = try given ?? SyncTransportEnvironment.settings()
        let store = try openStore(recordsSteps: true)
        store.syncTransport = transport
        return store
    }
}
