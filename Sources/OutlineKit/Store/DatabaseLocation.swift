/// Where the outline database lives: a path given, else `$OUTLINE_DB`, else
/// `$XDG_DATA_HOME/outline/outline.db`,
/// else `~/.local/share/outline/outline.db`.
public enum DatabaseLocation {
    /// Resolves the database path.
    ///
    /// - Parameters:
    ///   - explicitPath: a path the user gave, if any.
    ///   - environment: the process environment (a parameter so that tests can pass their own).
    /// - Throws: `OutlineError.noDefaultLocation` when no path can be formed (no `$HOME`), and
    ///   `.cannotOpenDatabase` for an empty `explicitPath`: a script's unset variable, not a wish
    ///   for the default database.
    public static func resolve(explicitPath: String?, environment: [String: String]) throws -> String {
        if let explicitPath {
            if explicitPath.isEmpty { throw OutlineError.cannotOpenDatabase(path: "", reason: "the path is empty") }
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
        throw OutlineError.noDefaultLocation
    }

    /// Whether the database was named on purpose, by a path given or `$OUTLINE_DB`, rather than found
    /// at the default location: a named file that is missing is more likely a typo.
    public static func isNamedExplicitly(explicitPath: String?, environment: [String: String]) -> Bool {
        explicitPath != nil || !(environment["OUTLINE_DB"] ?? "").isEmpty
    }

    /// The folder that holds the database (and, in WAL mode, its -wal and -shm files).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The database file's name within its folder.
    package static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
