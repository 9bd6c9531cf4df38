import ArgumentParser
import Foundation
import OutlineKit

/// Shell completion of the values of `--state`, `--tag`, `--untag`, `--priority` and
/// `--property` (of `set`, `add` and `find`): the workflow's keywords, the tags and property
/// keys in use, read from the outline as REFs are (`CompletionRequest`), and the priorities.
///
/// The option groups are made at every `add`, `set` and `find`, completing or not, and read
/// their `completion:` then. So each kind is a `static let` of a closure that captures nothing,
/// as a REF's is: no query, no allocation until a shell asks (callgrind counted the same
/// instructions for `add`, `set` and `find` before and after these were declared).
enum AttributeCompletionRequest {
    /// A value that completes from the outline.
    enum Value {
        /// A keyword of the workflow, or `none`.
        case keyword
        /// A tag in use that `set --tag` takes: one word.
        case tag
        /// Any tag in use, as `find --tag` takes them: `two words`, written `#[[two words]]` in a
        /// title, too.
        case anyTag
        /// A property key in use, offered as `KEY=`.
        case propertyKey
    }

    /// `--state`'s completion.
    static let keyword = CompletionKind.custom { words, _, prefix in
        candidates(.keyword, words: words, prefix: prefix, shell: CompletionShell.requesting)
    }

    /// `--tag`'s and `--untag`'s completion, for `set` and `add`.
    static let tag = CompletionKind.custom { words, _, prefix in
        candidates(.tag, words: words, prefix: prefix, shell: CompletionShell.requesting)
    }

    /// `find --tag`'s completion.
    static let tagFilter = CompletionKind.custom { words, _, prefix in
        candidates(.anyTag, words: words, prefix: prefix, shell: CompletionShell.requesting)
    }

    /// `--property`'s completion.
    static let propertyKey = CompletionKind.custom { words, _, prefix in
        candidates(.propertyKey, words: words, prefix: prefix, shell: CompletionShell.requesting)
    }

    /// `--priority`'s completion, for `set` and `add`: A, B, C and `none`. A custom completion,
    /// though the list is fixed: a `.list` would build its array at every start of those commands.
    static let priority = CompletionKind.custom { _, _, prefix in
        priorityCandidates(withNone: true, prefix: prefix, shell: CompletionShell.requesting)
    }

    /// `find --priority`'s completion: A, B and C (find takes no `none`).
    static let priorityFilter = CompletionKind.custom { _, _, prefix in
        priorityCandidates(withNone: false, prefix: prefix, shell: CompletionShell.requesting)
    }

    /// The candidates of `value` for `prefix` (the word being completed, as typed up to the
    /// cursor), from the database `words` name, in the form `shell` reads them; none on any
    /// failure.
    static func candidates(
        _ value: Value, words: [String], prefix: String, shell: CompletionShell?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        let typed = ShellWord.unquoted(prefix)
        guard let store = CompletionRequest.openStore(words: words, environment: environment),
            let offers = try? offers(value, typed: typed, store: store)
        else { return [] }
        return lines(for: offers, typed: typed, shell: shell)
    }

    /// The priorities for `prefix`, in the form `shell` reads them.
    static func priorityCandidates(withNone: Bool, prefix: String, shell: CompletionShell?) -> [String] {
        let priorities = [
            CompletionOffer(text: "A", description: "the highest"), CompletionOffer(text: "B", description: "middle"),
            CompletionOffer(text: "C", description: "the lowest"),
        ]
        let none = withNone ? [CompletionOffer(text: "none", description: "no priority")] : []
        return lines(for: priorities + none, typed: ShellWord.unquoted(prefix), shell: shell)
    }

    /// Every offer of `value` that the outline holds, in order, before matching.
    private static func offers(_ value: Value, typed: String, store: OutlineStore) throws -> [CompletionOffer] {
        switch value {
        case .keyword:
            let workflow = try store.workflow()
            return workflow.open.map { CompletionOffer(text: $0, description: "open") }
                + workflow.done.map { CompletionOffer(text: $0, description: "done") }
                + [CompletionOffer(text: "none", description: "no keyword: a plain item")]
        case .tag, .anyTag:
            // A tag written `#[[two words]]` in a title is no word that set's --tag takes; find
            // looks for it all the same.
            return try store.tags().filter { value == .anyTag || (try? Tag.validated($0.name)) == $0.name }.map {
                CompletionOffer(text: $0.name, description: items($0.count))
            }
        case .propertyKey:
            // A value is being typed: no key to offer.
            guard !typed.contains("=") else { return [] }
            return try store.propertyKeys().map {
                CompletionOffer(text: $0.name + "=", description: items($0.count), goesOn: true)
            }
        }
    }

    /// The offers that start with `typed` ignoring case, at most `CompletionRequest.limit`, as
    /// lines for `shell`. One that differs in case from what was typed (`TODO` for `todo`)
    /// stands in place of it: a shell would keep only the offers that extend the word.
    private static func lines(for offers: [CompletionOffer], typed: String, shell: CompletionShell?) -> [String] {
        let folded = typed.lowercased()
        let matching = offers.filter { $0.text.lowercased().hasPrefix(folded) }.prefix(CompletionRequest.limit)
        return CompletionRequest.lines(
            for: matching.map { offer in
                var offer = offer
                offer.inPlaceOfTyped = !offer.text.hasPrefix(typed)
                return offer
            }, shell: shell)
    }

    /// How many items carry a tag or property, in words.
    private static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }
}

extension CompletionKind {
    /// A keyword's completion: the workflow's keywords and `none`.
    static var keyword: CompletionKind { AttributeCompletionRequest.keyword }
    /// A tag's completion for `set` and `add`: the tags in use that are one word, most used first.
    static var tag: CompletionKind { AttributeCompletionRequest.tag }
    /// A tag's completion for `find`: every tag in use, most used first.
    static var tagFilter: CompletionKind { AttributeCompletionRequest.tagFilter }
    /// A property's completion: the keys in use, each as `KEY=`.
    static var propertyKey: CompletionKind { AttributeCompletionRequest.propertyKey }
    /// A priority's completion for `set` and `add`: A, B, C and `none`.
    static var priority: CompletionKind { AttributeCompletionRequest.priority }
    /// A priority's completion for `find`: A, B and C.
    static var priorityFilter: CompletionKind { AttributeCompletionRequest.priorityFilter }
}
