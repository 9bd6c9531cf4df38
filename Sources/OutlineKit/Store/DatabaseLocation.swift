/// Where the outline database lives, chosen as SPEC says:
/// `--db PATH`, else `$OUTLINE_DB`, else `$XDG_DATA_HOME/outline/outline.db`,
/// else `~/.local/share/outline/outline.db`.
public enum DatabaseLocation {
    /// Resolves the database path.
    ///
    /// - Parameters:
    ///   - explicitPath: the `--db` option, if given.
    ///   - environment: the process environment (a parameter so that tests can pass their own).
    /// - Throws: `OutlineError.cannotOpenDatabase` when no path can be formed (no `$HOME`).
    public static func resolve(explicitPath: String?, environment: [String: String]) throws -> String {
        if let explicitPath {
            // An empty --db is a script's unset variable, not a wish for the default database.
            if explicitPath.isEmpty { throw OutlineError.emptyDatabasePath }
            return explicitPath
        }
        if let fromEnvironment = environment["OUTLINE_DB"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/outline/outline.db"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return home + "/.local/share/outline/outline.db"
        }
        throw OutlineError.cannotOpenDatabase(
            path: "~/.local/share/outline/outline.db",
            reason: "$HOME is not set; pass --db PATH or set OUTLINE_DB")
    }
}
