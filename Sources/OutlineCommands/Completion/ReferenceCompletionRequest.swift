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
        return lines(for: completions, shell: shell)
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

    /// The candidates as `shell`'s script reads them (see `CompletionScripts`), one a line.
    ///
    /// - bash: flags, a tab, the REF as it is typed. The flags hold `/` where the REF may go on
    ///   with a `/`, `=` where it stands in place of the word typed; `-` when neither.
    /// - zsh: the same flags and tab, then `text:description` for `_describe` (a colon in the
    ///   text escaped, and backslashes, which it reads as escapes in both halves).
    /// - fish: `text<TAB>description`. fish leaves the space out only after an offer that ends
    ///   in a `/` (or `=`, `@`, `:`, `.`, `,`, `-`), and has no way to be told: an item with
    ///   children that is the only offer is offered twice, as it is and with a `/`, so that fish
    ///   types what the two share, without the space, and lists both.
    /// - no shell (a request typed by hand): the texts alone.
    static func lines(for completions: [ReferenceCompletion], shell: CompletionShell?) -> [String] {
        switch shell {
        case .bash?:
            return completions.map { flags($0) + "\t" + $0.text }
        case .zsh?:
            return completions.map { completion in
                let text = completion.text.replacingScalars { $0 == "\\" ? "\\\\" : $0 == ":" ? "\\:" : nil }
                let description = completion.description.replacingScalars { $0 == "\\" ? "\\\\" : nil }
                return flags(completion) + "\t" + text + ":" + description
            }
        case .fish?:
            if completions.count == 1, let only = completions.first, only.continues, !only.text.hasSuffix("/") {
                return [only.text + "\t" + only.description, only.text + "/\t" + only.description + "/"]
            }
            return completions.map { $0.text + "\t" + $0.description }
        default:
            return completions.map(\.text)
        }
    }

    /// What a script needs to know of an offer besides its text (see `lines(for:shell:)`).
    private static func flags(_ completion: ReferenceCompletion) -> String {
        let flags = (completion.inPlaceOfTyped ? "=" : "") + (completion.continues ? "/" : "")
        return flags.isEmpty ? "-" : flags
    }
}
