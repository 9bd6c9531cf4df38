import Foundation
import Testing

/// What bash's completion function did for one line.
struct BashCompletion: CustomStringConvertible {
    /// COMPREPLY, each reply as bash reads it back when the line is entered.
    var replies: [String]
    /// The options the function set with `compopt` (`-o nospace`), one call a string;
    /// `+o filenames`, which outline's function always sets (it quotes every reply itself), is
    /// left out.
    var compopt: [String]
    /// What else reached standard error: anything `outline` printed while completing.
    var errors: [String]

    var description: String { "replies \(replies), compopt \(compopt), errors \(errors)" }
}

extension OutlineProcess {
    /// Runs bash's completion function for `line` (completing its last word), with the script
    /// `outline --generate-completion-script bash` prints and the built binary on PATH.
    ///
    /// The replies are quoted for the shell: each is read back as bash reads the line when it is
    /// entered (a reply quoted wrong would run what a title holds, in the test's folder).
    /// Outside a completion bash refuses `compopt`, so a function of that name notes each call
    /// instead.
    func bashCompletion(
        _ line: String, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> BashCompletion {
        let script = try run(["--generate-completion-script", "bash"], useDatabaseOption: false).stdout
        let scriptFile = directory + "/outline.bash"
        try script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
        let driver = """
            source "$1"
            compopt() { printf 'compopt: %s\\n' "$*" >&2; }
            line="$2"
            read -ra COMP_WORDS <<< "$line"
            [[ "$line" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="$line"
            COMP_POINT=${#line}
            _outline outline "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            for reply in "${COMPREPLY[@]}"; do eval "printf '%s\\n' ${reply}"; done
            """
        var environment = environment
        let binaryFolder = URL(fileURLWithPath: OutlineProcess.binary).deletingLastPathComponent().path
        environment["PATH"] = binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // Run in the test's folder, so that a title that ran a command would leave a file there.
        let result = try OutlineProcess.run(
            [
                "sh", "-c", "cd \"$0\" && exec bash -c \"$1\" driver \"$2\" \"$3\"", directory, driver,
                scriptFile, line,
            ],
            input: nil, environment: environment, viaShell: true)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        let stderr = result.stderr.split(separator: "\n").map(String.init)
        let calls = stderr.filter { $0.hasPrefix("compopt: ") }.map { String($0.dropFirst("compopt: ".count)) }
        return BashCompletion(
            replies: result.lines.filter { !$0.isEmpty }, compopt: calls.filter { $0 != "+o filenames" },
            errors: stderr.filter { !$0.hasPrefix("compopt: ") })
    }
}
