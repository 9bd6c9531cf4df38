/// The outline's task keywords: open ones, then done ones, as org-mode's `#+TODO:` line writes
/// them (`TODO NEXT | DONE CANCELLED`).
public struct Workflow: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The keywords of a task still to do, in order: `reopen` gives the first.
    public let open: [String]
    /// The keywords of a finished task, in order: `done` gives the first.
    public let done: [String]

    /// `TODO | DONE`, the workflow of an outline that never set one.
    public static let standard = Workflow(uncheckedOpen: ["TODO"], done: ["DONE"])

    /// Reads a workflow as `outline workflow` takes it: open keywords, `|`, done keywords.
    ///
    /// A keyword is upper-case letters, digits, `_` and `-` (`NEXT`, `ON-HOLD`), starting with a
    /// letter; at least one of each kind; no keyword twice; not `NONE`, which `--state none`
    /// means no keyword. A `#+TODO:` line can be pasted as it is: its `#+TODO:` is dropped, and
    /// so are fast-access keys and logging marks (`TODO(t)`, `WAIT(w@/!)`); without a `|`, the
    /// last keyword is the done one, as org-mode reads it.
    ///
    /// - Throws: `invalidWorkflow`, saying what was expected.
    public init(parsing text: String) throws {
        var line = Substring(text)
        for prefix in ["#+TODO:", "#+SEQ_TODO:", "#+TYP_TODO:"] where line.uppercased().hasPrefix(prefix) {
            line = line.dropFirst(prefix.count)
        }
        let halves = line.split(separator: "|", omittingEmptySubsequences: false)
        guard halves.count <= 2 else {
            throw OutlineError.invalidWorkflow(
                text, reason: "expected open keywords, then |, then done keywords, such as \"TODO NEXT | DONE\"")
        }
        var open = try Self.keywords(halves[0], of: text)
        var done = halves.count == 2 ? try Self.keywords(halves[1], of: text) : []
        if halves.count == 1, open.count > 1 { done = [open.removeLast()] }
        guard !open.isEmpty else {
            throw OutlineError.invalidWorkflow(text, reason: "it needs at least one open keyword before |")
        }
        guard !done.isEmpty else {
            throw OutlineError.invalidWorkflow(text, reason: "it needs at least one done keyword after |")
        }
        var seen = Set<String>()
        for keyword in open + done where !seen.insert(keyword).inserted {
            throw OutlineError.invalidWorkflow(text, reason: "\(keyword) is given twice")
        }
        if seen.contains("NONE") {
            throw OutlineError.invalidWorkflow(text, reason: "NONE cannot be a keyword: --state none means no keyword")
        }
        self.init(uncheckedOpen: open, done: done)
    }

    init(uncheckedOpen open: [String], done: [String]) {
        self.open = open
        self.done = done
    }

    /// `TODO NEXT | DONE CANCELLED`.
    public var description: String { (open + ["|"] + done).joined(separator: " ") }

    /// Every keyword, open ones first.
    public var keywords: [String] { open + done }

    /// Whether `keyword` is one of the done keywords.
    public func isDone(_ keyword: String) -> Bool { done.contains(keyword) }

    /// The keyword `text` names, matched ignoring case (`todo` is `TODO`); nil when none does.
    public func keyword(named text: String) -> String? {
        let upper = text.uppercased()
        return keywords.first { $0 == upper }
    }

    private static func keywords(_ half: Substring, of text: String) throws -> [String] {
        try half.split(whereSeparator: \.isWhitespace).map { word in
            // org-mode's `TODO(t)` and `WAIT(w@/!)`: a fast-access key and logging marks.
            let keyword = word.firstIndex(of: "(").map { word[..<$0] } ?? word
            guard word.last == ")" || !word.contains("("), isKeyword(keyword) else {
                throw OutlineError.invalidWorkflow(
                    text,
                    reason: "\"\(word)\" is not a keyword: upper-case letters, digits, _ and -, starting with a letter")
            }
            return String(keyword)
        }
    }

    /// Whether a workflow can hold `word`: a keyword (`isKeyword`), and not `NONE`, which
    /// `--state none` takes for no keyword. What a keyword read from a document must be.
    static func canHold(_ word: String) -> Bool { word != "NONE" && isKeyword(Substring(word)) }

    /// Upper-case ASCII letters, digits, `_` and `-`, starting with a letter: what org-mode and
    /// taskwarrior users write, and what every format can carry as it is.
    static func isKeyword(_ word: Substring) -> Bool {
        guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return word.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
    }
}
