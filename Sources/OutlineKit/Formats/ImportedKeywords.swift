/// The keywords imported items carry, checked against the outline's workflow: SPEC's json
/// import adds the keywords the workflow lacks, open or done as the items are, in the order the
/// document first uses them.
///
/// An item that is done with a keyword the workflow (or an earlier item) has as open, or the
/// other way round, is refused rather than guessed at: its state in the outline would
/// contradict either its `done` or the workflow, and exporting it again would not give back
/// what was imported.
struct ImportedKeywords {
    /// The outline's workflow, with the keywords added so far.
    private(set) var workflow: Workflow
    /// The workflow as the outline had it.
    private let original: Workflow

    /// Checks the keywords `declared` by the documents (added first, in their order) and every
    /// keyword of `items` and what they nest against `workflow`.
    ///
    /// - Throws: `workflowContradicted` for a declared keyword that the workflow has as the
    ///   other kind; `keywordContradicted`, naming the first item whose keyword contradicts it;
    ///   `unknownKeyword` for a state that is not a keyword at all (`todo`, `NONE`).
    /// - Parameter adoptingDeclared: take the first declared workflow as it is, in its order,
    ///   in place of `workflow`: for an empty outline that never set one, so that a document's
    ///   `#+TODO: NEXT TODO | CANCELLED DONE` comes back out in that order rather than merged
    ///   into `TODO | DONE`.
    init(
        _ items: [ImportedItem], declared: [Workflow] = [], workflow: Workflow, adoptingDeclared: Bool = false
    ) throws {
        self.workflow = adoptingDeclared ? declared.first ?? workflow : workflow
        original = workflow
        for declared in declared {
            for keyword in declared.keywords {
                let isDone = declared.isDone(keyword)
                if self.workflow.keywords.contains(keyword) {
                    guard self.workflow.isDone(keyword) == isDone else {
                        throw OutlineError.workflowContradicted(keyword: keyword, isDone: isDone)
                    }
                } else {
                    add(keyword, isDone: isDone)
                }
            }
        }
        // A stack of the lists being walked, so that deep nesting costs no call stack.
        var frames: [(items: [ImportedItem], next: Int)] = [(items, 0)]
        while let top = frames.indices.last {
            guard frames[top].next < frames[top].items.count else {
                frames.removeLast()
                continue
            }
            let item = frames[top].items[frames[top].next]
            frames[top].next += 1
            try note(item)
            if !item.children.isEmpty { frames.append((item.children, 0)) }
        }
    }

    /// Whether the workflow gained keywords.
    var changed: Bool { workflow != original }

    private mutating func note(_ item: ImportedItem) throws {
        guard let keyword = item.attributes.state else { return }
        // The readers check keywords as they read them; this guards the workflow setting against
        // a caller of the library that did not, since a word stored there makes it unreadable.
        guard Workflow.canHold(keyword) else {
            throw OutlineError.unknownKeyword(keyword, workflow: workflow.description)
        }
        if workflow.keywords.contains(keyword) {
            guard workflow.isDone(keyword) == item.isDone else {
                throw OutlineError.keywordContradicted(title: item.title, keyword: keyword, isDone: item.isDone)
            }
            return
        }
        add(keyword, isDone: item.isDone)
    }

    private mutating func add(_ keyword: String, isDone: Bool) {
        workflow = Workflow(
            uncheckedOpen: workflow.open + (isDone ? [] : [keyword]),
            done: workflow.done + (isDone ? [keyword] : []))
    }

    /// The keywords added to the outline's workflow, open ones first.
    var added: [String] { workflow.keywords.filter { !original.keywords.contains($0) } }
}
