import ArgumentParser
import Foundation
import OutlineKit

/// What every completion that reads the outline shares (REFs, `ReferenceCompletionRequest`; the
/// values of attributes, `AttributeCompletionRequest`): the database the command line names,
/// opened to read only, and the lines the completion scripts read.
///
/// A completion must never disturb the line being typed: any failure (no database, an older or
/// foreign file, a locked one) offers nothing rather than an error. Nor does it write: an older
/// file is left for a command to upgrade (at a million items that takes seconds).
enum CompletionRequest {
    /// How many candidates a request offers: a shell lists them all, so more would only scroll.
    static let limit = 50

    /// How long completion waits for another process's write to finish before offering nothing.
    static let busyTimeout: TimeInterval = 0.3

    /// The database the command line (`words`) names, else the one `environment` names, else
    /// the default one, opened without creating or upgrading it; nil on any failure.
    static func openStore(words: [String], environment: [String: String]) -> OutlineStore? {
        guard let path = try? DatabaseLocation.resolve(explicitPath: databasePath(in: words), environment: environment)
        else { return nil }
        return try? OutlineStore(
            path: path, busyTimeout: busyTimeout, whenMissing: .refuse, upgradingOlderFiles: false)
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

    /// The offers as `shell`'s script reads them (see `CompletionScripts`), one a line.
    ///
    /// - bash: flags, a tab, the text as it is typed. The flags hold `/` where the word may go
    ///   on after the text (no space follows it), `=` where the text stands in place of the
    ///   word typed; `-` when neither.
    /// - zsh: the same flags and tab, then `text:description` for `_describe` (a colon in the
    ///   text escaped, and backslashes, which it reads as escapes in both halves).
    /// - fish: `text<TAB>description`. fish leaves the space out only after an offer that ends
    ///   in a `/` (or `=`, `@`, `:`, `.`, `,`, `-`), and has no way to be told: an offer that
    ///   goes on and is the only one (an item with children) is offered twice, as it is and
    ///   with a `/`, so that fish types what the two share, without the space, and lists both.
    /// - no shell (a request typed by hand): the texts alone.
    static func lines(for offers: [CompletionOffer], shell: CompletionShell?) -> [String] {
        switch shell {
        case .bash?:
            return offers.map { flags($0) + "\t" + $0.text }
        case .zsh?:
            return offers.map { offer in
                let text = offer.text.replacingScalars { $0 == "\\" ? "\\\\" : $0 == ":" ? "\\:" : nil }
                let description = offer.description.replacingScalars { $0 == "\\" ? "\\\\" : nil }
                return flags(offer) + "\t" + text + ":" + description
            }
        case .fish?:
            // `KEY=` needs no second offer: fish leaves the space out after a `=` itself.
            if offers.count == 1, let only = offers.first, only.goesOn, !only.text.hasSuffix("/"),
                !only.text.hasSuffix("=")
            {
                return [only.text + "\t" + only.description, only.text + "/\t" + only.description + "/"]
            }
            return offers.map { $0.text + "\t" + $0.description }
        default:
            return offers.map(\.text)
        }
    }

    /// What a script needs to know of an offer besides its text (see `lines(for:shell:)`).
    private static func flags(_ offer: CompletionOffer) -> String {
        let flags = (offer.inPlaceOfTyped ? "=" : "") + (offer.goesOn ? "/" : "")
        return flags.isEmpty ? "-" : flags
    }
}

/// One way to finish the word being completed, as `CompletionRequest.lines(for:shell:)` hands it
/// to a shell.
struct CompletionOffer: Equatable {
    /// What to type: the word as typed, finished; or, `inPlaceOfTyped`, a word to type instead.
    var text: String
    /// What it stands for, for a person; zsh and fish show it.
    var description: String
    /// Whether the word may go on after `text` (a `/` and a child's title, a property's value):
    /// a shell leaves the space out after it.
    var goesOn = false
    /// Whether `text` replaces what was typed rather than continue it.
    var inPlaceOfTyped = false
}

extension CompletionOffer {
    /// The offer for a REF's completion.
    init(_ completion: ReferenceCompletion) {
        self.init(
            text: completion.text, description: completion.description, goesOn: completion.continues,
            inPlaceOfTyped: completion.inPlaceOfTyped)
    }
}
