extension EditableText {
    /// The state a line shows before its title (SPEC, "Editing in an editor"): `[ ]` for the
    /// workflow's first open keyword, `[x]` for its first done one, `[NEXT]` for any other. A
    /// plain item shows none: its line's `marker` is nil.
    ///
    /// `[ ]` and `[x]` are GitHub's task boxes, so that the common case reads as a list of tasks
    /// does elsewhere; any other keyword is spelled out, as org-mode spells out every one.
    public enum Marker: Equatable, Hashable, Sendable {
        /// `[ ]`: the workflow's first open keyword.
        case open
        /// `[x]`: the workflow's first done keyword.
        case done
        /// `[NEXT]`: a keyword written between the brackets, as written (read with the workflow
        /// when the text is applied).
        case keyword(String)

        /// The marker that shows `keyword` under `workflow`; nil for no keyword (a plain item).
        public init?(showing keyword: String?, in workflow: Workflow) {
            guard let keyword else { return nil }
            if keyword == workflow.open[0] {
                self = .open
            } else if keyword == workflow.done[0] {
                self = .done
            } else {
                self = .keyword(keyword)
            }
        }

        /// The marker as the text writes it: its brackets and what they hold, without the space
        /// that follows it on a line.
        public var text: String {
            switch self {
            case .open: "[ ]"
            case .done: "[x]"
            case .keyword(let keyword): "[\(keyword)]"
            }
        }

        /// The keyword the marker gives its item under `workflow`; nil where it names none.
        ///
        /// A keyword in brackets is matched as `set --state` matches one, ignoring case (`[next]`
        /// is `NEXT`). `[X]` is the keyword X where the workflow has one, and otherwise done, as
        /// in a Markdown task list; `[x]` is always done, being what the text writes for it.
        /// `own` is the item's keyword before the edit: a line may keep it even where the
        /// workflow lacks it (only a file edited outside outline holds such an item), so that
        /// the text `edit` wrote always applies as it is.
        func keyword(in workflow: Workflow, keeping own: String?) -> String? {
            switch self {
            case .open: return workflow.open[0]
            case .done: return workflow.done[0]
            case .keyword(let text):
                if let keyword = workflow.keyword(named: text) { return keyword }
                if text == own { return own }
                return text == "X" ? workflow.done[0] : nil
            }
        }

        /// The marker at the start of `text`, and the text after it and the blanks that follow
        /// it; nil where `text` does not start with one.
        ///
        /// A marker is `[`, then anything but brackets, then `]`, then a space, a tab or the end
        /// of the line. The text escapes a title's own `[` at its start, so an unescaped one
        /// there is a marker, even one that names no keyword (which applying refuses, rather
        /// than take the brackets for part of a title). A `[` with no such `]` (`[[link]]`,
        /// `[a](b)`) is not one: the title a user typed.
        static func read(_ text: Substring) -> (marker: Marker, rest: Substring)? {
            let scalars = text.unicodeScalars
            guard scalars.first == "[", let close = scalars.firstIndex(of: "]") else { return nil }
            let inside = scalars[scalars.index(after: scalars.startIndex)..<close]
            guard !inside.contains("[") else { return nil }
            var rest = scalars[scalars.index(after: close)...]
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
            while let first = rest.first, first == " " || first == "\t" { rest = rest.dropFirst() }
            let word = String(String.UnicodeScalarView(inside))
            let marker: Marker = word == " " ? .open : word == "x" ? .done : .keyword(word)
            return (marker, Substring(rest))
        }
    }
}
