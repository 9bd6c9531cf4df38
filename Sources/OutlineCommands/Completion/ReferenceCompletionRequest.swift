import ArgumentParser
import Foundation
import OutlineKit

/// Shell completion of REF arguments and options: the shell asks `outline` itself, which reads
/// the database the command line names (or the default one) and offers ids and titles, as
/// every completion from the outline does (`CompletionRequest`).
enum ReferenceCompletionRequest {
    /// What every REF argument and option declares.
    static let kind = CompletionKind.custom { words, _, prefix in
        candidates(words: words, prefix: prefix, shell: CompletionShell.requesting)
    }

    /// The candidates for `prefix` (the word being completed, as typed up to the cursor), in the
    /// form `shell` reads them.
    static func candidates(
        words: [String], prefix: String, shell: CompletionShell?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        guard let store = CompletionRequest.openStore(words: words, environment: environment),
            let completions = try? store.referenceCompletions(
                for: ShellWord.unquoted(prefix), limit: CompletionRequest.limit)
        else { return [] }
        return CompletionRequest.lines(for: completions.map(CompletionOffer.init), shell: shell)
    }
}
