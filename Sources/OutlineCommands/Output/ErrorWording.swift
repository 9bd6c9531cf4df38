import OutlineKit

extension OutlineError {
    /// The library's message with the advice that only the command line can give: which option
    /// or command to use. The library speaks of files and items; the executable knows its flags.
    var commandLineMessage: String {
        switch self {
        case .noDefaultLocation:
            return "cannot open database '~/.local/share/outline/outline.db': $HOME is not set; "
                + "pass --db PATH or set OUTLINE_DB"
        case .cannotOpenDatabase(let path, _) where path.isEmpty:
            return "--db needs a path; it was given an empty one"
        case .noOutline(let path) where path.hasPrefix("~"):
            return message + "; the shell did not expand '~' there "
                + "(write $HOME instead, or leave the path unquoted and not after '=')"
        case .notAnOutlineDatabase:
            return message + "; choose another file with --db"
        case .databaseCorrupt:
            return message + "; 'outline check' lists the damage"
        case .cycle, .missingParent, .malformedItem, .fileNestsTooDeep:
            return message + "; run 'outline check'"
        case .noItemTitled(let title, let parentTitle, let atTopLevel, let hint?):
            // The corrected path quoted as the shell needs it, for a title that holds a quote too.
            let missed = OutlineError.noItemTitled(title: title, parentTitle: parentTitle, atTopLevel: atTopLevel)
            return missed.message + "; " + hint.phrase(quotingPathWith: ShellWord.quoted)
        case .rootNotAllowed:
            return message + "; name an item by its path or id"
        case .noItems:
            return "name at least one item, by its path or id"
        case .noTitles:
            return message + " (standard input held only blank lines)"
        case .anchorNotUnderParent:
            return message + "; drop --under or name a sibling there"
        default:
            return message
        }
    }
}

extension SyncFailure {
    /// The library's message with the command to run, as `OutlineError.commandLineMessage` adds.
    var commandLineMessage: String {
        switch self {
        case .notSetUp:
            return message + "; run 'outline sync init REMOTE' (a git URL, or the path of a bare repository)"
        case .startUnreachable:
            return message + "; run 'outline sync init REMOTE' again when it can be reached"
        case .remoteIsAnOption(_, stored: true):
            return message + "; set the remote with 'outline sync remote URL'"
        case .alreadySetUp:
            return message + "; 'outline sync' runs a round"
        case .bothHoldItems, .startCutShort:
            return message + "; on this machine, use a new outline: 'outline --db NEW.db sync init REMOTE'"
        case .badLog:
            return message + "; whoever can push to the remote can remove that commit with git, "
                + "or the machines can join a new remote"
        case .tablesDamaged, .unsendable:
            return message + "; 'outline check' lists what is wrong"
        case .remoteRewritten:
            return message + "; to start the log again from this machine's outline, keeping what it has not sent, "
                + "run 'outline sync republish' (if the remote moved instead, 'outline sync remote URL')"
        case .logOnAnotherBranch(let remote, _, let holding, _):
            let here = remote.hasPrefix("/") ? "git --git-dir '\(remote)' " : "git "
            return message + "; whoever keeps the remote can point its HEAD back ("
                + here + "symbolic-ref HEAD refs/heads/\(holding), or the host's default branch setting)"
        case .republishNeedless:
            return message + "; 'outline sync' runs a round"
        case .alreadyRepublished:
            return message + "; 'outline sync' moves this machine onto it and sends what it lacks"
        default:
            return message
        }
    }
}
