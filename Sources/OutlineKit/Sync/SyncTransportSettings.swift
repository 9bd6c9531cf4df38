import Foundation

/// How long a sync round waits for what it does not control, and whom it tells that it waits.
///
/// A round runs git, and git talks to a server: a server that takes the connection and never
/// answers would hold the round, and a cron job behind it, for good. ssh and http have limits of
/// their own (see `GitRemote.git`); this one is on every git command, whatever its transport.
public struct SyncTransportSettings {
    /// How long one git command may run, unless told otherwise: enough for a slow link to bring
    /// an outline's log, little enough that a server that never answers is given up on while
    /// someone still waits for the answer.
    public static let defaultTimeout: TimeInterval = 120

    /// How long one git command of a round may run, in seconds, before it is stopped and the
    /// round fails, having changed nothing here. The command line reads it from
    /// `$OUTLINE_SYNC_TIMEOUT`.
    public var timeout: TimeInterval

    /// Told one line of text when a round starts to wait for something it cannot hurry (another
    /// round's lock, a git process that a killed round left running), so that a person is not
    /// left in silence. The command line writes it to standard error; nil tells no one.
    public var notice: ((String) -> Void)?

    /// Settings with `timeout` seconds for each git command, telling `notice` when a round waits.
    public init(timeout: TimeInterval = Self.defaultTimeout, notice: ((String) -> Void)? = nil) {
        self.timeout = timeout
        self.notice = notice
    }

    /// `seconds` as the messages say it: `120 s`, `0.5 s`.
    static func wording(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() && seconds < 1e15 ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
