/// The keywords an org file's headlines may start with: those of its own `#+TODO:`,
/// `#+SEQ_TODO:` and `#+TYP_TODO:` lines, wherever they stand (org reads in-buffer settings from
/// the whole file, but not from inside a verbatim block), every line's keywords together; with
/// none, org's default `TODO | DONE`.
struct OrgTodoKeywords {
    /// The open keywords, in the order the file gives them.
    private(set) var open: [String] = []
    /// The done keywords, in order.
    private(set) var done: [String] = []
    /// Keywords the file declares that a workflow cannot hold (`todo`, `[ ]`): headlines that
    /// start with them keep them in their titles.
    private(set) var unholdable: Set<String> = []
    /// Whether the file declares keywords at all.
    private(set) var declared = false
    /// The lines whose keywords have a fast-access key or logging settings (`WAIT(w@/!)`), which
    /// a workflow cannot hold, and how many keywords there have them.
    private(set) var droppedSettings: [(line: Int, count: Int)] = []

    /// A keyword's `(w@/!)`: its fast-access key and what org logs on entering and leaving it.
    static let droppedSetting = ImportReport.Kind.dropped(
        "fast-access key or logging setting of a #+TODO keyword",
        "fast-access keys and logging settings of #+TODO keywords")

    /// The settings that declare keywords.
    static let settingKeys: Set<String> = ["TODO", "SEQ_TODO", "TYP_TODO"]

    /// The keywords `lines` declare.
    ///
    /// - Throws: `DocumentError` for a keyword one line has as open and another as done.
    init(_ lines: [Substring]) throws {
        let verbatim = OrgNoteText.verbatimContent(lines, endsAtHeadlines: true)
        for (index, line) in lines.enumerated() where !verbatim[index] {
            guard let key = OrgNoteText.settingKey(line), Self.settingKeys.contains(key.uppercased()) else { continue }
            let value = line.droppingSpacesAndTabs.droppingASCII(2 + key.unicodeScalars.count + 1)
            try declare(value, line: index + 1)
        }
        if !declared {
            open = ["TODO"]
            done = ["DONE"]
        }
    }

    /// Adds the keywords of one line's value: open ones, `|`, done ones; without `|`, the last
    /// is the done one, as org reads it. `TODO(t)` and `WAIT(w@/!)` name `TODO` and `WAIT`.
    private mutating func declare(_ value: Substring, line: Int) throws {
        let written = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var words: [Substring] = written.map { word in word.firstIndex(of: "(").map { word[..<$0] } ?? word }
        // `TODO()` says nothing; anything between the parentheses is lost with them.
        let settings = written.count { word in word.firstIndex(of: "(").map { word[$0...] != "()" } ?? false }
        if settings > 0 { droppedSettings.append((line, settings)) }
        guard !words.isEmpty else { return }
        declared = true
        var bar = words.firstIndex(of: "|")
        if bar == nil {
            bar = words.count - 1
            words.insert("|", at: words.count - 1)
        }
        for (position, word) in words.enumerated() where word != "|" && !word.isEmpty {
            let keyword = String(word)
            guard Workflow.canHold(keyword) else {
                unholdable.insert(keyword)
                continue
            }
            let isDone = position > bar!
            if (isDone ? open : done).contains(keyword) {
                throw DocumentError(
                    line: line, "\(keyword) is an open keyword in one #+TODO line and a done one in another")
            }
            if isDone, !done.contains(keyword) { done.append(keyword) }
            if !isDone, !open.contains(keyword) { open.append(keyword) }
        }
    }

    /// Whether `word` is an open keyword (false) or a done one (true); nil when it is neither.
    func isDone(_ word: Substring) -> Bool? {
        if open.contains(where: { $0 == word }) { return false }
        if done.contains(where: { $0 == word }) { return true }
        return nil
    }

    /// The workflow the file declares, for the import to add to the outline's; nil when it
    /// declares none, or one without an open or a done keyword it can hold.
    var workflow: Workflow? {
        guard declared, !open.isEmpty, !done.isEmpty else { return nil }
        return Workflow(uncheckedOpen: open, done: done)
    }
}
