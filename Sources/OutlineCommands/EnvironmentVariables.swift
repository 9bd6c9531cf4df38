import Foundation

/// Reads the few environment variables a command needs, one by one.
///
/// `ProcessInfo.processInfo.environment` builds a dictionary of every variable, a cost every
/// start would pay for nothing (Docs/performance.md, "Measurements behind the code").
enum EnvironmentVariables {
    /// The variables among `names` that are set, by name (UTF-8 checked by
    /// `RawArguments.requireValidUTF8Environment` where it matters).
    static func named(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
