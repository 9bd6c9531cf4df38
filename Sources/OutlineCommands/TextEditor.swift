import Foundation

/// The user's text editor, run on a file for `outline edit`: `$VISUAL`, else `$EDITOR`, else
/// `vi`, as git and crontab choose it.
enum TextEditor {
    /// The editor's command line, as the user set it (it may hold arguments: `code --wait`).
    static func command(_ environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.allSatisfy(\.isWhitespace) { return value }
        }
        return "vi"
    }

    /// How the editor (or another program run in the foreground) ended.
    enum Ending: Equatable {
        case exited(Int32)
        case killed(signal: Int32)

        /// The ending in words, after the program's name: `exited with status 1`.
        var phrase: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .killed(let signal): "was stopped by signal \(signal)"
            }
        }

        /// The exit status a shell gives it: 128 and the signal's number for a signal.
        var status: Int32 {
            switch self {
            case .exited(let status): status
            case .killed(let signal): 128 + signal
            }
        }
    }

    /// Runs `command` on `path` through `/bin/sh`, so that a command with arguments works, on this
    /// terminal, and waits for it. Ctrl-C while it runs is the editor's: outline ignores it
    /// meanwhile, as git does, so that it never leaves an editor behind on the terminal.
    static func run(_ command: String, on path: String) throws -> Ending {
        try runInForeground(["/bin/sh", "-c", "\(command) \"$@\"", "sh", path], named: "the editor '\(command)'")
    }

    /// Runs `arguments` (the first a program's path) on this terminal and waits for it, Ctrl-C
    /// and Ctrl-\ its own meanwhile: the editor, and the `:` commands of `tui` that need the
    /// terminal. `name` says what it is in the errors.
    ///
    /// - Throws: `CommandFailure` when it cannot be started, or waited for.
    static func runInForeground(_ arguments: [String], named name: String) throws -> Ending {
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], nil, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw CommandFailure(message: "cannot start \(name): \(String(cString: strerror(spawned)).lowercased())")
        }
        let interrupt = signal(SIGINT, SIG_IGN)
        let quit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, interrupt)
            signal(SIGQUIT, quit)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw CommandFailure(message: "lost \(name): \(String(cString: strerror(errno)))")
            }
        }
        // The wait status as <sys/wait.h>'s macros read it, which Swift does not import.
        let signalNumber = status & 0x7F
        return signalNumber == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signalNumber)
    }

    /// A new file for the text, `outline-edit-XXXXXX.txt` in `$TMPDIR` (else `/tmp`), readable
    /// by its owner only, holding `bytes`: a `KeptText` when the command keeps it.
    static func temporaryFile(holding bytes: [UInt8]) throws -> String {
        let folder = KeptText.folder()
        var template = Array(KeptText.template(in: folder).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer {
            mkstemps($0.baseAddress!, Int32(KeptText.suffix.utf8.count))
        }
        guard descriptor >= 0 else {
            throw CommandFailure(
                message:
                    "cannot make a file for the text in \(folder): \(String(cString: strerror(errno)).lowercased())")
        }
        defer { close(descriptor) }
        // mkstemps filled in the X's; the name ends at the template's terminating NUL.
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let code = DescriptorWriting.writeAll(bytes, to: descriptor) {
            unlink(path)
            throw CommandFailure(message: "cannot write the text to \(path): \(String(cString: strerror(code)))")
        }
        return path
    }
}
