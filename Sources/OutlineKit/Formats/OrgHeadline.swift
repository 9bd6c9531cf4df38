/// One org headline, `** KEYWORD [#A] title :tag1:tag2:`, read as org-mode reads it: the
/// keyword only when the file declares it, the priority right after it, the tags only where
/// white space stands before them, the spaces that align them not part of the title.
struct OrgHeadline {
    /// How many stars: the level.
    var level: Int
    /// The keyword, and whether it is a done one.
    var keyword: (word: String, isDone: Bool)?
    /// `[#A]`, `[#B]` or `[#C]`.
    var priority: Priority?
    /// The tags the outline can hold, each once.
    var tags: [String] = []
    /// The title, the writer's zero-width spaces taken out.
    var title: String
    /// What the headline held that was kept in the title or dropped, for the report.
    var notes: [ImportReport.Kind] = []

    /// A keyword the file declares that a workflow cannot hold (`todo`), kept as title text.
    static let keptKeyword = ImportReport.Kind.kept(
        "keyword outline cannot hold", "keywords outline cannot hold", "in titles")
    /// A priority other than A to C (org takes any letter with other settings), kept as text.
    static let keptPriority = ImportReport.Kind.kept(
        "priority other than A, B, C", "priorities other than A, B, C", "in titles")
    /// Org's `COMMENT` mark, which the outline has no flag for: it stays the title's first word.
    static let keptComment = ImportReport.Kind.kept("COMMENT mark", "COMMENT marks", "in titles")
    /// A tag with `#` or `%`, which org takes and the outline does not, kept at the title's end.
    static let keptTag = ImportReport.Kind.kept("tag with # or %", "tags with # or %", "in titles")
    /// A tag given twice on one headline (ignoring case), which the outline holds once.
    static let droppedTag = ImportReport.Kind.dropped("tag given twice", "tags given twice")

    /// The headline `line`, or nil when it is not one (stars, then a space).
    init?(_ line: Substring, keywords: OrgTodoKeywords) {
        let stars = line.unicodeScalars.prefix { $0 == "*" }
        guard !stars.isEmpty, stars.endIndex < line.unicodeScalars.endIndex, line.unicodeScalars[stars.endIndex] == " "
        else { return nil }
        level = stars.count
        var rest = Substring(line.unicodeScalars[stars.endIndex...]).droppingSpacesAndTabs
        // Words split at scalars, as org does: a mark after a space does not join them.
        let firstWord = Substring(rest.unicodeScalars.prefix { $0 != " " && $0 != "\t" })
        // org-element takes a keyword only with a space after it: `* TODO` alone is a headline
        // titled TODO, `* TODO ` one with the keyword and no title, and `* TODO<tab>x` no keyword.
        let spaceFollows = rest.unicodeScalars[firstWord.endIndex...].first == " "
        // What org reads between the stars and the title, after which tags cannot start the title.
        var hasLeadingMarks = false
        if spaceFollows, let isDone = keywords.isDone(firstWord) {
            keyword = (String(firstWord), isDone)
            hasLeadingMarks = true
            rest = Substring(rest.unicodeScalars[firstWord.endIndex...]).droppingSpacesAndTabs
        } else if spaceFollows, keywords.unholdable.contains(String(firstWord)) {
            notes.append(Self.keptKeyword)
            hasLeadingMarks = true
        }
        let scalars = Array(rest.unicodeScalars.prefix(4))
        if scalars.count == 4, scalars[0] == "[", scalars[1] == "#", scalars[3] == "]" {
            hasLeadingMarks = true
            if let value = Priority(rawValue: String(scalars[2])) {
                priority = value
                rest = rest.droppingASCII(4).droppingSpacesAndTabs
            } else {
                notes.append(Self.keptPriority)
            }
        }
        if rest.startsWith(ascii: "COMMENT"), rest.utf8.count == 7 || rest.droppingASCII(7).firstScalar == " " {
            notes.append(Self.keptComment)
        }
        var title = Self.trimmedAtEnd(rest)
        // With nothing before it, org reads a title that is only `:word:` as tags (`* :home:`).
        let tagGroup = Self.splitTags(title, groupMayStartText: !hasLeadingMarks)
        if let (before, _) = tagGroup { title = before }
        if title.firstScalar == OrgNoteText.breaker { title = Substring(title.unicodeScalars.dropFirst()) }
        if title.unicodeScalars.last == OrgNoteText.breaker { title = Substring(title.unicodeScalars.dropLast()) }
        if let (_, tagGroup) = tagGroup {
            var keys = Set<String>()
            var unheld: [String] = []
            for tag in tagGroup.unicodeScalars.split(separator: ":").map({ String(String.UnicodeScalarView($0)) }) {
                guard !tag.contains(where: { $0 == "#" || $0 == "%" }), let valid = try? Tag.validated(tag) else {
                    unheld.append(tag)
                    continue
                }
                if keys.insert(Tag.key(valid)).inserted { tags.append(valid) } else { notes.append(Self.droppedTag) }
            }
            if !unheld.isEmpty {
                // Kept where it was, as text: the writer protects a title that ends so.
                title = Substring(String(title) + " :" + unheld.joined(separator: ":") + ":")
                notes += Array(repeating: Self.keptTag, count: unheld.count)
            }
        }
        self.title = String(title)
    }

    /// `text` without the spaces and tabs at its end.
    private static func trimmedAtEnd(_ text: Substring) -> Substring {
        var end = text.unicodeScalars.endIndex
        while end > text.unicodeScalars.startIndex {
            let before = text.unicodeScalars.index(before: end)
            guard text.unicodeScalars[before] == " " || text.unicodeScalars[before] == "\t" else { break }
            end = before
        }
        return Substring(text.unicodeScalars[..<end])
    }

    /// The title before its tags and the tags between their outer colons (`a:b`), when
    /// `text` ends as org's tags do: white space (or, with `groupMayStartText`, the text's
    /// start), then `:word:word:`, words of org's tag characters (`isTagScalar`). Org also
    /// reads a group of colons alone (`:::`) as tags, none of them: only with `colonsOnly` is
    /// such a group split off.
    static func splitTags(_ text: Substring, groupMayStartText: Bool = false, colonsOnly: Bool = false)
        -> (title: Substring, tags: Substring)?
    {
        guard text.unicodeScalars.last == ":" else { return nil }
        let space = text.unicodeScalars.lastIndex(where: { $0 == " " || $0 == "\t" })
        guard space != nil || groupMayStartText else { return nil }
        let groupStart = space.map { text.unicodeScalars.index(after: $0) } ?? text.unicodeScalars.startIndex
        let group = Substring(text.unicodeScalars[groupStart...])
        guard group.unicodeScalars.count >= 3, group.first == ":",
            group.unicodeScalars.allSatisfy({ $0 == ":" || isTagScalar($0) }),
            colonsOnly || group.unicodeScalars.contains(where: { $0 != ":" })
        else { return nil }
        return (
            space.map { trimmedAtEnd(Substring(text.unicodeScalars[..<$0])) } ?? "",
            Substring(group.unicodeScalars.dropFirst().dropLast())
        )
    }

    /// Whether `scalar` may stand in a tag: `_@#%`, what Emacs's `[[:alnum:]]` matches (a
    /// letter, a mark, a letter number, a decimal digit), and what Unicode calls alphabetic,
    /// which the outline's tags take (`Ⓐ`, which org does not): reading a little more than org,
    /// and protecting every title org could read so.
    static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .letterNumber, .decimalNumber:
            return true
        default:
            return scalar.properties.isAlphabetic || scalar == "_" || scalar == "@" || scalar == "#" || scalar == "%"
        }
    }

    /// Whether org would read the end of `title` as tags, wherever it stands in a headline: with
    /// a keyword or a priority before it org-element reads `:home:` as the title, but org-mode's
    /// own tag commands (`org-get-tags`) still read it as tags.
    static func endsAsTags(_ title: String) -> Bool {
        // A title ends with the colon's scalar exactly when it ends with its byte: most do not,
        // and are told by one byte rather than by stepping back over scalars.
        title.utf8.last == UInt8(ascii: ":")
            && splitTags(Substring(title), groupMayStartText: true, colonsOnly: true) != nil
    }
}
