import ArgumentParser
import Foundation
import OutlineKit

/// Shell completion of REF arguments and options: the shell asks `outline` itself, which reads
/// the database the command line names (or the default one) and offers ids and titles.
///
/// A completion must never disturb the line being typed: any failure (no database, an older or
/// foreign file, a locked one) offers nothing rather than an error. Nor does it write: an older
/// file is left for a command to upgrade (at a million items that takes seconds).
enum ReferenceCompletionRequest {
    /// What every REF argument and option declares.
    static let kind = CompletionKind.custom { words, _, prefix in
        candidates(words: words, prefix: prefix, shell: CompletionShell.requesting)
    }

    /// How many candidates a request offers: a shell lists them all, so more would only scroll.
    static let limit = 50

    /// How long completion waits for another process's write to finish before offering nothing.
    static let busyTimeout: TimeInterval = 0.3

    /// The candidates for `prefix` (the word being completed, as typed up to the cursor), in the
    /// form `shell` reads them.
    static func candidates(
        words: [String], prefix: String, shell: CompletionShell?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        guard let path = try? DatabaseLocation.resolve(explicitPath: databasePath(in: words), environment: environment),
            let store = try? OutlineStore(
                path: path, busyTimeout: busyTimeout, whenMissing: .refuse, upgradingOlderFiles: false),
            let completions = try? store.referenceCompletions(for: ShellWord.unquoted(prefix), limit: limit)
        else { return [] }
        return completions.map { format($0, for: shell) }
    }

    /// The `--db` value on the command line, if any: the last one, as the parser takes it.
    static func databasePath(in words: [String]) -> String? {
        var path: String?
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == "--db", index + 1 < words.endIndex {
                path = ShellWord.unquoted(words[index + 1])
                index += 1
            } else if word.hasPrefix("--db=") {
                path = ShellWord.unquoted(String(word.dropFirst("--db=".count)))
            }
            index += 1
        }
        // An unexpanded `~/` is the user's home, as the shell would have made it.
        if let home = ProcessInfo.processInfo.environment["HOME"], let tilde = path, tilde.hasPrefix("~/") {
            return home + tilde.dropFirst()
        }
        return path
    }

    /// One candidate as `shell` reads it: zsh takes `text:description` (a colon in the text
    /// escaped), fish `text<TAB>description`, bash the text alone, escaped for `compgen -W`,
    /// which would otherwise expand `$(...)` in a title: a title must never run a command.
    static func format(_ completion: ReferenceCompletion, for shell: CompletionShell?) -> String {
        switch shell {
        case .zsh?:
            // _describe reads `\` as an escape in both halves, and `:` as the split.
            let text = completion.text.replacingScalars { $0 == "\\" ? "\\\\" : $0 == ":" ? "\\:" : nil }
            return text + ":" + completion.description.replacingScalars { $0 == "\\" ? "\\\\" : nil }
        case .fish?:
            return completion.text + "\t" + completion.description
        default:
            // Scalars, not characters: a backquote that a combining mark follows is one
            // character with it, and went through unescaped to compgen, which mangled it.
            return completion.text.replacingScalars { scalar in
                "\\$`\"'~{}*?[]".unicodeScalars.contains(scalar) ? "\\" + String(scalar) : nil
            }
        }
    }
}
