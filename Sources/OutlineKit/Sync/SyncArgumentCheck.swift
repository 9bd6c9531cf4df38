/// The values a database file gives git, checked before git sees them.
///
/// A database may come from anywhere (a backup, a copy someone sent, a file edited with the
/// sqlite3 shell), and what it stores for sync reaches git's command line: the remote as the
/// repository of `git fetch` and `git push`, the commit ids as revisions of `git rev-list`,
/// `git merge-base` and `git log`. A value that begins with `-` would be read as an option
/// there, and some options run a command (`--upload-pack`) or write a file (`--output`).
/// GitRemote also puts the remote after `--`; these checks refuse such a value with a clear
/// error, before anything is changed, rather than leave it to git's word for it.
enum SyncArgumentCheck {
    /// Refuses a remote that begins with `-`. `stored` tells the error whether the file held
    /// it or the user gave it.
    static func remote(_ remote: String, stored: Bool) throws {
        if remote.hasPrefix("-") { throw SyncFailure.remoteIsAnOption(remote: remote, stored: stored) }
    }

    /// Refuses a stored configuration whose remote or commit ids git could read as options.
    ///
    /// A commit id is hexadecimal digits; the length is not checked, since a round only passes
    /// it to git, which says whether it knows the commit (the hex digits cannot be an option).
    static func stored(_ configuration: SyncConfiguration, includingRemote: Bool = true) throws {
        if includingRemote { try remote(configuration.remote, stored: true) }
        for case (let what, let value?) in commits(of: configuration) where !isHexadecimal(value) {
            throw SyncFailure.storedValueNotACommit(what: what, value: value)
        }
    }

    /// What `stored` would refuse, every instance of it, in words for `check`.
    static func problems(in configuration: SyncConfiguration) -> [String] {
        var found: [String] = []
        if configuration.remote.hasPrefix("-") {
            found.append("the remote '\(TitleSanitizer.forTerminal(configuration.remote))' begins with '-'")
        }
        for case (let what, let value?) in commits(of: configuration) where !isHexadecimal(value) {
            found.append("the \(what) '\(TitleSanitizer.forTerminal(value))' is not a commit id")
        }
        return found
    }

    /// The commit ids a configuration stores, named.
    private static func commits(of configuration: SyncConfiguration) -> [(String, String?)] {
        [("last commit synced", configuration.lastCommit), ("commit being pushed", configuration.pushing)]
    }

    /// Whether `value` could be a commit id: hexadecimal digits only, never an option to git.
    static func isHexadecimal(_ value: String) -> Bool {
        !value.isEmpty
            && value.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
    }
}
